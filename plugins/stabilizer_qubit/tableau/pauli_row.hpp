// Views of one Pauli row: a sign and, per block of 64 qubits, an x word and a z word stored next to
// each other (words[2b] = x bits, words[2b + 1] = z bits), so that a gate on one qubit touches one
// cache line per row. The Pauli on qubit q is X^x Z^z with (x, z) = (1, 1) read as Y (Aaronson and
// Gottesman's convention), and the row is (-1)^sign times the tensor product.
#pragma once

#include "tableau/bit_words.hpp"

#include <cstddef>
#include <cstdint>

namespace qrt::stab {

struct PauliCRef {
  const Word* words;
  const std::uint8_t* sign;
  std::size_t blocks;  // 64-qubit blocks in use

  bool x(std::size_t q) const { return (words[2 * word_of(q)] >> shift_of(q)) & 1u; }
  bool z(std::size_t q) const { return (words[2 * word_of(q) + 1] >> shift_of(q)) & 1u; }
};

struct PauliRef {
  Word* words;
  std::uint8_t* sign;
  std::size_t blocks;

  operator PauliCRef() const { return {words, sign, blocks}; }
  bool x(std::size_t q) const { return (words[2 * word_of(q)] >> shift_of(q)) & 1u; }
  bool z(std::size_t q) const { return (words[2 * word_of(q) + 1] >> shift_of(q)) & 1u; }
  void set(std::size_t q, bool x_bit, bool z_bit) const {
    Word* block = words + 2 * word_of(q);
    const Word mask = bit_of(q);
    block[0] = (block[0] & ~mask) | (x_bit ? mask : Word{0});
    block[1] = (block[1] & ~mask) | (z_bit ? mask : Word{0});
  }
  void clear() const;  // the identity with sign +
  void copy_from(PauliCRef source) const;
};

// target <- target * source (Aaronson-Gottesman "rowsum"), with the sign of the product. Both must have
// the same number of blocks and commute (every product a tableau forms does); an anticommuting pair
// would give a non-Hermitian product and throws std::logic_error.
void multiply_into(PauliRef target, PauliCRef source);

bool commutes(PauliCRef a, PauliCRef b);

// Same Pauli operator, signs ignored.
bool same_operator(PauliCRef a, PauliCRef b);

// No X or Y factor anywhere (a product of Z and identity).
bool is_z_type(PauliCRef p);

}  // namespace qrt::stab
