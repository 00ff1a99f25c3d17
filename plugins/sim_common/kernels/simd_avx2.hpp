// SIMD traits for AVX2 + FMA: a 256-bit register holds 2 complex128 or 4 complex64 amplitudes. Unaligned loads
// and stores: as fast as aligned ones on aligned data, and callers may pass 16-byte aligned arrays.
// Used by kernels_avx2.cpp only, which is compiled with -mavx2 -mfma -mpopcnt.
#pragma once

#include "kernels/lane_shuffle.hpp"

#include <immintrin.h>

namespace qrt::sv::kernels {
namespace {

struct Avx2Simd {
  using Scalar = double;
  static constexpr unsigned lanes_log2 = 1;
  static constexpr unsigned scalars = 4;
  // Per-lane dense coefficients a kernel may hold in registers (16 vector registers: only the smallest kernels keep
  // their coefficients in registers).
  static constexpr unsigned held_coefficient_registers = 4;
  using Reg = __m256d;
  static Reg load(const double* p) { return _mm256_loadu_pd(p); }
  static void store(double* p, Reg v) { _mm256_storeu_pd(p, v); }
  static Reg zero() { return _mm256_setzero_pd(); }
  static Reg broadcast(double x) { return _mm256_set1_pd(x); }
  static Reg add(Reg a, Reg b) { return _mm256_add_pd(a, b); }
  static Reg fma(Reg a, Reg b, Reg c) { return _mm256_fmadd_pd(a, b, c); }
  static Reg mul(Reg a, Reg b) { return _mm256_mul_pd(a, b); }
  static Reg times_i(Reg v) {
    const Reg swapped = _mm256_permute_pd(v, 0b0101);  // (im, re) per amplitude
    return _mm256_xor_pd(swapped, _mm256_setr_pd(-0.0, 0.0, -0.0, 0.0));
  }
  // (re, re) and (im, im) per amplitude: the adjoint method's conj(a) * b products (segment_pass_kernel.hpp).
  static Reg real_dup(Reg v) { return duplicate_part<0>(v); }
  static Reg imag_dup(Reg v) { return duplicate_part<1>(v); }
  template <unsigned X>
  static Reg permute(Reg v) {
    static_assert(X < 2);
    if constexpr (X == 0) return v;
    else return _mm256_permute2f128_pd(v, v, 0x01);  // swap the two amplitudes
  }
};

// complex64: four amplitudes in a 256-bit register, the full width (a lane qubit more than
// Avx2Simd): the fused dense kernels are arithmetic-bound, and half-width registers made single
// precision no faster than double there. Lane shuffles: lane_shuffle.hpp.
struct Avx2SimdF32 {
  using Scalar = float;
  static constexpr unsigned lanes_log2 = 2;
  static constexpr unsigned scalars = 8;
  static constexpr unsigned held_coefficient_registers = 4;
  using Reg = __m256;
  static Reg load(const float* p) { return _mm256_loadu_ps(p); }
  static void store(float* p, Reg v) { _mm256_storeu_ps(p, v); }
  static Reg zero() { return _mm256_setzero_ps(); }
  static Reg broadcast(float x) { return _mm256_set1_ps(x); }
  static Reg add(Reg a, Reg b) { return _mm256_add_ps(a, b); }
  static Reg fma(Reg a, Reg b, Reg c) { return _mm256_fmadd_ps(a, b, c); }
  static Reg mul(Reg a, Reg b) { return _mm256_mul_ps(a, b); }
  static Reg times_i(Reg v) { return kernels::times_i(v); }
  // (re, re) and (im, im) per amplitude: the adjoint method's conj(a) * b products (segment_pass_kernel.hpp).
  static Reg real_dup(Reg v) { return duplicate_part<0>(v); }
  static Reg imag_dup(Reg v) { return duplicate_part<1>(v); }
  template <unsigned X>
  static Reg permute(Reg v) {
    static_assert(X < 4);
    return xor_lanes<X>(v);
  }
};

}  // namespace
}  // namespace qrt::sv::kernels
