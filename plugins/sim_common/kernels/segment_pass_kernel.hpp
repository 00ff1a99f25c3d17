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
  KernelArgs<T> dense;             // ψ as `amps`, the unitary's coefficients and group layout (dense_kernel)
  T* lambda = nullptr;             // λ: the same layout as ψ
  std::uint64_t chunk_groups = 1;  // groups per chunk (a power of two; independent of threads)
};

// Runs chunks [chunk_begin, chunk_end) on the calling thread and adds each chunk's lane-wise sums to
// `sums`, chunk by chunk in order: 2^KH x (2^KH * X) registers (register hl * C + c: conj(λ register hl)
// times ψ input c of dense_kernel's numbering), each S::scalars doubles. The caller spreads chunks over
// threads, and may run several segments' kernels chunk by chunk while a chunk stays in cache.
template <class T>
using SegmentPassFn = void (*)(const SegmentPassArgs<T>&, std::uint64_t chunk_begin, std::uint64_t chunk_end,
                               double* sums);

template <class T>
struct SegmentKernelTable {
  unsigned lanes_log2;
  // [high targets][lane-target mask]; null where high + lane targets is 0 or above kMaxSegmentPassTargets.
  SegmentPassFn<T> pass[kMaxSegmentPassTargets + 1][1u << kMaxLaneQubits];
  // Two register-selecting targets and a unitary that only couples registers (0, 1) and (2, 3) of
  // dense.offsets (two 2 x 2 blocks, the order two_pairs_kernel uses): half the products of the dense
  // form. Its sums are, for the four members k, λ_k ⊙ ψ_k, λ_k ⊙ iψ_k, λ_k ⊙ ψ_(k ^ 1), λ_k ⊙ iψ_(k ^ 1)
  // (slot-wise products; conj(λ) ψ = (slot sum of the first, -slot sum of the second) lane by lane): the
  // entries of the transition matrix that the pairs' generators read.
  SegmentPassFn<T> pair_pass;
};

namespace {

// Runs `Body` (a struct holding copies of everything a group needs and its lane-wise sums) chunk by
// chunk. Each chunk works on its own local copy: a copy whose address never escapes lets the compiler
// keep pointers, offsets and sums in registers (register stores are may_alias, so anything reached
// through a reference would be reloaded after every store).
template <class S, class Body>
void run_chunks(const SegmentPassArgs<typename S::Scalar>& s, const Body& prototype, std::uint64_t chunk_begin,
                std::uint64_t chunk_end, double* out) {
  const KernelArgs<typename S::Scalar>& a = s.dense;
  for (std::uint64_t chunk = chunk_begin; chunk < chunk_end; ++chunk) {
    Body body(prototype);
    const std::uint64_t begin = chunk * s.chunk_groups;
    const std::uint64_t end = begin + s.chunk_groups < a.outer_count ? begin + s.chunk_groups : a.outer_count;
    visit_groups<false>(a, begin, end, body);
    for (unsigned k = 0; k < Body::kSums; ++k) {
      typename S::Scalar lanes[S::scalars];
      S::store(lanes, body.sums[k]);
      for (unsigned e = 0; e < S::scalars; ++e) out[k * S::scalars + e] += static_cast<double>(lanes[e]);
    }
  }
}

// The dense form: 2^KH registers per group, lane targets LM, as dense_kernel.
template <class S, unsigned KH, unsigned LM>
struct DenseSegmentBody {
  static constexpr unsigned H = 1u << KH;
  static constexpr unsigned X = 1u << popcount_const(LM);
  static constexpr unsigned C = H * X;
  static constexpr unsigned kSums = H * C;
  static constexpr bool PerLane = LM != 0;
  using Reg = typename S::Reg;
  using Scalar = typename S::Scalar;

  Scalar* psi;
  Scalar* lambda;
  const Scalar* coef;
  std::uint64_t offsets[H];
  Reg sums[kSums];

