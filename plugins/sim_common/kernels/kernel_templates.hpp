// The kernels, written once over a SIMD traits type S and instantiated by kernels_<level>.cpp, each
// compiled with its own target flags. Everything here has internal linkage (anonymous namespace) and
// uses no out-of-line library code, so no function compiled for one level can be picked by the
// linker for another (the classic ODR trap of per-file -m flags).
//
// S provides: Scalar (double or float), Reg, lanes_log2, scalars (per register),
// load/store/zero/broadcast/add/fma/mul/times_i, permute<X>.
// Coefficient layouts are described in lane_coefficients.hpp.
#pragma once

#include "kernels/kernel_args.hpp"

#include <omp.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <utility>

// Kernel bodies are lambdas run once per register group; they must be inlined into the group loop
// (GCC otherwise keeps large unrolled bodies out of line and pays a call per register).
#define QRT_SV_KERNEL_BODY __attribute__((always_inline))

// The dense kernels' loops are fully unrolled (QRT_SV_UNROLL(n): `#pragma GCC unroll n`), except where
// QRT_KERNEL_NO_UNROLL is defined: the sanitizer builds (plugins/sim_common/CMakeLists.txt). Instrumented,
// the unrolled kernels cost minutes of compile time (kernels_avx512.cpp under ASan+UBSan at -O1: 71 s
// with only the kernels of up to 3 register-selecting targets; rolled, all of them: 12 s), and rolled
// they ran as fast there (every access is checked either way). Same loops, same arithmetic, same results.
#ifdef QRT_KERNEL_NO_UNROLL
#define QRT_SV_UNROLL(n) _Pragma("GCC unroll 1")
#else
#define QRT_SV_UNROLL_PRAGMA(text) _Pragma(#text)
#define QRT_SV_UNROLL(n) QRT_SV_UNROLL_PRAGMA(GCC unroll n)
#endif

