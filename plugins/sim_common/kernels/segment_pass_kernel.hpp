// The adjoint method's segment pass as a SIMD kernel (dispatcher: segment_pass.hpp): one streaming pass
// over ψ and λ that adds the lane-wise products conj(λ) ψ (the reduced transition matrix before the
// lanes are folded) and applies one dense unitary on at most kMaxSegmentPassTargets qubits to both
// vectors. It replaces three passes (the transition matrix, then the unitary on each vector), and the
// backward sweep is bound by memory traffic and by this arithmetic, not by calls.
// Written once over the SIMD traits S (kernel_templates.hpp) and instantiated per level by
// segment_kernels_<level>.cpp; everything has internal linkage for the same reason as the gate kernels.
#pragma once

#include "kernels/kernel_templates.hpp"

#include <cstdint>
#include <utility>

namespace qrt::sv::kernels {

// Targets of the widest unitary the pass takes: 2 (a 4 x 4 matrix). The accumulators grow as the
// square of the dimension (16 registers for two register-selecting targets); 3 targets would need 64.
inline constexpr unsigned kMaxSegmentPassTargets = 2;

template <class T>
struct SegmentPassArgs {
  KernelArgs<T> dense;            // ψ as `amps`, the unitary's coefficients and group layout (dense_kernel)
  T* lambda = nullptr;            // λ: the same layout as ψ
  std::uint64_t chunk_groups = 1;  // groups per partial sum (a power of two; independent of threads)
  // Per chunk, 2^KH x (2^KH * X) registers of lane-wise sums (register hl * C + c: conj(λ register hl)
  // times ψ input c of dense_kernel's numbering), each stored as S::scalars doubles.
  double* partials = nullptr;
};

template <class T>
using SegmentPassFn = void (*)(const SegmentPassArgs<T>&);

template <class T>
struct SegmentKernelTable {
  unsigned lanes_log2;
  // [high targets][lane-target mask]; null where high + lane targets is 0 or above kMaxSegmentPassTargets.
  SegmentPassFn<T> pass[kMaxSegmentPassTargets + 1][1u << kMaxLaneQubits];
  // Two register-selecting targets and a unitary that only couples registers (0, 1) and (2, 3) of
  // dense.offsets (two 2 x 2 blocks, the order two_pairs_kernel uses): half the products of the dense
  // form. Its sums are conj(λ_k) ψ_k and conj(λ_k) ψ_(k ^ 1) for the four members k, in that order: the
  // entries of the transition matrix that the pairs' generators read.
  SegmentPassFn<T> pair_pass;
};

namespace {

template <class S, unsigned KH, unsigned LM>
void segment_pass_kernel(const SegmentPassArgs<typename S::Scalar>& s) {
  constexpr unsigned H = 1u << KH;
  constexpr unsigned X = 1u << popcount_const(LM);
  constexpr unsigned C = H * X;
  constexpr bool PerLane = LM != 0;
  using Reg = typename S::Reg;
  using Scalar = typename S::Scalar;
  const KernelArgs<Scalar>& a = s.dense;
  Scalar* const psi = a.amps;
  Scalar* const lambda = s.lambda;
  const Scalar* const coef = a.coef;
  struct Offsets {
    std::uint64_t of[H];
  } offsets;
  for (unsigned h = 0; h < H; ++h) offsets.of[h] = a.offsets[h];

  const std::uint64_t chunks = (a.outer_count + s.chunk_groups - 1) / s.chunk_groups;
  const auto run_chunk = [&](std::uint64_t chunk) {
    Reg sums[H * C];
    for (unsigned k = 0; k < H * C; ++k) sums[k] = S::zero();
    // c * v for the unitary's coefficient k, as in dense_kernel (per lane when lane qubits are targets).
    const auto times_coefficient = [&](unsigned k, Reg v, Reg& acc_re, Reg& acc_im) QRT_SV_KERNEL_BODY {
      if constexpr (PerLane) {
        acc_re = S::fma(S::load(coef + 2 * k * S::scalars), v, acc_re);
        acc_im = S::fma(S::load(coef + (2 * k + 1) * S::scalars), v, acc_im);
      } else {
        acc_re = S::fma(S::broadcast(coef[2 * k]), v, acc_re);
        acc_im = S::fma(S::broadcast(coef[2 * k + 1]), v, acc_im);
      }
    };
    auto body = [&](std::uint64_t r) QRT_SV_KERNEL_BODY {
      Reg psi_in[C], lambda_in[C], lambda_raw[H];
#pragma GCC unroll 8
      for (unsigned h = 0; h < H; ++h) {
        Scalar* const p = register_at<S>(psi, r + offsets.of[h]);
        Scalar* const l = register_at<S>(lambda, r + offsets.of[h]);
        prefetch_for_update<2 * H>(p);
        prefetch_for_update<2 * H>(l);
        const Reg vp = S::load(p), vl = S::load(l);
        lambda_raw[h] = vl;
        [&]<unsigned... I>(std::integer_sequence<unsigned, I...>) {
          ((psi_in[h * X + I] = S::template permute<nth_subset(LM, I)>(vp)), ...);
          ((lambda_in[h * X + I] = S::template permute<nth_subset(LM, I)>(vl)), ...);
        }(std::make_integer_sequence<unsigned, X>{});
      }
      // conj(λ) ψ lane by lane: Re λ · ψ + (-Im λ) · (i ψ) = (λr ψr + λi ψi, λr ψi - λi ψr).
#pragma GCC unroll 8
      for (unsigned c = 0; c < C; ++c) {
        const Reg i_psi = S::times_i(psi_in[c]);
#pragma GCC unroll 8
        for (unsigned hl = 0; hl < H; ++hl) {
          const Reg re = S::real_dup(lambda_raw[hl]);
          const Reg minus_im = S::mul(S::broadcast(Scalar(-1)), S::imag_dup(lambda_raw[hl]));
          sums[hl * C + c] = S::fma(minus_im, i_psi, S::fma(re, psi_in[c], sums[hl * C + c]));
        }
      }
#pragma GCC unroll 8
      for (unsigned ho = 0; ho < H; ++ho) {
        Reg p_re = S::zero(), p_im = S::zero(), l_re = S::zero(), l_im = S::zero();
#pragma GCC unroll 32
        for (unsigned c = 0; c < C; ++c) {
          times_coefficient(ho * C + c, psi_in[c], p_re, p_im);
          times_coefficient(ho * C + c, lambda_in[c], l_re, l_im);
        }
        S::store(register_at<S>(psi, r + offsets.of[ho]), S::add(p_re, S::times_i(p_im)));
        S::store(register_at<S>(lambda, r + offsets.of[ho]), S::add(l_re, S::times_i(l_im)));
      }
    };
    const std::uint64_t begin = chunk * s.chunk_groups;
    const std::uint64_t end = begin + s.chunk_groups < a.outer_count ? begin + s.chunk_groups : a.outer_count;
    visit_groups(a, begin, end, body);
    double* out = s.partials + chunk * (H * C * S::scalars);
    for (unsigned k = 0; k < H * C; ++k) {
      Scalar lanes[S::scalars];
      S::store(lanes, sums[k]);
      for (unsigned e = 0; e < S::scalars; ++e) out[k * S::scalars + e] = static_cast<double>(lanes[e]);
    }
  };
  if (a.threads <= 1) {
    for (std::uint64_t chunk = 0; chunk < chunks; ++chunk) run_chunk(chunk);
    return;
  }
  // Chunks, not threads, bound the partial sums: the result does not depend on the thread count.
#pragma omp parallel for schedule(static) num_threads(a.threads)
  for (std::uint64_t chunk = 0; chunk < chunks; ++chunk) run_chunk(chunk);
}

// The pair form (SegmentKernelTable::pair_pass): coefficients are 8 broadcast complex numbers, for
// member k the diagonal entry then the entry coupling it to k ^ 1.
template <class S>
void segment_pair_pass_kernel(const SegmentPassArgs<typename S::Scalar>& s) {
  using Reg = typename S::Reg;
  using Scalar = typename S::Scalar;
  const KernelArgs<Scalar>& a = s.dense;
  Scalar* const psi = a.amps;
  Scalar* const lambda = s.lambda;
  const Scalar* const coef = a.coef;
  struct Offsets {
    std::uint64_t of[4];
  } offsets;
  for (unsigned k = 0; k < 4; ++k) offsets.of[k] = a.offsets[k];

  const std::uint64_t chunks = (a.outer_count + s.chunk_groups - 1) / s.chunk_groups;
  const auto run_chunk = [&](std::uint64_t chunk) {
    Reg sums[8];
    for (unsigned k = 0; k < 8; ++k) sums[k] = S::zero();
    auto body = [&](std::uint64_t r) QRT_SV_KERNEL_BODY {
      Reg p[4], l[4];
#pragma GCC unroll 4
      for (unsigned k = 0; k < 4; ++k) {
        Scalar* const pp = register_at<S>(psi, r + offsets.of[k]);
        Scalar* const lp = register_at<S>(lambda, r + offsets.of[k]);
        prefetch_for_update<8>(pp);
        prefetch_for_update<8>(lp);
        p[k] = S::load(pp);
        l[k] = S::load(lp);
      }
#pragma GCC unroll 4
      for (unsigned k = 0; k < 4; ++k) {
        const Reg re = S::real_dup(l[k]);
        const Reg minus_im = S::mul(S::broadcast(Scalar(-1)), S::imag_dup(l[k]));
        const Reg own = p[k], partner = p[k ^ 1u];
        sums[2 * k] = S::fma(minus_im, S::times_i(own), S::fma(re, own, sums[2 * k]));
        sums[2 * k + 1] = S::fma(minus_im, S::times_i(partner), S::fma(re, partner, sums[2 * k + 1]));
      }
#pragma GCC unroll 4
      for (unsigned k = 0; k < 4; ++k) {
        const Reg d_re = S::broadcast(coef[4 * k]), d_im = S::broadcast(coef[4 * k + 1]);
        const Reg o_re = S::broadcast(coef[4 * k + 2]), o_im = S::broadcast(coef[4 * k + 3]);
        const Reg np_re = S::fma(o_re, p[k ^ 1u], S::mul(d_re, p[k]));
        const Reg np_im = S::fma(o_im, p[k ^ 1u], S::mul(d_im, p[k]));
        const Reg nl_re = S::fma(o_re, l[k ^ 1u], S::mul(d_re, l[k]));
        const Reg nl_im = S::fma(o_im, l[k ^ 1u], S::mul(d_im, l[k]));
        S::store(register_at<S>(psi, r + offsets.of[k]), S::add(np_re, S::times_i(np_im)));
        S::store(register_at<S>(lambda, r + offsets.of[k]), S::add(nl_re, S::times_i(nl_im)));
      }
    };
    const std::uint64_t begin = chunk * s.chunk_groups;
    const std::uint64_t end = begin + s.chunk_groups < a.outer_count ? begin + s.chunk_groups : a.outer_count;
    visit_groups(a, begin, end, body);
    double* out = s.partials + chunk * (8 * S::scalars);
    for (unsigned k = 0; k < 8; ++k) {
      Scalar lanes[S::scalars];
      S::store(lanes, sums[k]);
      for (unsigned e = 0; e < S::scalars; ++e) out[k * S::scalars + e] = static_cast<double>(lanes[e]);
    }
  };
  if (a.threads <= 1) {
    for (std::uint64_t chunk = 0; chunk < chunks; ++chunk) run_chunk(chunk);
    return;
  }
#pragma omp parallel for schedule(static) num_threads(a.threads)
  for (std::uint64_t chunk = 0; chunk < chunks; ++chunk) run_chunk(chunk);
}

template <class S, unsigned KH, unsigned LM>
constexpr SegmentPassFn<typename S::Scalar> segment_pass_entry() {
  constexpr unsigned targets = KH + popcount_const(LM);
  if constexpr (LM < (1u << S::lanes_log2) && targets >= 1 && targets <= kMaxSegmentPassTargets)
    return &segment_pass_kernel<S, KH, LM>;
  else
    return nullptr;
}

template <class S, unsigned KH, unsigned... LM>
constexpr void fill_segment_row(SegmentKernelTable<typename S::Scalar>& t, std::integer_sequence<unsigned, LM...>) {
  ((t.pass[KH][LM] = segment_pass_entry<S, KH, LM>()), ...);
}

template <class S>
constexpr SegmentKernelTable<typename S::Scalar> make_segment_kernel_table() {
  SegmentKernelTable<typename S::Scalar> t{};
  t.lanes_log2 = S::lanes_log2;
  [&]<unsigned... KH>(std::integer_sequence<unsigned, KH...>) {
    (fill_segment_row<S, KH>(t, std::make_integer_sequence<unsigned, 1u << kMaxLaneQubits>{}), ...);
  }(std::make_integer_sequence<unsigned, kMaxSegmentPassTargets + 1>{});
  t.pair_pass = &segment_pair_pass_kernel<S>;
  return t;
}

}  // namespace

extern const SegmentKernelTable<double> kPortableSegmentKernels;
extern const SegmentKernelTable<double> kAvx2SegmentKernels;
extern const SegmentKernelTable<double> kAvx512SegmentKernels;
extern const SegmentKernelTable<float> kPortableSegmentKernelsF32;
extern const SegmentKernelTable<float> kAvx2SegmentKernelsF32;
extern const SegmentKernelTable<float> kAvx512SegmentKernelsF32;

}  // namespace qrt::sv::kernels
