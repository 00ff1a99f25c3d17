// Lane permutations of a register of interleaved complex amplitudes (re, im, re, im, ...), written
// once with GCC's generic vector shuffles for every register width and element type. The complex64
// registers of the AVX2 (8 floats) and AVX-512 (16 floats) levels use them: the compiler picks the
// instructions for each width, and the index arithmetic is checked by a unit test that runs on any
// CPU (tests/statevector/test_lane_shuffle.cpp), including for widths this CPU cannot execute.
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <type_traits>
#include <utility>

namespace qrt::sv::kernels {
namespace {

// Scalars in a vector type.
template <class V>
inline constexpr std::size_t kVectorScalars = sizeof(V) / sizeof(V{}[0]);

template <unsigned X, class V, std::size_t... I>
inline V xor_lanes_impl(V v, std::index_sequence<I...>) {
  // Scalar I = component I % 2 of lane I / 2; it takes that component of lane (I / 2) ^ X.
  return __builtin_shufflevector(v, v, static_cast<int>(2 * ((I / 2) ^ X) + I % 2)...);
}

// Lane l of the result is lane l ^ X of v (a lane = one (re, im) pair).
template <unsigned X, class V>
inline V xor_lanes(V v) {
  static_assert(2 * X < kVectorScalars<V>, "lane index beyond the register");
  if constexpr (X == 0) return v;
  else return xor_lanes_impl<X>(v, std::make_index_sequence<kVectorScalars<V>>{});
}

template <class V, std::size_t... I>
inline V times_i_impl(V v, std::index_sequence<I...>) {
  using Bits = std::conditional_t<sizeof(V{}[0]) == 4, std::int32_t, std::int64_t>;
  using BitsVector [[gnu::vector_size(sizeof(V))]] = Bits;
  constexpr Bits kSign = std::numeric_limits<Bits>::min();
  const V swapped = __builtin_shufflevector(v, v, static_cast<int>(I ^ 1)...);  // (im, re) per lane
  const BitsVector negate_re = {(I % 2 == 0 ? kSign : Bits{0})...};
  return reinterpret_cast<V>(reinterpret_cast<BitsVector>(swapped) ^ negate_re);  // (-im, re)
}

// i * v, lane by lane: (re, im) -> (-im, re), exactly (a sign flip, no rounding).
template <class V>
inline V times_i(V v) {
  return times_i_impl(v, std::make_index_sequence<kVectorScalars<V>>{});
}

// Each lane's real (Part 0) or imaginary (Part 1) component in both of its slots: (re, re) or (im, im).
template <unsigned Part, class V, std::size_t... I>
inline V duplicate_part_impl(V v, std::index_sequence<I...>) {
  return __builtin_shufflevector(v, v, static_cast<int>((I & ~std::size_t{1}) | Part)...);
}

template <unsigned Part, class V>
inline V duplicate_part(V v) {
  static_assert(Part < 2);
  return duplicate_part_impl<Part>(v, std::make_index_sequence<kVectorScalars<V>>{});
}

}  // namespace
}  // namespace qrt::sv::kernels
