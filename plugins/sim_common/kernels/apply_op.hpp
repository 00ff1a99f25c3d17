// Applying one QubitOp to a state: picks the kernel shape and SIMD level, builds the kernel's
// arguments and coefficient table, and runs it.
#pragma once

#include "kernels/qubit_op.hpp"
#include "kernels/simd_level.hpp"
#include "kernels/workspace.hpp"

namespace qrt::sv {

struct ExecPolicy {
  SimdLevel simd = SimdLevel::Portable;  // widest level allowed (must be supported by the CPU)
  unsigned threads = 1;                  // OpenMP threads for large states
  unsigned parallel_min_qubits = 14;     // smaller states run on the calling thread only
  bool small_state_path = true;          // tiny states take direct loops (small_state.hpp); off: always SIMD
};

// `amps` holds 2^num_qubits amplitudes (any alignment works; 64 bytes is fastest). The op must only touch qubits <
// num_qubits (std::invalid_argument otherwise); it is otherwise trusted (validated by the caller). T = double
// (complex128 state) or float (complex64 state); instantiated for both.
template <class T>
void apply_op(Amplitude<T>* amps, unsigned num_qubits, const QubitOp& op, const ExecPolicy& policy,
              Workspace& workspace);

// The same on a given kernel table (no small-state path, no choice of level), on `threads` threads.
// For tests: they run tables of register widths this CPU cannot execute, built from generic vectors.
// The state needs at least table.lanes_log2 qubits (std::invalid_argument otherwise).
template <class T>
void apply_op_with_table(Amplitude<T>* amps, unsigned num_qubits, const QubitOp& op,
                         const kernels::KernelTable<T>& table, unsigned threads, Workspace& workspace);

}  // namespace qrt::sv
