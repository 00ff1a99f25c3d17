// SIMD traits for the portable path: a "register" is one complex amplitude, held in a two-scalar GCC
// vector (re, im). No target flags: the compiler lowers it to whatever the CPU has (SSE2 on any x86-64),
// so it runs anywhere. Used by kernels_portable.cpp only.
// Why a vector type and not a struct {re, im}: the arithmetic is the same, element by element (the
// results are bit-identical), but on a struct GCC 12's SLP vectoriser had to rediscover the pairs in
// the fully unrolled 5-target dense kernels (2 x 32 x 32 complex products in one basic block): that
// one file took 125 s of the Release build (4 GB of memory); as a vector it takes 8 s and is no slower.
#pragma once

#include "kernels/lane_shuffle.hpp"

namespace qrt::sv::kernels {
namespace {

// T = double or float: one portable register type per amplitude scalar.
template <class T>
struct PortableSimdOf {
  using Scalar = T;
  static constexpr unsigned lanes_log2 = 0;
  static constexpr unsigned scalars = 2;  // scalars per register
  // Per-lane dense coefficients a kernel may hold in registers (one-lane registers never need per-lane coefficients).
  static constexpr unsigned held_coefficient_registers = 0;
  using Reg [[gnu::vector_size(2 * sizeof(T))]] = T;  // (re, im)
  static Reg load(const T* p) { return Reg{p[0], p[1]}; }
  static void store(T* p, Reg v) {
    p[0] = v[0];
    p[1] = v[1];
  }
  static Reg zero() { return Reg{T(0), T(0)}; }
  static Reg broadcast(T x) { return Reg{x, x}; }
  static Reg add(Reg a, Reg b) { return a + b; }
  static Reg fma(Reg a, Reg b, Reg c) { return a * b + c; }
  static Reg mul(Reg a, Reg b) { return a * b; }
  // (re, im) -> (-im, re): multiplying by i, so that c*v = Re(c) v + Im(c) (i v).
  static Reg times_i(Reg v) { return kernels::times_i(v); }
  // (re, re) and (im, im): the adjoint method's conj(a) * b products (segment_pass_kernel.hpp).
  static Reg real_dup(Reg v) { return duplicate_part<0>(v); }
  static Reg imag_dup(Reg v) { return duplicate_part<1>(v); }
  // Register lanes permuted by lane ^ X; a one-lane register has only X = 0.
  template <unsigned X>
  static Reg permute(Reg v) {
    static_assert(X == 0, "the portable register has a single lane");
    return v;
  }
};
using PortableSimd = PortableSimdOf<double>;
using PortableSimdF32 = PortableSimdOf<float>;

}  // namespace
}  // namespace qrt::sv::kernels