  // c * v for the unitary's coefficient k, as in dense_kernel (per lane when lane qubits are targets).
  QRT_SV_KERNEL_BODY void times_coefficient(std::size_t k, Reg v, Reg& acc_re, Reg& acc_im) const {
    if constexpr (PerLane) {
      acc_re = S::fma(S::load(coef + 2 * k * S::scalars), v, acc_re);
      acc_im = S::fma(S::load(coef + (2 * k + 1) * S::scalars), v, acc_im);
    } else {
      acc_re = S::fma(S::broadcast(coef[2 * k]), v, acc_re);
      acc_im = S::fma(S::broadcast(coef[2 * k + 1]), v, acc_im);
    }
  }

  QRT_SV_KERNEL_BODY void operator()(std::uint64_t r) {
    Reg psi_in[C], lambda_in[C], lambda_raw[H];
    QRT_SV_UNROLL(8)
    for (unsigned h = 0; h < H; ++h) {
      Scalar* const p = register_at<S>(psi, r + offsets[h]);
      Scalar* const l = register_at<S>(lambda, r + offsets[h]);
      prefetch_for_update<2 * H>(p);
      prefetch_for_update<2 * H>(l);
      const Reg vp = S::load(p), vl = S::load(l);
      lambda_raw[h] = vl;
      [&]<unsigned... I>(std::integer_sequence<unsigned, I...>) {
        ((psi_in[h * X + I] = S::template permute<nth_subset(LM, I)>(vp)), ...);
        ((lambda_in[h * X + I] = S::template permute<nth_subset(LM, I)>(vl)), ...);
      }
      (std::make_integer_sequence<unsigned, X>{});
    }
    // conj(λ) ψ lane by lane: Re λ · ψ + (-Im λ) · (i ψ) = (λr ψr + λi ψi, λr ψi - λi ψr).
    Reg lambda_re[H], lambda_minus_im[H];
    QRT_SV_UNROLL(8)
    for (unsigned hl = 0; hl < H; ++hl) {
      lambda_re[hl] = S::real_dup(lambda_raw[hl]);
      lambda_minus_im[hl] = S::mul(S::broadcast(Scalar(-1)), S::imag_dup(lambda_raw[hl]));
    }
    QRT_SV_UNROLL(8)
    for (unsigned c = 0; c < C; ++c) {
      const Reg i_psi = S::times_i(psi_in[c]);
      QRT_SV_UNROLL(8)
      for (unsigned hl = 0; hl < H; ++hl)
        sums[hl * C + c] = S::fma(lambda_minus_im[hl], i_psi, S::fma(lambda_re[hl], psi_in[c], sums[hl * C + c]));
    }
    QRT_SV_UNROLL(8)
    for (unsigned ho = 0; ho < H; ++ho) {
      Reg p_re = S::zero(), p_im = S::zero(), l_re = S::zero(), l_im = S::zero();
      QRT_SV_UNROLL(32)
      for (unsigned c = 0; c < C; ++c) {
        times_coefficient(ho * C + c, psi_in[c], p_re, p_im);
        times_coefficient(ho * C + c, lambda_in[c], l_re, l_im);
      }
      S::store(register_at<S>(psi, r + offsets[ho]), S::add(p_re, S::times_i(p_im)));
      S::store(register_at<S>(lambda, r + offsets[ho]), S::add(l_re, S::times_i(l_im)));
    }
  }
};

template <class S, unsigned KH, unsigned LM>
void segment_pass_kernel(const SegmentPassArgs<typename S::Scalar>& s, std::uint64_t chunk_begin,
                         std::uint64_t chunk_end, double* out) {
  using Body = DenseSegmentBody<S, KH, LM>;
  Body body{s.dense.amps, s.lambda, s.dense.coef, {}, {}};
  for (unsigned h = 0; h < Body::H; ++h) body.offsets[h] = s.dense.offsets[h];
  for (auto& sum : body.sums) sum = S::zero();
  run_chunks<S>(s, body, chunk_begin, chunk_end, out);
}

// The pair form (SegmentKernelTable::pair_pass): coefficients are 8 broadcast complex numbers, for
// member k the diagonal entry then the entry coupling it to k ^ 1.
template <class S>
struct PairSegmentBody {
  static constexpr unsigned kSums = 16;
  using Reg = typename S::Reg;
  using Scalar = typename S::Scalar;

