// An op bound to its kernel: the shape's kernel, its arguments and its coefficient table, built once
// for states of one size and run on any number of them. apply_op builds one per call; a tiled run
// (tiles/tile_walk.hpp) builds one per op and runs it on every tile, paying the set-up once.
#pragma once

#include "kernels/kernel_args.hpp"
#include "kernels/qubit_op.hpp"
#include "kernels/workspace.hpp"

#include <vector>

namespace qrt::sv {

template <class T>
struct PreparedKernel {
  kernels::KernelFn<T> kernel = nullptr;  // null: the op changes nothing, or `large` is set
  kernels::KernelArgs<T> args;            // args.coef points into the coefficient storage it was built with
  // Dense ops with more register-selecting targets than the kernel table holds take the runtime-sized
  // path (dense_large) on this op, which owns its matrix in `large_matrix`.
  bool large = false;
  QubitOp large_op;
  std::vector<Complex> large_matrix;
  // A dense op that never flips some register-selecting targets (block-diagonal in them) runs as one
  // controlled op per value of those targets, each on its share of the registers: `parts`, in order,
  // with their own coefficient tables. Then `kernel` is null.
  std::vector<PreparedKernel> parts;
  std::vector<AlignedScratch> part_coefficients;

  // Runs on the 2^num_qubits amplitudes at `amps` (the size it was built for).
  void run(Amplitude<T>* amps, unsigned num_qubits) const;
};

// Builds the kernel of `op` (which must fit the state: validated by the caller) for states of
// `num_qubits` >= table.lanes_log2 qubits, on `threads` threads. The coefficient table is written
// into `coefficients`, which must outlive every run; `workspace.matrix` is scratch.
template <class T>
PreparedKernel<T> prepare_kernel(const QubitOp& op, unsigned num_qubits, const kernels::KernelTable<T>& table,
                                 unsigned threads, AlignedScratch& coefficients, Workspace& workspace);

}  // namespace qrt::sv
