// The lane shuffles of kernels/lane_shuffle.hpp on generic vectors of every width the kernels use,
// including the 16-float registers of AVX-512 complex64: the index arithmetic is the same whatever
// instructions the compiler picks, so this checks it on any CPU.

// Vectors wider than this build's SIMD flags, passed by value: GCC notes an ABI difference, which does
// not matter for inline functions that never cross a library boundary.
#pragma GCC diagnostic ignored "-Wpsabi"

#include "kernels/lane_shuffle.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <cstddef>
#include <utility>

namespace {

using qrt::sv::kernels::times_i;
using qrt::sv::kernels::xor_lanes;

template <class T, std::size_t N>
using Vector [[gnu::vector_size(N * sizeof(T))]] = T;

// Scalar i holds i + 1 (so that no value is zero and signs are visible).
template <class V, std::size_t N>
V counting() {
  V v{};
  for (std::size_t i = 0; i < N; ++i) v[i] = static_cast<decltype(v[0] + 0)>(i + 1);
  return v;
}

template <class T, std::size_t N, unsigned X>
void check_xor_lanes() {
  using V = Vector<T, N>;
  const V v = counting<V, N>();
  const V w = xor_lanes<X>(v);
  for (std::size_t lane = 0; lane < N / 2; ++lane) {
    INFO("scalars " << N << ", X = " << X << ", lane " << lane);
    CHECK(w[2 * lane] == v[2 * (lane ^ X)]);
    CHECK(w[2 * lane + 1] == v[2 * (lane ^ X) + 1]);
  }
}

template <class T, std::size_t N, unsigned... X>
void check_every_permutation(std::integer_sequence<unsigned, X...>) {
  (check_xor_lanes<T, N, X>(), ...);
}

template <class T, std::size_t N>
void check_times_i() {
  using V = Vector<T, N>;
  const V v = counting<V, N>();
  const V w = times_i(v);
  for (std::size_t lane = 0; lane < N / 2; ++lane) {
    INFO("scalars " << N << ", lane " << lane);
    CHECK(w[2 * lane] == -v[2 * lane + 1]);  // i (a + bi) = -b + ai
    CHECK(w[2 * lane + 1] == v[2 * lane]);
  }
  // Exact sign flips: zeros keep their value, -0.0 becomes +0.0 in the real part.
  V zeros{};
  zeros[1] = T(-0.0);
  const V z = times_i(zeros);
  CHECK_FALSE(std::signbit(z[0]));
  CHECK(std::signbit(z[2]));  // -(+0.0)
}

}  // namespace

TEST_CASE("lane shuffles move whole (re, im) pairs: lane l takes lane l ^ X", "[kernels][simd]") {
  check_every_permutation<float, 4>(std::make_integer_sequence<unsigned, 2>{});
  check_every_permutation<float, 8>(std::make_integer_sequence<unsigned, 4>{});   // AVX2 complex64
  check_every_permutation<float, 16>(std::make_integer_sequence<unsigned, 8>{});  // AVX-512 complex64
  check_every_permutation<double, 4>(std::make_integer_sequence<unsigned, 2>{});
  check_every_permutation<double, 8>(std::make_integer_sequence<unsigned, 4>{});
}

TEST_CASE("times_i multiplies every lane by i exactly", "[kernels][simd]") {
  check_times_i<float, 8>();
  check_times_i<float, 16>();
  check_times_i<double, 4>();
  check_times_i<double, 8>();
}
