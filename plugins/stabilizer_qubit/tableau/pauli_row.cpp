#include "tableau/pauli_row.hpp"

#include <algorithm>
#include <bit>
#include <stdexcept>

namespace qrt::stab {

void PauliRef::clear() const {
  std::fill(words, words + 2 * blocks, Word{0});
  *sign = 0;
}

void PauliRef::copy_from(PauliCRef source) const {
  std::copy(source.words, source.words + 2 * blocks, words);
  *sign = *source.sign;
}

void multiply_into(PauliRef target, PauliCRef source) {
  // Per qubit, P1 * P2 = i^g P3 with g = 0 unless P1 and P2 are distinct non-identity Paulis, and then
  // g = +1 for XY, YZ, ZX and g = -1 for the reverse orders. The sum of g mod 4 is kept in two bit
  // planes (low, high) of 64 independent 2-bit counters, so the loop is a few logic ops per word and
  // one popcount per plane at the end.
  Word low = 0, high = 0;
  Word* t = target.words;
  const Word* s = source.words;
  for (std::size_t w = 0; w < 2 * target.blocks; w += 2) {
    const Word x1 = t[w], z1 = t[w + 1], x2 = s[w], z2 = s[w + 1];
    const Word anticommute = (x1 & z2) ^ (z1 & x2);
    // Where the factors anticommute, this is 1 exactly for the orders with g = -1 (YX, ZY, XZ).
    const Word reversed = x1 ^ x2 ^ z1 ^ z2 ^ (x1 & z2);
    high ^= (low ^ reversed) & anticommute;  // carry of +1, plus +2 more for g = -1 = 3 mod 4
    low ^= anticommute;
    t[w] = x1 ^ x2;
    t[w + 1] = z1 ^ z2;
  }
  const unsigned power =
      (static_cast<unsigned>(std::popcount(low)) + 2u * static_cast<unsigned>(std::popcount(high))) & 3u;
  if (power & 1u) throw std::logic_error("stabilizer tableau: product of anticommuting Pauli rows");
  *target.sign = static_cast<std::uint8_t>(*target.sign ^ *source.sign ^ (power >> 1));
}

bool commutes(PauliCRef a, PauliCRef b) {
  Word parity = 0;
  for (std::size_t w = 0; w < 2 * a.blocks; w += 2)
    parity ^= (a.words[w] & b.words[w + 1]) ^ (a.words[w + 1] & b.words[w]);
  return (std::popcount(parity) & 1) == 0;
}

bool same_operator(PauliCRef a, PauliCRef b) { return std::equal(a.words, a.words + 2 * a.blocks, b.words); }

bool is_z_type(PauliCRef p) {
  for (std::size_t w = 0; w < 2 * p.blocks; w += 2)
    if (p.words[w]) return false;
  return true;
}

}  // namespace qrt::stab
