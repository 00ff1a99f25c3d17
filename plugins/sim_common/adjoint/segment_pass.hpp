// One pass of the backward sweep over a segment (adjoint_sweep.cpp): the reduced transition matrix of
// (λ, ψ) on the segment's qubits, then the segment's inverse applied to both vectors, in one streaming
// pass (kernels/segment_pass_kernel.hpp) instead of three.
#pragma once

#include "kernels/apply_op.hpp"
#include "kernels/segment_pass_kernel.hpp"

#include <complex>
#include <cstdint>
#include <span>
#include <vector>

namespace qrt::sv {

inline constexpr unsigned kMaxSegmentPassQubits = kernels::kMaxSegmentPassTargets;

// Whether segment_pass takes a segment of `segment_qubits` qubits on a state of `num_qubits`.
bool segment_pass_applies(unsigned num_qubits, std::size_t segment_qubits);

// `qubits` ascending (1..kMaxSegmentPassQubits of them), `unitary` column-major on them (local bit j =
// qubits[j], FusedBlock's layout). Returns reduced_transition(lambda, psi, qubits) of the vectors as
// they are on entry, and leaves unitary·ψ and unitary·λ. The sums are formed in double over chunks
// that do not depend on the thread count (the result is the same for every thread count).
// Bit x * d + y of `needed` marks entry (x, y) as one the caller reads: when those and the
// unitary only couple index pairs {x, x ^ m} (a CNOT with rotations on its target, say), the pass
// takes the pair kernel, with half the products, and the other entries are returned as 0.
template <class T>
std::vector<std::complex<double>> segment_pass(Amplitude<T>* lambda, Amplitude<T>* psi, unsigned num_qubits,
                                               std::span<const unsigned> qubits, std::span<const Complex> unitary,
                                               std::uint32_t needed, const ExecPolicy& policy,
                                               Workspace& workspace);

}  // namespace qrt::sv
