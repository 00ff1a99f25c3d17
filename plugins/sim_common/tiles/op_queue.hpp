// Ops waiting to be planned (tiled_queue.hpp; statevector.mpi's queue of gates before its exchanges):
// copies of the QubitOps with the matrices they borrowed, in the state's current qubit numbering, and
// renamed in place when the contents of two qubits are exchanged.
#pragma once

#include "kernels/qubit_op.hpp"
#include "tiles/window_planner.hpp"

#include <cstddef>
#include <span>
#include <vector>

namespace qrt::sv {

// Exchanges qubits a and b in everything an op names.
void swap_qubits_in(QubitOp& op, unsigned a, unsigned b);

// The op on the part of a state whose qubits in `fixed` have the values `values` (a rank's chunk of
// statevector.mpi): controls there are met or not (false: the op does nothing here) and are dropped,
// and parity bits there pick the coefficient. Targets of other shapes must lie outside `fixed`.
bool restrict_to_fixed(QubitOp& op, QubitMask fixed, QubitMask values);

class OpQueue {
 public:
  // Queues a copy of `op`; a borrowed matrix (external_matrix) is copied too.
  void push(const QubitOp& op);
  std::size_t size() const { return ops_.size(); }
  bool empty() const { return ops_.empty(); }
  void clear();

  // The op at `i`, its matrix pointing into the queue's copy (valid until the queue changes).
  const QubitOp& at(std::size_t i);
  std::vector<OpFootprint> footprints() const;
  // Keeps the ops at `positions` (ascending), in that order, and drops the others.
  void keep(std::span<const std::size_t> positions);
  // Renames qubits a and b in every queued op (their contents were exchanged).
  void swap_qubits(unsigned a, unsigned b);

 private:
  struct Queued {
    QubitOp op;
    std::size_t matrix = kNoMatrix;  // offset of its matrix in matrices_
  };
  static constexpr std::size_t kNoMatrix = ~std::size_t{0};

  std::vector<Queued> ops_;
  std::vector<Complex> matrices_;
};

}  // namespace qrt::sv
