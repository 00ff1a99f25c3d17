// Bit tricks on amplitude indices (qubit k = bit k of the index). Internal helpers shared by the
// measurement and observable kernels.
#pragma once

#include <complex>
#include <cstddef>
#include <cstdint>
#include <span>

namespace qrt::sv::bits {

using Index = std::uint64_t;

constexpr Index bit(std::size_t qubit) { return Index{1} << qubit; }

// |a|^2 in double, whatever the amplitude's precision: sums of norms always accumulate in double.
template <class T>
inline double norm2(const std::complex<T>& a) {
  const double re = a.real(), im = a.imag();
  return re * re + im * im;
}

// Mask of the `count` lowest bits.
constexpr Index low_mask(std::size_t count) { return count >= 64 ? ~Index{0} : bit(count) - 1; }

// Mask with the bit of every listed qubit set.
constexpr Index mask_of(std::span<const std::size_t> qubits) {
  Index mask = 0;
  for (std::size_t q : qubits) mask |= bit(q);
  return mask;
}

// Spreads the low bits of `value` onto the set bits of `mask`, lowest first (BMI2's pdep, portably).
constexpr Index deposit(Index value, Index mask) {
  Index result = 0;
  for (Index rest = mask; rest != 0; rest &= rest - 1, value >>= 1) {
    if (value & 1) result |= rest & (~rest + 1);
  }
  return result;
}

// The `width` low bits of `value` in reverse order.
constexpr Index reverse(Index value, std::size_t width) {
  Index result = 0;
  for (std::size_t b = 0; b < width; ++b, value >>= 1) result = (result << 1) | (value & 1);
  return result;
}

// The submask of `mask` that follows `current` in increasing numeric order; wraps to 0 after `mask`.
// Enumerating indices this way visits them in memory order without per-index bit loops.
constexpr Index next_submask(Index current, Index mask) { return ((current | ~mask) + 1) & mask; }

// Parity of the set bits. Folding keeps this branch-free without requiring the POPCNT instruction.
constexpr bool parity(Index x) {
  x ^= x >> 32;
  x ^= x >> 16;
  x ^= x >> 8;
  x ^= x >> 4;
  return (0x6996u >> (x & 0xfu)) & 1u;
}

// Index formed from the bits of `index` at `qubits`, qubits[0] giving the most significant bit.
// This is the PennyLane ordering used for every qubit list at the boundary.
constexpr Index gather(Index index, std::span<const std::size_t> qubits) {
  Index result = 0;
  for (std::size_t q : qubits) result = (result << 1) | ((index >> q) & 1);
  return result;
}

// Inverse of gather(): places bit (k-1-j) of `value` at qubits[j].
constexpr Index scatter(Index value, std::span<const std::size_t> qubits) {
  Index result = 0;
  const std::size_t k = qubits.size();
  for (std::size_t j = 0; j < k; ++j) result |= ((value >> (k - 1 - j)) & 1) << qubits[j];
  return result;
}

}  // namespace qrt::sv::bits