  Scalar* psi;
  Scalar* lambda;
  const Scalar* coef;
  std::uint64_t offsets[4];
  Reg sums[kSums];

  QRT_SV_KERNEL_BODY void operator()(std::uint64_t r) {
    Reg p[4], l[4], ip[4], il[4];
    QRT_SV_UNROLL(4)
    for (unsigned k = 0; k < 4; ++k) {
      Scalar* const pp = register_at<S>(psi, r + offsets[k]);
      Scalar* const lp = register_at<S>(lambda, r + offsets[k]);
      prefetch_for_update<8>(pp);
      prefetch_for_update<8>(lp);
      p[k] = S::load(pp);
      l[k] = S::load(lp);
      ip[k] = S::times_i(p[k]);
      il[k] = S::times_i(l[k]);
    }
    // conj(λ) ψ without shuffling λ: λ ⊙ ψ holds (λr ψr, λi ψi) and λ ⊙ iψ holds (-λr ψi, λi ψr), so
    // Re = the sum of the first's two slots and Im = minus the second's (folded after the pass).
    QRT_SV_UNROLL(4)
    for (unsigned k = 0; k < 4; ++k) {
      sums[4 * k] = S::fma(l[k], p[k], sums[4 * k]);
      sums[4 * k + 1] = S::fma(l[k], ip[k], sums[4 * k + 1]);
      sums[4 * k + 2] = S::fma(l[k], p[k ^ 1u], sums[4 * k + 2]);
      sums[4 * k + 3] = S::fma(l[k], ip[k ^ 1u], sums[4 * k + 3]);
    }
    // c v = Re(c) v + Im(c) (i v), with i v formed once per input.
    QRT_SV_UNROLL(4)
    for (std::size_t k = 0; k < 4; ++k) {
      const Reg d_re = S::broadcast(coef[4 * k]), d_im = S::broadcast(coef[4 * k + 1]);
      const Reg o_re = S::broadcast(coef[4 * k + 2]), o_im = S::broadcast(coef[4 * k + 3]);
      const std::size_t m = k ^ 1u;
      S::store(register_at<S>(psi, r + offsets[k]),
               S::fma(o_im, ip[m], S::fma(o_re, p[m], S::fma(d_im, ip[k], S::mul(d_re, p[k])))));
      S::store(register_at<S>(lambda, r + offsets[k]),
               S::fma(o_im, il[m], S::fma(o_re, l[m], S::fma(d_im, il[k], S::mul(d_re, l[k])))));
    }
  }
};

template <class S>
void segment_pair_pass_kernel(const SegmentPassArgs<typename S::Scalar>& s, std::uint64_t chunk_begin,
                              std::uint64_t chunk_end, double* out) {
  using Body = PairSegmentBody<S>;
  Body body{s.dense.amps, s.lambda, s.dense.coef, {}, {}};
  for (unsigned k = 0; k < 4; ++k) body.offsets[k] = s.dense.offsets[k];
  for (auto& sum : body.sums) sum = S::zero();
  run_chunks<S>(s, body, chunk_begin, chunk_end, out);
}

template <class S, unsigned KH, unsigned LM>
constexpr SegmentPassFn<typename S::Scalar> segment_pass_entry() {
  constexpr unsigned targets = KH + popcount_const(LM);
  if constexpr (LM < (1u << S::lanes_log2) && targets >= 1 && targets <= kMaxSegmentPassTargets)
    return &segment_pass_kernel<S, KH, LM>;
  else return nullptr;
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
  }
  (std::make_integer_sequence<unsigned, kMaxSegmentPassTargets + 1>{});
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
