// The plain-data contract between the dispatcher (portable code) and the kernels (compiled once per
// SIMD level). Kernels see the state as an array of SIMD *registers* of 2^lanes_log2 amplitudes; the
// qubits below lanes_log2 ("lane qubits") live inside a register, the others select registers.
// Everything is templated on the amplitude's scalar type T (double: complex128, float: complex64);
// a level's float registers are as wide as its double ones and so hold twice the amplitudes (one
// lane qubit more). The dispatcher reads the lane count from the table it picked.
#pragma once

#include <cstdint>

namespace qrt::sv::kernels {

// Largest number of high (register-selecting) targets a dense kernel is instantiated for; the total
// number of targets of a dense kernel is bounded by kMaxKernelTargets as well. Larger matrices take
// the runtime-sized path (dense_large).
inline constexpr unsigned kMaxKernelTargets = 5;
// Real dense ops with per-lane coefficients have kernels of their own up to this many targets (the
// fused blocks of real circuits: a CNOT step, two steps); wider ones take the complex per-lane kernels.
inline constexpr unsigned kMaxRealPerLaneTargets = 3;
// Most lane qubits a register may have (AVX-512 complex64: 8 amplitudes).
inline constexpr unsigned kMaxLaneQubits = 3;
// Dense ops on register-selecting targets whose matrix is block diagonal up to a reordering of rows and
// columns (kernels/block_structure.hpp) have kernels of their own up to this many targets, for blocks
// of 1, 2 and 4 (log2 up to kMaxPermutedBlockLog2) smaller than the matrix.
inline constexpr unsigned kMaxPermutedBlockTargets = 4;
inline constexpr unsigned kMaxPermutedBlockLog2 = 2;
// Dense ops with lane targets whose output registers each take one (2^kMaxLaneTermsLog2) of the dense
// kernel's inputs (lane_terms_kernel) have kernels of their own up to this many targets. Not more terms:
// read through the stack, 4 of 8 took longer than the dense kernel's 8 (bench_tile_kernels'
// blocks2_8x8_lane: 0.69 ns an amplitude against 0.58, double, 2^15 amplitudes in L2).
inline constexpr unsigned kMaxLaneTermsTargets = 3;
inline constexpr unsigned kMaxLaneTermsLog2 = 0;

template <class T>
struct KernelArgs {
  T* amps = nullptr;               // interleaved (re, im) amplitudes
  const T* coef = nullptr;         // shape-specific coefficients (see lane_coefficients.hpp)
  std::uint64_t outer_count = 0;   // number of register groups to update
  std::uint64_t fixed_values = 0;  // register-index bits forced to 1 in every group (control values)
  std::uint64_t parity_mask = 0;   // Parity: register-index bits whose parity selects the coefficient
  std::uint64_t offsets[1u << kMaxKernelTargets] = {};  // register offsets of a group's members
  // Permuted blocks: the kernel reads a group's registers in the order offsets[load_order[p]] (the
  // reordered columns) and writes them in the order offsets[store_order[p]] (the reordered rows). Indices,
  // not offsets: a tiled run copies these arguments for every tile.
  std::uint8_t load_order[1u << kMaxPermutedBlockTargets] = {};
  std::uint8_t store_order[1u << kMaxPermutedBlockTargets] = {};
  // Lane terms: output register o's term t reads input term_sources[o * terms + t] (lane_terms_kernel).
  std::uint8_t term_sources[1u << (kMaxLaneTermsTargets - 1 + kMaxLaneTermsLog2)] = {};
  // Group index -> register index: insert a zero bit at each fixed position, lowest first;
  // fixed_low_masks[i] = (1 << position_i) - 1.
  std::uint64_t fixed_low_masks[64] = {};
  unsigned num_fixed = 0;
  unsigned run_log2 = 0;  // consecutive groups map to 2^run_log2 consecutive registers
  unsigned threads = 1;
};

template <class T>
using KernelFn = void (*)(const KernelArgs<T>&);

// Real: every coefficient is real (RY, H, X, a CNOT fused with RY): the
// same real number multiplies an amplitude's two parts, half the arithmetic of General.
enum class TwoLevelKernel : std::uint8_t { General, Swap, PhasedSwap, Real };
inline constexpr unsigned kNumTwoLevelKernels = 4;

// One table per SIMD level. A null entry means "not instantiated": the dispatcher falls back.
template <class T>
struct KernelTable {
  const char* name;
  unsigned lanes_log2;  // amplitudes per register = 2^lanes_log2
  KernelFn<T> phase;
  KernelFn<T> parity;
  KernelFn<T> two_level[kNumTwoLevelKernels];
  // Two pairs per group, registers (0, 1) and (2, 3), each mixed by its own 2x2 matrix.
  KernelFn<T> two_pairs;
  KernelFn<T> two_pairs_real;  // the same with real coefficients
  // A real 2x2 on lane qubit q (entry q; null past the register's lanes): per lane, out = c0 v + c1 v',
  // v' the register with lane q flipped, c0 and c1 real per-lane coefficients (coef: c0 then c1, each in
  // the per-lane layout, whose real parts are read).
  KernelFn<T> real_lane[kMaxLaneQubits];
  // [high targets][lane-target mask][per-lane coefficients]
  KernelFn<T> dense[kMaxKernelTargets + 1][1u << kMaxLaneQubits][2];
  // [high targets]: dense kernels on register-selecting targets only, real matrices (broadcast real parts).
  KernelFn<T> dense_real[kMaxKernelTargets + 1];
  // [high targets][lane-target mask]: real matrices with per-lane coefficients (lane targets or lane
  // controls; their real parts are read), for ops of at most kMaxRealPerLaneTargets targets; null past.
  KernelFn<T> dense_real_per_lane[kMaxKernelTargets + 1][1u << kMaxLaneQubits];
  // [targets][log2 block size][real]: dense ops on register-selecting targets only, without lane
  // controls, whose matrix is block diagonal once reordered (see permuted_blocks_kernel); null where the
  // block is not smaller than the matrix.
  KernelFn<T> permuted_blocks[kMaxPermutedBlockTargets + 1][kMaxPermutedBlockLog2 + 1][2];
  // [high targets][lane-target mask][log2 terms]: dense ops of 2..kMaxLaneTermsTargets targets, some on
  // lane qubits, without lane controls, whose output registers each sum 2^(log2 terms) of the dense
  // kernel's inputs (lane_terms_kernel); null past those bounds or where the dense kernel sums no more.
  KernelFn<T> lane_terms[kMaxLaneTermsTargets][1u << kMaxLaneQubits][kMaxLaneTermsLog2 + 1];
};

// Internal linkage on purpose: each translation unit (whatever its target flags) gets its own copy.
namespace {
constexpr unsigned popcount_const(unsigned x) { return x == 0 ? 0 : (x & 1u) + popcount_const(x >> 1); }

// The i-th subset of `mask`: the bits of i deposited into the set bits of mask. Dense kernels order
// their lane permutations (lane ^ x) this way; the coefficient builder must use the same order.
constexpr unsigned nth_subset(unsigned mask, unsigned i) {
  unsigned out = 0;
  for (unsigned bit = 0; mask != 0; ++bit, mask >>= 1) {
    if (mask & 1u) {
      if (i & 1u) out |= 1u << bit;
      i >>= 1;
    }
  }
  return out;
}
}  // namespace

// kernels_<level>.cpp defines both element types of its level.
extern const KernelTable<double> kPortableKernels;
extern const KernelTable<double> kAvx2Kernels;
extern const KernelTable<double> kAvx512Kernels;
extern const KernelTable<float> kPortableKernelsF32;
extern const KernelTable<float> kAvx2KernelsF32;
extern const KernelTable<float> kAvx512KernelsF32;

}  // namespace qrt::sv::kernels