namespace qrt::sv::kernels {
namespace {

template <class T>
inline std::uint64_t group_to_register(const KernelArgs<T>& a, std::uint64_t group) {
  std::uint64_t index = group;
  for (unsigned f = 0; f < a.num_fixed; ++f) {
    const std::uint64_t low = a.fixed_low_masks[f];
    index = ((index & ~low) << 1) | (index & low);
  }
  return index | a.fixed_values;
}

// Below this run length (log2) groups are visited by a masked increment rather than run by run.
// Targets or controls on the lowest register-selecting qubits make runs of 1 or 2 groups, and paying
// the fixed-bit insertion and the loop set-up that often made a complex 2x2 on the lowest one take
// 0.28 ns an amplitude against 0.145 on a higher qubit (bench_tile_kernels complex_2x2_q2, 2^15
// amplitudes, double, AVX-512); stepping, 0.165. Tiled runs, whose windows always hold those qubits,
// gained 4-15% (docs/devices.md, "Targets on the lowest register-selecting qubits").
inline constexpr unsigned kShortRunLog2 = 2;

// Calls body(first register of the group) for groups [begin, end). Groups inside one run map to
// consecutive registers, so the fixed-bit insertion is paid once per run, not per register.
// Unrolled: for kernels of one or two registers a group (phase, parity, two-level, real lane), whose
// loop overhead is a large part of a pass over a state in cache. Four groups an iteration, measured
// on 2^11 and 2^15 amplitudes (bench_tile_kernels, AVX-512, load below 0.6, best of 3): parity
// 0.45 -> 0.33 ns an amplitude, a phase on half the state 0.18 -> 0.12, a complex 2x2 0.305 -> 0.29,
// a real 2x2 on a lane qubit in single precision 0.15 -> 0.11. The larger kernels did not change, and
// unrolling them too cost a minute of compile time per SIMD level.
template <bool Unrolled, class T, class Body>
__attribute__((always_inline)) inline void visit_groups(const KernelArgs<T>& a, std::uint64_t begin, std::uint64_t end,
                                                        Body& body) {
  if (a.run_log2 < kShortRunLog2) {
    // Step from one group's register to the next: set the fixed bits, add one, clear them again.
    std::uint64_t fixed = 0, plain = begin;  // plain: the register index before fixed_values are OR-ed in
    for (unsigned f = 0; f < a.num_fixed; ++f) {
      const std::uint64_t low = a.fixed_low_masks[f];
      fixed |= low + 1;
      plain = ((plain & ~low) << 1) | (plain & low);
    }
    const std::uint64_t values = a.fixed_values;  // a local: the body's stores may alias `a`
    if constexpr (Unrolled) {
      QRT_SV_UNROLL(4)
      for (std::uint64_t group = begin; group < end; ++group, plain = ((plain | fixed) + 1) & ~fixed)
        body(plain | values);
    } else {
      for (std::uint64_t group = begin; group < end; ++group, plain = ((plain | fixed) + 1) & ~fixed)
        body(plain | values);
    }
    return;
  }
  const std::uint64_t run_mask = (std::uint64_t{1} << a.run_log2) - 1;
  std::uint64_t group = begin;
  while (group < end) {
    std::uint64_t run_end = (group | run_mask) + 1;
    if (run_end > end) run_end = end;
    const std::uint64_t first = group_to_register(a, group);
    const std::uint64_t count = run_end - group;
    if constexpr (Unrolled) {
      QRT_SV_UNROLL(4)
      for (std::uint64_t r = 0; r < count; ++r) body(first + r);
    } else {
      for (std::uint64_t r = 0; r < count; ++r) body(first + r);
    }
    group = run_end;
  }
}

// Static contiguous split over threads: each thread streams through its own part of the state.
// The dispatcher sets threads = 1 for states below the parallel threshold, which skips OpenMP.
// Each caller works on its own copy of the body: a copy whose address never escapes lets the
// compiler keep the captured coefficients in registers (__m512d may alias the amplitudes, so
// coefficients held in shared memory would be reloaded after every store).
template <bool Unrolled = false, class T, class Body>
inline void for_all_groups(const KernelArgs<T>& a, const Body& body) {
  if (a.threads <= 1) {
    Body local(body);
    visit_groups<Unrolled>(a, 0, a.outer_count, local);
    return;
  }
#pragma omp parallel num_threads(a.threads)
  {
    Body local(body);
    const std::uint64_t team = static_cast<std::uint64_t>(omp_get_num_threads());
    const std::uint64_t me = static_cast<std::uint64_t>(omp_get_thread_num());
    const std::uint64_t begin = a.outer_count / team * me + (me < a.outer_count % team ? me : a.outer_count % team);
    const std::uint64_t size = a.outer_count / team + (me < a.outer_count % team ? 1 : 0);
    visit_groups<Unrolled>(a, begin, begin + size, local);
  }
}

template <class S>
struct LaneCoefficient {  // c * v = Re(c) v + Im(c) (i v), with Re/Im given per lane
  typename S::Reg re, im;
  static LaneCoefficient load(const typename S::Scalar* p) { return {S::load(p), S::load(p + S::scalars)}; }
  typename S::Reg times(typename S::Reg v) const { return S::fma(re, v, S::mul(im, S::times_i(v))); }
  typename S::Reg times_add(typename S::Reg v, typename S::Reg acc) const {
    return S::fma(re, v, S::fma(im, S::times_i(v), acc));
  }
};

template <class S>
inline typename S::Scalar* register_at(typename S::Scalar* amps, std::uint64_t r) {
  return amps + (r << (S::lanes_log2 + 1));
}

// Every kernel streams through the registers it updates in increasing order. A prefetch-for-write
// of the line 4 KiB ahead of each stream keeps enough misses in flight for one core to reach the
// in-place bandwidth: without it the hardware prefetchers alone left the arithmetic kernels at
// ~0.75 of that loop (measured at n = 24 and 26, bench_statevector). Prefetches never fault, so
// running past the end of a stream is harmless.
// Kernels with 8 or more streams (dense kernels on 3+ register-selecting targets) prefetch 2 KiB ahead
// instead: the L1 set index repeats every 4 KiB, and the streams of targets at qubit 8 or above lie a
// multiple of 4 KiB apart, so 4 KiB ahead puts every stream's current and prefetched lines in one set;
// 16 lines overflow its 12 ways, and prefetched lines were evicted before use. Half the distance puts
// them in another set (dense 3-qubit unitaries at n = 24: 0.80-0.83 of the loop -> 0.89; 1 KiB and
// 3 KiB were slower).
// Distances are in bytes: the reasoning is about cache sets, whatever the element type.
inline constexpr std::size_t kPrefetchBytes = 4096;
inline constexpr std::size_t kManyStreams = 8;
inline constexpr std::size_t kManyStreamsPrefetchBytes = 2048;
template <unsigned Streams = 1, class Scalar>
QRT_SV_KERNEL_BODY inline void prefetch_for_update(const Scalar* p) {
  constexpr std::size_t distance = Streams >= kManyStreams ? kManyStreamsPrefetchBytes : kPrefetchBytes;
  __builtin_prefetch(reinterpret_cast<const char*>(p) + distance, 1, 3);
}

// Phase: every register of the control subspace times one (per-lane) coefficient.
template <class S>
void phase_kernel(const KernelArgs<typename S::Scalar>& a) {
  typename S::Scalar* const amps = a.amps;
  const auto c = LaneCoefficient<S>::load(a.coef);
  for_all_groups<true>(a, [=](std::uint64_t r) QRT_SV_KERNEL_BODY {
    typename S::Scalar* p = register_at<S>(amps, r);
    prefetch_for_update(p);
    S::store(p, c.times(S::load(p)));
  });
}

// Parity: the coefficient depends on the parity of the register-selecting target bits; lane target
// bits are folded into the two per-lane coefficients.
template <class S>
void parity_kernel(const KernelArgs<typename S::Scalar>& a) {
  typename S::Scalar* const amps = a.amps;
  const std::uint64_t parity_mask = a.parity_mask;
  const LaneCoefficient<S> c[2] = {LaneCoefficient<S>::load(a.coef), LaneCoefficient<S>::load(a.coef + 2 * S::scalars)};
  for_all_groups<true>(a, [=](std::uint64_t r) QRT_SV_KERNEL_BODY {
    typename S::Scalar* p = register_at<S>(amps, r);
    prefetch_for_update(p);
    const unsigned odd = static_cast<unsigned>(__builtin_popcountll(r & parity_mask)) & 1u;
    S::store(p, c[odd].times(S::load(p)));
  });
}

// Registers a (offset 0) and b (offset 1) of every group take new_a(va, vb) and new_b(va, vb).
template <class S, class NewA, class NewB>
QRT_SV_KERNEL_BODY inline void for_each_pair(const KernelArgs<typename S::Scalar>& a, NewA new_a, NewB new_b) {
  typename S::Scalar* const amps = a.amps;
  const std::uint64_t off_a = a.offsets[0], off_b = a.offsets[1];
  for_all_groups<true>(a, [=](std::uint64_t r) QRT_SV_KERNEL_BODY {
    typename S::Scalar* pa = register_at<S>(amps, r + off_a);
    typename S::Scalar* pb = register_at<S>(amps, r + off_b);
    prefetch_for_update(pa);
    prefetch_for_update(pb);
    const auto va = S::load(pa), vb = S::load(pb);
    S::store(pa, new_a(va, vb));
    S::store(pb, new_b(va, vb));
  });
}

// Two-level: registers a (offset 0) and b (offset 1) of each group mix by a 2x2 matrix. The target
// bits are register-selecting; controls on lane qubits are folded into per-lane coefficients.
template <class S, TwoLevelKernel K>
void two_level_kernel(const KernelArgs<typename S::Scalar>& a) {
  using Reg = typename S::Reg;
  if constexpr (K == TwoLevelKernel::Swap) {
    for_each_pair<S>(
        a, [](Reg, Reg vb) QRT_SV_KERNEL_BODY { return vb; }, [](Reg va, Reg) QRT_SV_KERNEL_BODY { return va; });
  } else if constexpr (K == TwoLevelKernel::PhasedSwap) {
    const auto m_ab = LaneCoefficient<S>::load(a.coef), m_ba = LaneCoefficient<S>::load(a.coef + 2 * S::scalars);
    for_each_pair<S>(
        a, [=](Reg, Reg vb) QRT_SV_KERNEL_BODY { return m_ab.times(vb); },
        [=](Reg va, Reg) QRT_SV_KERNEL_BODY { return m_ba.times(va); });
  } else if constexpr (K == TwoLevelKernel::Real) {
    // Only the real parts of the per-lane coefficients (their imaginary parts are zero).
    const auto m_aa = S::load(a.coef), m_ab = S::load(a.coef + 2 * S::scalars), m_ba = S::load(a.coef + 4 * S::scalars),
               m_bb = S::load(a.coef + 6 * S::scalars);
    for_each_pair<S>(
        a, [=](Reg va, Reg vb) QRT_SV_KERNEL_BODY { return S::fma(m_ab, vb, S::mul(m_aa, va)); },
        [=](Reg va, Reg vb) QRT_SV_KERNEL_BODY { return S::fma(m_bb, vb, S::mul(m_ba, va)); });
  } else {
    const auto m_aa = LaneCoefficient<S>::load(a.coef), m_ab = LaneCoefficient<S>::load(a.coef + 2 * S::scalars),
               m_ba = LaneCoefficient<S>::load(a.coef + 4 * S::scalars),
               m_bb = LaneCoefficient<S>::load(a.coef + 6 * S::scalars);
    for_each_pair<S>(
        a, [=](Reg va, Reg vb) QRT_SV_KERNEL_BODY { return m_ab.times_add(vb, m_aa.times(va)); },
        [=](Reg va, Reg vb) QRT_SV_KERNEL_BODY { return m_bb.times_add(vb, m_ba.times(va)); });
  }
}

// Real lane: a real 2x2 on lane qubit log2(X) of every register of the groups (see KernelTable::real_lane).
template <class S, unsigned X>
void real_lane_kernel(const KernelArgs<typename S::Scalar>& a) {
  typename S::Scalar* const amps = a.amps;
  const auto c0 = S::load(a.coef), c1 = S::load(a.coef + 2 * S::scalars);
  for_all_groups<true>(a, [=](std::uint64_t r) QRT_SV_KERNEL_BODY {
    typename S::Scalar* p = register_at<S>(amps, r);
    prefetch_for_update(p);
    const auto v = S::load(p);
    S::store(p, S::fma(c1, S::template permute<X>(v), S::mul(c0, v)));
  });
}

template <class S, unsigned Q>
constexpr KernelFn<typename S::Scalar> real_lane_entry() {
  if constexpr (Q < S::lanes_log2) return &real_lane_kernel<S, 1u << Q>;
  else return nullptr;
}

// Two pairs: registers (0, 1) of each group mix by one 2x2 matrix and registers (2, 3) by another,
// in one pass. A 2-qubit matrix that only couples index pairs {i, i ^ m} for one m (IsingXX, IsingYY,
// IsingXY...) is two such blocks: half the arithmetic of the 4x4 dense kernel, and its 8 coefficients
// stay in registers (the dense kernel reloads its 16 from memory for every group).
template <class S, bool Real>
void two_pairs_kernel(const KernelArgs<typename S::Scalar>& a) {
  typename S::Scalar* const amps = a.amps;
  const std::uint64_t off0 = a.offsets[0], off1 = a.offsets[1], off2 = a.offsets[2], off3 = a.offsets[3];
  const auto c = [&](unsigned i) { return LaneCoefficient<S>::load(a.coef + 2 * i * S::scalars); };
  const LaneCoefficient<S> p_aa = c(0), p_ab = c(1), p_ba = c(2), p_bb = c(3);
  const LaneCoefficient<S> q_aa = c(4), q_ab = c(5), q_ba = c(6), q_bb = c(7);
  for_all_groups(a, [=](std::uint64_t r) QRT_SV_KERNEL_BODY {
    typename S::Scalar* p0 = register_at<S>(amps, r + off0);
    typename S::Scalar* p1 = register_at<S>(amps, r + off1);
    typename S::Scalar* p2 = register_at<S>(amps, r + off2);
    typename S::Scalar* p3 = register_at<S>(amps, r + off3);
    prefetch_for_update(p0);
    prefetch_for_update(p1);
    prefetch_for_update(p2);
    prefetch_for_update(p3);
    const auto v0 = S::load(p0), v1 = S::load(p1), v2 = S::load(p2), v3 = S::load(p3);
    if constexpr (Real) {  // real coefficients: only their real parts
      S::store(p0, S::fma(p_ab.re, v1, S::mul(p_aa.re, v0)));
      S::store(p1, S::fma(p_bb.re, v1, S::mul(p_ba.re, v0)));
      S::store(p2, S::fma(q_ab.re, v3, S::mul(q_aa.re, v2)));
      S::store(p3, S::fma(q_bb.re, v3, S::mul(q_ba.re, v2)));
    } else {
      S::store(p0, p_ab.times_add(v1, p_aa.times(v0)));
      S::store(p1, p_bb.times_add(v1, p_ba.times(v0)));
      S::store(p2, q_ab.times_add(v3, q_aa.times(v2)));
      S::store(p3, q_bb.times_add(v3, q_ba.times(v2)));
    }
  });
}

// Dense: 2^KH registers per group (high targets), each output register a sum over the 2^KH input
// registers and, for lane targets LM, over their lane permutations. Coefficients are per lane when
// lane qubits are involved (targets or controls), otherwise one complex number broadcast.
// Real: every coefficient is real (broadcast ones only): the imaginary-coefficient products are skipped.
template <class S, unsigned KH, unsigned LM, bool PerLane, bool Real = false>
void dense_kernel(const KernelArgs<typename S::Scalar>& a) {
  static_assert(PerLane || LM == 0, "lane targets need per-lane coefficients");
  static_assert(!Real || PerLane || LM == 0, "real dense kernels on lane targets take per-lane coefficients");
  constexpr unsigned H = 1u << KH;
  constexpr unsigned X = 1u << popcount_const(LM);
  constexpr unsigned C = H * X;  // inputs per output register
  using Reg = typename S::Reg;
  typename S::Scalar* const amps = a.amps;
  const typename S::Scalar* const coef = a.coef;
  struct Offsets {
    std::uint64_t of[H];
  } offsets{};
  for (unsigned h = 0; h < H; ++h) offsets.of[h] = a.offsets[h];

  // Fully unrolled (every bound is a compile-time constant) so that inputs and accumulators stay in
  // registers; two accumulators per output (real-coefficient and imaginary-coefficient products)
  // halve the FMA dependency chains, and the outputs are independent chains the core overlaps.
  // c * v = Re(c) v + Im(c) (i v), and i is applied once per output to the sum of the Im(c) v terms
  // (exact: i only swaps and negates, and each coefficient is uniform within a lane). Keeping i v for
  // every input instead needed twice the registers: 8 inputs of a 3-qubit block filled AVX2's 16.
  // Per-lane coefficients are loaded per use, except for the small kernels of 1- and 2-qubit gates
  // on lane qubits, whose few coefficients are held in registers: loads inside the loop cannot be
  // hoisted (they may alias the amplitudes) and made those kernels the slowest single-qubit case.
  // Real kernels hold their broadcast coefficients too where they fit: a real 4x4 (two rotations fused)
  // in AVX-512's registers went from 0.35 to 0.29 ns an amplitude on 2^15 amplitudes in double precision,
  // 0.17 to 0.14 in single (bench_tile_kernels' real_4x4, best of 3, load below 0.6): about one real
  // 2x2 pass (0.27) for two gates. Each broadcast from memory was a load the loop could not hoist.
  // Real per-lane kernels (real matrices on lane targets or with lane controls) read only the real
  // parts of the per-lane coefficients: half the multiply-adds of the complex per-lane kernel (the RY
  // ansatz, n = 24, tiled: 15% faster in both precisions, its CNOT steps on the lowest qubits).
  constexpr bool kHeldCoefficients = PerLane && !Real && 2 * H * C <= S::held_coefficient_registers;
  constexpr bool kHeldReal = Real && H * C <= S::held_coefficient_registers;
  struct HeldCoefficients {
    typename S::Reg reg[kHeldCoefficients ? 2 * H * C : kHeldReal ? H * C : 1];
  } held{};
  if constexpr (kHeldCoefficients)
    for (unsigned k = 0; k < 2 * H * C; ++k) held.reg[k] = S::load(coef + k * S::scalars);
  if constexpr (kHeldReal && PerLane)
    for (unsigned k = 0; k < H * C; ++k) held.reg[k] = S::load(coef + 2 * k * S::scalars);
  else if constexpr (kHeldReal)
    for (unsigned k = 0; k < H * C; ++k) held.reg[k] = S::broadcast(coef[2 * k]);

  for_all_groups(a, [=](std::uint64_t r) QRT_SV_KERNEL_BODY {
    Reg in[C];
    QRT_SV_UNROLL(32)
    for (unsigned h = 0; h < H; ++h) {
      typename S::Scalar* const p = register_at<S>(amps, r + offsets.of[h]);
      prefetch_for_update<H>(p);
      const Reg v = S::load(p);
      [&]<unsigned... I>(std::integer_sequence<unsigned, I...>) {
        ((in[h * X + I] = S::template permute<nth_subset(LM, I)>(v)), ...);
      }
      (std::make_integer_sequence<unsigned, X>{});
    }
    QRT_SV_UNROLL(32)
    for (unsigned ho = 0; ho < H; ++ho) {
      Reg acc_re = S::zero(), acc_im = S::zero();
      QRT_SV_UNROLL(128)
      for (unsigned c = 0; c < C; ++c) {
        const std::size_t k = ho * C + c;
        if constexpr (kHeldCoefficients) {
          acc_re = S::fma(held.reg[2 * k], in[c], acc_re);
          acc_im = S::fma(held.reg[2 * k + 1], in[c], acc_im);
        } else if constexpr (kHeldReal) {
          acc_re = S::fma(held.reg[k], in[c], acc_re);
        } else if constexpr (PerLane && Real) {
          acc_re = S::fma(S::load(coef + 2 * k * S::scalars), in[c], acc_re);
        } else if constexpr (PerLane) {
          acc_re = S::fma(S::load(coef + 2 * k * S::scalars), in[c], acc_re);
          acc_im = S::fma(S::load(coef + (2 * k + 1) * S::scalars), in[c], acc_im);
        } else if constexpr (Real) {
          acc_re = S::fma(S::broadcast(coef[2 * k]), in[c], acc_re);
        } else {
          acc_re = S::fma(S::broadcast(coef[2 * k]), in[c], acc_re);
          acc_im = S::fma(S::broadcast(coef[2 * k + 1]), in[c], acc_im);
        }
      }
      if constexpr (Real) S::store(register_at<S>(amps, r + offsets.of[ho]), acc_re);
      else S::store(register_at<S>(amps, r + offsets.of[ho]), S::add(acc_re, S::times_i(acc_im)));
    }
  });
}

// Permuted blocks: a dense op on KH register-selecting targets whose matrix, its rows and columns
// reordered, is block diagonal with blocks of R (kernels/block_structure.hpp). A group's registers are
// read in the reordered column order (load_order) and written in the reordered row order (store_order),
// so each output is a sum over the R inputs of its block: H * R multiply-adds a group instead of the
// dense kernel's H * H (a monomial 3-qubit block, R = 1: 8 instead of 64). Coefficients are broadcast
// (no lane qubit takes part), output p's R of them at 2 * (p * R + j); held in registers where they fit.
// Reading every register before writing any keeps the reordering in place.
template <class S, unsigned KH, unsigned R, bool Real>
void permuted_blocks_kernel(const KernelArgs<typename S::Scalar>& a) {
  constexpr unsigned H = 1u << KH;
  static_assert(R < H, "a block as large as the matrix is the dense kernel");
  using Reg = typename S::Reg;
  typename S::Scalar* const amps = a.amps;
  const typename S::Scalar* const coef = a.coef;
  struct Offsets {
    std::uint64_t load[H], store[H];
  } offsets{};
  for (unsigned h = 0; h < H; ++h) {
    offsets.load[h] = a.offsets[a.load_order[h]];
    offsets.store[h] = a.offsets[a.store_order[h]];
  }
  constexpr unsigned kParts = Real ? 1 : 2;
  constexpr bool kHeld = kParts * H * R <= S::held_coefficient_registers;
  struct HeldCoefficients {
    Reg reg[kHeld ? kParts * H * R : 1];
  } held{};
  if constexpr (kHeld)
    for (unsigned k = 0; k < H * R; ++k)
      for (unsigned part = 0; part < kParts; ++part) held.reg[kParts * k + part] = S::broadcast(coef[2 * k + part]);

  for_all_groups(a, [=](std::uint64_t r) QRT_SV_KERNEL_BODY {
    Reg in[H];
    QRT_SV_UNROLL(16)
    for (unsigned h = 0; h < H; ++h) {
      typename S::Scalar* const p = register_at<S>(amps, r + offsets.load[h]);
      prefetch_for_update<H>(p);
      in[h] = S::load(p);
    }
    QRT_SV_UNROLL(16)
    for (unsigned out = 0; out < H; ++out) {
      const unsigned first = out / R * R;  // the block's first input
      Reg acc_re = S::zero(), acc_im = S::zero();
      QRT_SV_UNROLL(4)
      for (unsigned j = 0; j < R; ++j) {
        const unsigned k = out * R + j;
        if constexpr (kHeld) {
          acc_re = S::fma(held.reg[kParts * k], in[first + j], acc_re);
          if constexpr (!Real) acc_im = S::fma(held.reg[kParts * k + 1], in[first + j], acc_im);
        } else {
          acc_re = S::fma(S::broadcast(coef[2 * k]), in[first + j], acc_re);
          if constexpr (!Real) acc_im = S::fma(S::broadcast(coef[2 * k + 1]), in[first + j], acc_im);
        }
      }
      typename S::Scalar* const p = register_at<S>(amps, r + offsets.store[out]);
      if constexpr (Real) S::store(p, acc_re);
      else S::store(p, S::add(acc_re, S::times_i(acc_im)));
    }
  });
}

template <class S, unsigned K, unsigned RLog2, unsigned Real>
constexpr KernelFn<typename S::Scalar> permuted_blocks_entry() {
  if constexpr (RLog2 < K) return &permuted_blocks_kernel<S, K, 1u << RLog2, Real == 1>;
  else return nullptr;
}

template <class S, unsigned K>
constexpr void fill_permuted_blocks_row(KernelTable<typename S::Scalar>& t) {
  [&]<unsigned... RLog2>(std::integer_sequence<unsigned, RLog2...>) {
    ((t.permuted_blocks[K][RLog2][0] = permuted_blocks_entry<S, K, RLog2, 0>(),
      t.permuted_blocks[K][RLog2][1] = permuted_blocks_entry<S, K, RLog2, 1>()),
     ...);
  }
  (std::make_integer_sequence<unsigned, kMaxPermutedBlockLog2 + 1>{});
}

template <class S, unsigned... K>
constexpr void fill_permuted_blocks(KernelTable<typename S::Scalar>& t, std::integer_sequence<unsigned, K...>) {
  (fill_permuted_blocks_row<S, K>(t), ...);
}

// Lane terms: a dense op with lane targets LM (and KH register-selecting ones) whose output registers
// each sum only T of the dense kernel's H * X inputs (a permutation with phases, or one mixing few
// amplitudes, on a lane qubit and others: the dense kernel would do H * X per-lane multiply-adds an
// output register, mostly by zero). The inputs are formed as in dense_kernel; output o sums inputs
// term_sources[o * T + t] (picked at run time: the inputs go through the stack) times per-lane
// coefficients (at 2 * (o * T + t) registers' worth of scalars, re then im; zero where a lane takes no
// part in a term).
template <class S, unsigned KH, unsigned LM, unsigned T>
void lane_terms_kernel(const KernelArgs<typename S::Scalar>& a) {
  constexpr unsigned H = 1u << KH;
  constexpr unsigned X = 1u << popcount_const(LM);
  constexpr unsigned C = H * X;
  static_assert(T < C, "as many terms as inputs is the dense kernel");
  using Reg = typename S::Reg;
  typename S::Scalar* const amps = a.amps;
  const typename S::Scalar* const coef = a.coef;
  struct Layout {
    std::uint64_t offsets[H];
    std::uint8_t sources[H * T];
  } layout{};
  for (unsigned h = 0; h < H; ++h) layout.offsets[h] = a.offsets[h];
  for (unsigned k = 0; k < H * T; ++k) layout.sources[k] = a.term_sources[k];
  constexpr bool kHeld = 2 * H * T <= S::held_coefficient_registers;
  struct HeldCoefficients {
    Reg reg[kHeld ? 2 * H * T : 1];
  } held{};
  if constexpr (kHeld)
    for (unsigned k = 0; k < 2 * H * T; ++k) held.reg[k] = S::load(coef + k * S::scalars);

  for_all_groups(a, [=](std::uint64_t r) QRT_SV_KERNEL_BODY {
    Reg in[C];  // as in dense_kernel (written out there too: through a shared helper, the offsets went
                // through memory, and the dense kernels of tiled runs took 4% longer: wstate_n27)
    QRT_SV_UNROLL(4)
    for (unsigned h = 0; h < H; ++h) {
      typename S::Scalar* const p = register_at<S>(amps, r + layout.offsets[h]);
      prefetch_for_update<H>(p);
      const Reg v = S::load(p);
      [&]<unsigned... I>(std::integer_sequence<unsigned, I...>) {
        ((in[h * X + I] = S::template permute<nth_subset(LM, I)>(v)), ...);
      }
      (std::make_integer_sequence<unsigned, X>{});
    }
    QRT_SV_UNROLL(4)
    for (unsigned out = 0; out < H; ++out) {
      Reg acc_re = S::zero(), acc_im = S::zero();
      QRT_SV_UNROLL(4)
      for (unsigned t = 0; t < T; ++t) {
        const unsigned k = out * T + t;
        const Reg v = in[layout.sources[k]];
        if constexpr (kHeld) {
          acc_re = S::fma(held.reg[2 * k], v, acc_re);
          acc_im = S::fma(held.reg[2 * k + 1], v, acc_im);
        } else {
          acc_re = S::fma(S::load(coef + 2 * k * S::scalars), v, acc_re);
          acc_im = S::fma(S::load(coef + (2 * k + 1) * S::scalars), v, acc_im);
        }
      }
      S::store(register_at<S>(amps, r + layout.offsets[out]), S::add(acc_re, S::times_i(acc_im)));
    }
  });
}

template <class S, unsigned KH, unsigned LM, unsigned TLog2>
constexpr KernelFn<typename S::Scalar> lane_terms_entry() {
  constexpr unsigned targets = KH + popcount_const(LM);
  constexpr unsigned inputs = (1u << KH) << popcount_const(LM);
  if constexpr (LM != 0 && LM < (1u << S::lanes_log2) && targets >= 2 && targets <= kMaxLaneTermsTargets &&
                (1u << TLog2) < inputs)
    return &lane_terms_kernel<S, KH, LM, 1u << TLog2>;
  else return nullptr;
}

template <class S, unsigned KH, unsigned LM>
constexpr void fill_lane_terms_cell(KernelTable<typename S::Scalar>& t) {
  [&]<unsigned... TLog2>(std::integer_sequence<unsigned, TLog2...>) {
    ((t.lane_terms[KH][LM][TLog2] = lane_terms_entry<S, KH, LM, TLog2>()), ...);
  }
  (std::make_integer_sequence<unsigned, kMaxLaneTermsLog2 + 1>{});
}

template <class S, unsigned... Cell>
constexpr void fill_lane_terms(KernelTable<typename S::Scalar>& t, std::integer_sequence<unsigned, Cell...>) {
  constexpr unsigned masks = 1u << kMaxLaneQubits;
  (fill_lane_terms_cell<S, Cell / masks, Cell % masks>(t), ...);
}

// The dense kernels a SIMD level provides: every (KH, LM, PerLane) with KH + |LM| <= kMaxKernelTargets,
// LM a subset of the lane qubits, and PerLane forced for LM != 0. Other slots stay null.
template <class S, unsigned KH, unsigned LM, unsigned P>
constexpr KernelFn<typename S::Scalar> dense_entry() {
  constexpr bool lanes_ok = LM < (1u << S::lanes_log2);
  constexpr bool size_ok = KH + popcount_const(LM) <= kMaxKernelTargets && KH + popcount_const(LM) >= 1;
  constexpr bool shape_ok = P == 1 || LM == 0;
  constexpr bool perlane_ok = P == 0 || S::lanes_log2 > 0;  // one-lane registers never need per-lane data
  if constexpr (lanes_ok && size_ok && shape_ok && perlane_ok) return &dense_kernel<S, KH, LM, P == 1>;
  else return nullptr;
}

template <class S, unsigned KH>
constexpr KernelFn<typename S::Scalar> dense_real_entry() {
  if constexpr (KH >= 1) return &dense_kernel<S, KH, 0, false, true>;
  else return nullptr;
}

template <class S, unsigned KH, unsigned LM>
constexpr KernelFn<typename S::Scalar> dense_real_per_lane_entry() {
  constexpr unsigned targets = KH + popcount_const(LM);
  if constexpr (LM < (1u << S::lanes_log2) && targets >= 1 && targets <= kMaxRealPerLaneTargets && S::lanes_log2 > 0)
    return &dense_kernel<S, KH, LM, true, true>;
  else return nullptr;
}

template <class S, unsigned KH, unsigned... LM>
constexpr void fill_dense_row(KernelTable<typename S::Scalar>& t, std::integer_sequence<unsigned, LM...>) {
  ((t.dense[KH][LM][0] = dense_entry<S, KH, LM, 0>(), t.dense[KH][LM][1] = dense_entry<S, KH, LM, 1>(),
    t.dense_real_per_lane[KH][LM] = dense_real_per_lane_entry<S, KH, LM>()),
   ...);
}

template <class S, unsigned... KH>
constexpr void fill_dense(KernelTable<typename S::Scalar>& t, std::integer_sequence<unsigned, KH...>) {
  (fill_dense_row<S, KH>(t, std::make_integer_sequence<unsigned, 1u << kMaxLaneQubits>{}), ...);
  ((t.dense_real[KH] = dense_real_entry<S, KH>()), ...);
}

// MaxHigh: dense kernels are instantiated for up to that many register-selecting targets (the others
// take dense_large); tests use a smaller bound to keep their build short.
template <class S, unsigned MaxHigh = kMaxKernelTargets>
constexpr KernelTable<typename S::Scalar> make_kernel_table(const char* name) {
  static_assert(MaxHigh <= kMaxKernelTargets);
  static_assert(S::lanes_log2 <= kMaxLaneQubits, "the kernel table has no slots for that many lane qubits");
  KernelTable<typename S::Scalar> t{};
  t.name = name;
  t.lanes_log2 = S::lanes_log2;
  t.phase = &phase_kernel<S>;
  t.parity = &parity_kernel<S>;
  t.two_level[static_cast<unsigned>(TwoLevelKernel::General)] = &two_level_kernel<S, TwoLevelKernel::General>;
  t.two_level[static_cast<unsigned>(TwoLevelKernel::Swap)] = &two_level_kernel<S, TwoLevelKernel::Swap>;
  t.two_level[static_cast<unsigned>(TwoLevelKernel::PhasedSwap)] = &two_level_kernel<S, TwoLevelKernel::PhasedSwap>;
  t.two_level[static_cast<unsigned>(TwoLevelKernel::Real)] = &two_level_kernel<S, TwoLevelKernel::Real>;
  t.two_pairs = &two_pairs_kernel<S, false>;
  t.two_pairs_real = &two_pairs_kernel<S, true>;
  t.real_lane[0] = real_lane_entry<S, 0>();
  t.real_lane[1] = real_lane_entry<S, 1>();
  t.real_lane[2] = real_lane_entry<S, 2>();
  fill_dense<S>(t, std::make_integer_sequence<unsigned, MaxHigh + 1>{});
  fill_permuted_blocks<S>(t, std::make_integer_sequence<unsigned, std::min(MaxHigh, kMaxPermutedBlockTargets) + 1>{});
  fill_lane_terms<S>(t, std::make_integer_sequence<unsigned, kMaxLaneTermsTargets*(1u << kMaxLaneQubits)>{});
  return t;
}

}  // namespace
}  // namespace qrt::sv::kernels
