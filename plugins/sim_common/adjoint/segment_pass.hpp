// One pass of the backward sweep over a segment (adjoint_sweep.cpp): the reduced transition matrix of
// (λ, ψ) on the segment's qubits, then the segment's inverse applied to both vectors, in one streaming
// pass (kernels/segment_pass_kernel.hpp) instead of three. Consecutive segments on the low qubits share
// one pass: the state is walked in contiguous tiles of 2^kSegmentTileQubits amplitudes, and every
// segment of the run works on a tile while it is in cache. (Tiles that also free high qubits are
// strided: their lines fall into a few cache sets and were evicted between segments, so they ran
// slower than separate passes.)
#pragma once

#include "kernels/apply_op.hpp"
#include "kernels/segment_pass_kernel.hpp"

#include <complex>
#include <cstdint>
#include <span>
#include <vector>

namespace qrt::sv {

inline constexpr unsigned kMaxSegmentPassQubits = kernels::kMaxSegmentPassTargets;
static_assert(2 * kMaxSegmentPassQubits <= 5, "SegmentPassSpec::needed holds the d x d entries in 32 bits");
// A tile of ψ and of λ: 2 x 256 KiB in double precision, which stays in L2 while a run of segments
// works on it.
inline constexpr unsigned kSegmentTileQubits = 14;

struct SegmentPassSpec {
  std::span<const unsigned> qubits;  // ascending, 1..kMaxSegmentPassQubits of them
  std::span<const Complex> unitary;  // column-major on them (local bit j = qubits[j]; FusedBlock's layout)
  // Bit x * d + y marks entry (x, y) of the transition matrix as one the caller reads: when those and
  // the unitary only couple index pairs {x, x ^ m} (a CNOT with rotations on its target, say), the
  // pass takes the pair kernel, with half the products, and leaves the other entries 0.
  std::uint32_t needed = ~std::uint32_t{0};
};

// Memory a sweep keeps between segment passes: the partial sums (fresh allocations of them cost page
// faults at every segment).
struct SegmentPassScratch {
  std::vector<double> partial_sums;
};

// Whether segment_pass takes a segment of `segment_qubits` qubits on a state of `num_qubits`.
bool segment_pass_applies(unsigned num_qubits, std::size_t segment_qubits);
// Whether a run of segments on `qubits` (their union) can share tiles (segment_passes with more than
// one segment): all below kSegmentTileQubits, on a larger state.
bool segments_fit_tile(unsigned num_qubits, QubitMask qubits);

// Applies the segments in order to ψ and λ and returns, for each, reduced_transition(lambda, psi,
// qubits) of the vectors as they are when that segment starts. More than one segment: they must fit a
// tile together (segments_fit_tile). The sums are formed in double over chunks that do not depend on the thread
// count (the results are the same for every thread count). std::invalid_argument for a segment the
// pass has no kernel for.
template <class T>
std::vector<std::vector<std::complex<double>>> segment_passes(Amplitude<T>* lambda, Amplitude<T>* psi,
                                                              unsigned num_qubits,
                                                              std::span<const SegmentPassSpec> segments,
                                                              const ExecPolicy& policy, SegmentPassScratch& scratch);

}  // namespace qrt::sv
