// SIMD traits for the portable path: a "register" is one complex amplitude, written in plain C++ so
// that it compiles for any x86-64 (or other) CPU. Used by kernels_portable.cpp only.
#pragma once

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
  struct Reg {
    T re, im;
  };
  static Reg load(const T* p) { return {p[0], p[1]}; }
  static void store(T* p, Reg v) {
    p[0] = v.re;
    p[1] = v.im;
  }
  static Reg zero() { return {T(0), T(0)}; }
  static Reg broadcast(T x) { return {x, x}; }
  static Reg add(Reg a, Reg b) { return {a.re + b.re, a.im + b.im}; }
  static Reg fma(Reg a, Reg b, Reg c) { return {a.re * b.re + c.re, a.im * b.im + c.im}; }
  static Reg mul(Reg a, Reg b) { return {a.re * b.re, a.im * b.im}; }
  // (re, im) -> (-im, re): multiplying by i, so that c*v = Re(c) v + Im(c) (i v).
  static Reg times_i(Reg v) { return {-v.im, v.re}; }
  // (re, re) and (im, im): the adjoint method's conj(a) * b products (segment_pass_kernel.hpp).
  static Reg real_dup(Reg v) { return {v.re, v.re}; }
  static Reg imag_dup(Reg v) { return {v.im, v.im}; }
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
