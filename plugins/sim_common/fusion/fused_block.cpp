#include "fusion/fused_block.hpp"

#include <bit>
#include <stdexcept>

namespace qrt::sv {

FusedBlock::FusedBlock(QubitMask qubits) : mask_(qubits) {
  for (QubitMask rest = qubits; rest; rest &= rest - 1)
    local_to_qubit_.push_back(static_cast<unsigned>(std::countr_zero(rest)));
  matrix_.assign(std::size_t{dim()} * dim(), 0.0);
  for (unsigned i = 0; i < dim(); ++i) matrix_[i * dim() + i] = 1.0;
}

QubitOp FusedBlock::to_local(const QubitOp& op) const {
  auto local_mask = [&](QubitMask global) {
    QubitMask local = 0;
    for (unsigned j = 0; j < size(); ++j)
      if ((global >> local_to_qubit_[j]) & 1u) local |= QubitMask{1} << j;
    return local;
  };
  QubitOp local = op;
  local.control_mask = local_mask(op.control_mask);
  local.control_values = local_mask(op.control_values);
  local.target_mask = local_mask(op.target_mask);
  local.a_bits = local_mask(op.a_bits);
  for (unsigned t = 0; t < op.num_targets; ++t)
    local.targets[t] = static_cast<std::uint8_t>(std::countr_zero(local_mask(QubitMask{1} << op.targets[t])));
  return local;
}

void FusedBlock::absorb(const QubitOp& op, const ExecPolicy& policy, Workspace& workspace) {
  if ((op.touched_mask() & ~mask_) != 0)
    throw std::logic_error("FusedBlock::absorb: op touches qubits outside the block");
  if (op_count_ == 0) {
    single_ = op;
    if (op.external_matrix) {
      const auto m = op.dense_matrix();
      single_matrix_.assign(m.begin(), m.end());
      single_.external_matrix = single_matrix_.data();
    }
  }
  // Rows are the low `size()` bits of the 2k-qubit matrix state.
  apply_op(matrix_.data(), 2 * size(), to_local(op), policy, workspace);
  ++op_count_;
}

void FusedBlock::merge(const FusedBlock& other) {
  if (mask_ & other.mask_) throw std::logic_error("FusedBlock::merge: blocks overlap");
  const unsigned ka = size(), kb = other.size();
  const std::size_t da = dim(), db = other.dim(), d = da * db;
  std::vector<Complex> product(d * d);
  for (std::size_t cb = 0; cb < db; ++cb)
    for (std::size_t ca = 0; ca < da; ++ca)
      for (std::size_t rb = 0; rb < db; ++rb)
        for (std::size_t ra = 0; ra < da; ++ra)
          product[(ra | rb << ka) + ((ca | cb << ka) << (ka + kb))] =
              matrix_[ra + ca * da] * other.matrix_[rb + cb * db];
  matrix_ = std::move(product);
  local_to_qubit_.insert(local_to_qubit_.end(), other.local_to_qubit_.begin(), other.local_to_qubit_.end());
  mask_ |= other.mask_;
  op_count_ += other.op_count_;
  if (op_count_ == other.op_count_ && other.op_count_ == 1) {  // this block was empty
    single_ = other.single_;
    single_matrix_ = other.single_matrix_;
    if (single_.external_matrix) single_.external_matrix = single_matrix_.data();
  }
}

QubitOp FusedBlock::to_op(std::vector<Complex>& storage) const {
  if (op_count_ == 1) return single_;
  if (size() == 0) return QubitOp::phase(matrix_[0]);  // only global phases were absorbed
  const std::size_t d = dim();
  storage.resize(d * d);
  for (std::size_t r = 0; r < d; ++r)
    for (std::size_t c = 0; c < d; ++c) storage[r * d + c] = matrix_[r + c * d];
  return QubitOp::dense(local_to_qubit_, storage);
}

}  // namespace qrt::sv
