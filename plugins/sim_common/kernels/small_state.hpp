// Direct per-index updates for tiny states. Below kSmallStateQubits the SIMD path's set-up (kernel
// arguments, per-lane coefficient tables) costs more than the whole update, so ops on such states
// are applied by plain loops that filter amplitude indices by the op's masks.
#pragma once

#include "kernels/qubit_op.hpp"

namespace qrt::sv {

// Chosen by measurement (bench_statevector tiny_state_gate and the kernel probes): at 6 qubits
// (64 amplitudes) the two paths cost about the same.
inline constexpr unsigned kSmallStateQubits = 6;

// `op` must fit the state (see apply_op, which validates and routes here).
template <class T>  // double or float
void apply_small(Amplitude<T>* amps, unsigned num_qubits, const QubitOp& op);

}  // namespace qrt::sv
