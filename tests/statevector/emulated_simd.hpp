// SIMD traits over GCC's generic vectors, for tests: a register of 2^LanesLog2 complex amplitudes of
// any width, whatever this CPU executes. Kernel tables built from them run the kernels' index and
// coefficient logic for register widths the machine lacks (8-lane complex64 = AVX-512), so that
// logic is checked on every CI machine; the per-level intrinsics are one line each on top.
#pragma once

// Vectors wider than this build's SIMD flags, passed by value: GCC notes an ABI difference, which does
// not matter for inline functions that never cross a library boundary.
#pragma GCC diagnostic ignored "-Wpsabi"

#include "kernels/kernel_templates.hpp"
#include "kernels/lane_shuffle.hpp"

#include <cstring>

namespace sv_test {

template <class T, unsigned LanesLog2>
struct EmulatedSimd {
  using Scalar = T;
  static constexpr unsigned lanes_log2 = LanesLog2;
  static constexpr unsigned scalars = 2u << LanesLog2;
  static constexpr unsigned held_coefficient_registers = 16;
  using Reg [[gnu::vector_size(scalars * sizeof(T))]] = T;
  static Reg load(const T* p) {
    Reg v;
    std::memcpy(&v, p, sizeof v);
    return v;
  }
  static void store(T* p, Reg v) { std::memcpy(p, &v, sizeof v); }
  static Reg zero() { return Reg{}; }
  static Reg broadcast(T x) { return Reg{} + x; }
  static Reg add(Reg a, Reg b) { return a + b; }
  static Reg fma(Reg a, Reg b, Reg c) { return a * b + c; }
  static Reg mul(Reg a, Reg b) { return a * b; }
  static Reg times_i(Reg v) { return qrt::sv::kernels::times_i(v); }
  template <unsigned X>
  static Reg permute(Reg v) {
    return qrt::sv::kernels::xor_lanes<X>(v);
  }
};

}  // namespace sv_test
