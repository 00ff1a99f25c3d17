// SIMD traits for AVX-512F: a 512-bit register holds 4 complex128 or 8 complex64 amplitudes. Unaligned loads
// and stores: as fast as aligned ones on aligned data, and callers may pass 16-byte aligned arrays.
// Used by kernels_avx512.cpp only, which is compiled with -mavx512f -mfma -mpopcnt.
#pragma once

#include "kernels/lane_shuffle.hpp"

#include <immintrin.h>

#include <cstdint>

namespace qrt::sv::kernels {
namespace {

struct Avx512Simd {
  using Scalar = double;
  static constexpr unsigned lanes_log2 = 2;
  static constexpr unsigned scalars = 8;
  // Per-lane dense coefficients a kernel may hold in registers (32 vector registers: up to 16 coefficients stay in
  // registers beside inputs and accumulators).
  static constexpr unsigned held_coefficient_registers = 16;
  using Reg = __m512d;
  static Reg load(const double* p) { return _mm512_loadu_pd(p); }
  static void store(double* p, Reg v) { _mm512_storeu_pd(p, v); }
  static Reg zero() { return _mm512_setzero_pd(); }
  static Reg broadcast(double x) { return _mm512_set1_pd(x); }
  static Reg add(Reg a, Reg b) { return _mm512_add_pd(a, b); }
  static Reg fma(Reg a, Reg b, Reg c) { return _mm512_fmadd_pd(a, b, c); }
  static Reg mul(Reg a, Reg b) { return _mm512_mul_pd(a, b); }
  // GCC 12's unmasked permute intrinsics trip -Wuninitialized (_mm512_undefined_pd); the masked
  // forms with a full mask are the same instructions.
  static constexpr __mmask8 kAll = 0xFF;

  static Reg times_i(Reg v) {
    const __m512i negate_re = _mm512_set_epi64(0, INT64_MIN, 0, INT64_MIN, 0, INT64_MIN, 0, INT64_MIN);
    const Reg swapped = _mm512_mask_permute_pd(v, kAll, v, 0x55);  // (im, re) per amplitude
    return _mm512_castsi512_pd(_mm512_xor_si512(_mm512_castpd_si512(swapped), negate_re));
  }
  // Lane l of the result is lane l ^ X of v.
  // (re, re) and (im, im) per amplitude: the adjoint method's conj(a) * b products (segment_pass_kernel.hpp).
  static Reg real_dup(Reg v) { return duplicate_part<0>(v); }
  static Reg imag_dup(Reg v) { return duplicate_part<1>(v); }
  template <unsigned X>
  static Reg permute(Reg v) {
    static_assert(X < 4);
    if constexpr (X == 0) return v;
    else if constexpr (X == 1) return _mm512_mask_permutex_pd(v, kAll, v, _MM_SHUFFLE(1, 0, 3, 2));
    else if constexpr (X == 2) return _mm512_mask_shuffle_f64x2(v, kAll, v, v, _MM_SHUFFLE(1, 0, 3, 2));
    else return _mm512_mask_shuffle_f64x2(v, kAll, v, v, _MM_SHUFFLE(0, 1, 2, 3));
  }
};

// complex64: eight amplitudes in a 512-bit register, the full width (a lane qubit more than
// Avx512Simd). Lane shuffles: lane_shuffle.hpp (vpermilps, vshuff32x4 or one vpermps).
struct Avx512SimdF32 {
  using Scalar = float;
  static constexpr unsigned lanes_log2 = 3;
  static constexpr unsigned scalars = 16;
  static constexpr unsigned held_coefficient_registers = 16;
  using Reg = __m512;
  static Reg load(const float* p) { return _mm512_loadu_ps(p); }
  static void store(float* p, Reg v) { _mm512_storeu_ps(p, v); }
  static Reg zero() { return _mm512_setzero_ps(); }
  static Reg broadcast(float x) { return _mm512_set1_ps(x); }
  static Reg add(Reg a, Reg b) { return _mm512_add_ps(a, b); }
  static Reg fma(Reg a, Reg b, Reg c) { return _mm512_fmadd_ps(a, b, c); }
  static Reg mul(Reg a, Reg b) { return _mm512_mul_ps(a, b); }
  static Reg times_i(Reg v) { return kernels::times_i(v); }
  // (re, re) and (im, im) per amplitude: the adjoint method's conj(a) * b products (segment_pass_kernel.hpp).
  static Reg real_dup(Reg v) { return duplicate_part<0>(v); }
  static Reg imag_dup(Reg v) { return duplicate_part<1>(v); }
  template <unsigned X>
  static Reg permute(Reg v) {
    static_assert(X < 8);
    return xor_lanes<X>(v);
  }
};

}  // namespace
}  // namespace qrt::sv::kernels
