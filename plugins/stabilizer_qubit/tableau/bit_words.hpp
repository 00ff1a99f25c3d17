// Bit-packed GF(2) vectors: column c lives in word c / 64, bit c % 64.
#pragma once

#include <cstddef>
#include <cstdint>

namespace qrt::stab {

using Word = std::uint64_t;
inline constexpr std::size_t kWordBits = 64;

constexpr std::size_t words_for(std::size_t bits) { return (bits + kWordBits - 1) / kWordBits; }
constexpr std::size_t word_of(std::size_t column) { return column / kWordBits; }
constexpr unsigned shift_of(std::size_t column) { return static_cast<unsigned>(column % kWordBits); }
constexpr Word bit_of(std::size_t column) { return Word{1} << shift_of(column); }

constexpr bool test_bit(const Word* words, std::size_t column) {
  return (words[word_of(column)] >> shift_of(column)) & 1u;
}
constexpr void flip_bit(Word* words, std::size_t column) { words[word_of(column)] ^= bit_of(column); }
constexpr void assign_bit(Word* words, std::size_t column, bool value) {
  Word& w = words[word_of(column)];
  w = (w & ~bit_of(column)) | (Word{value} << shift_of(column));
}

}  // namespace qrt::stab
