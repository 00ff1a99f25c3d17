// FusedBlock: consecutive ops on a small set of qubits, multiplied into one 2^k x 2^k unitary before
// anything touches the state. The matrix is stored column-major, i.e. as a 2k-qubit "state" whose
// low k bits are the row: left-multiplying by an op is then exactly applying the op (remapped to
// block-local qubits) to that state, with the same kernels the simulator uses.
#pragma once

#include "kernels/apply_op.hpp"

#include <span>
#include <vector>

namespace qrt::sv {

class FusedBlock {
 public:
  // The identity on `qubits` (may be empty).
  explicit FusedBlock(QubitMask qubits);

  QubitMask qubits() const { return mask_; }
  unsigned size() const { return static_cast<unsigned>(local_to_qubit_.size()); }
  unsigned op_count() const { return op_count_; }
  // Block bit j is qubit local_qubits()[j] (ascending qubits).
  std::span<const unsigned> local_qubits() const { return local_to_qubit_; }
  // The product so far, column-major dim x dim (entry (r, c) at r + c * dim).
  std::span<const Complex> column_major() const { return matrix_; }

  // this <- op * this. The op must touch only the block's qubits.
  void absorb(const QubitOp& op, const ExecPolicy& policy, Workspace& workspace);
  // this <- this ⊗ other, for a block on disjoint qubits (both commute, so order is irrelevant).
  void merge(const FusedBlock& other);

  // The op to apply to the state: the single absorbed op itself (keeping its cheap shape) or the
  // dense product. `storage` receives a matrix the returned op may borrow.
  QubitOp to_op(std::vector<Complex>& storage) const;

 private:
  QubitOp to_local(const QubitOp& op) const;
  unsigned dim() const { return 1u << size(); }

  QubitMask mask_ = 0;
  std::vector<unsigned> local_to_qubit_;  // block bit j is this qubit
  std::vector<Complex> matrix_;           // column-major dim x dim
  unsigned op_count_ = 0;
  QubitOp single_;                      // the op, while op_count_ == 1
  std::vector<Complex> single_matrix_;  // its dense matrix, when borrowed
};

}  // namespace qrt::sv
