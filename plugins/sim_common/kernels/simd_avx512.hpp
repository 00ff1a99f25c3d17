// SIMD traits for AVX-512F: a register holds 4 complex amplitudes (8 doubles). Unaligned loads
// and stores: as fast as aligned ones on aligned data, and callers may pass 16-byte aligned arrays.
// Used by kernels_avx512.cpp only, which is compiled with -mavx512f -mfma -mpopcnt.
#pragma once

#include <immintrin.h>

#include <cstdint>

namespace qrt::sv::kernels {
namespace {

struct Avx512Simd {
  static constexpr unsigned lanes_log2 = 2;
  static constexpr unsigned doubles = 8;
  // Per-lane dense coefficients a kernel may hold in registers (32 vector registers: up to 16 coefficients stay in registers beside inputs and accumulators).
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
  template <unsigned X>
  static Reg permute(Reg v) {
    static_assert(X < 4);
    if constexpr (X == 0) return v;
    else if constexpr (X == 1) return _mm512_mask_permutex_pd(v, kAll, v, _MM_SHUFFLE(1, 0, 3, 2));
    else if constexpr (X == 2) return _mm512_mask_shuffle_f64x2(v, kAll, v, v, _MM_SHUFFLE(1, 0, 3, 2));
    else return _mm512_mask_shuffle_f64x2(v, kAll, v, v, _MM_SHUFFLE(0, 1, 2, 3));
  }
};

}  // namespace
}  // namespace qrt::sv::kernels
