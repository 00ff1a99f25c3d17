#include "tiles/op_queue.hpp"

#include <bit>
#include <utility>

namespace qrt::sv {

namespace {

QubitMask swap_bits(QubitMask mask, unsigned a, unsigned b) {
  if (((mask >> a) & 1u) == ((mask >> b) & 1u)) return mask;
  return mask ^ ((QubitMask{1} << a) | (QubitMask{1} << b));
}

}  // namespace

void swap_qubits_in(QubitOp& op, unsigned a, unsigned b) {
  op.control_mask = swap_bits(op.control_mask, a, b);
  op.control_values = swap_bits(op.control_values, a, b);
  op.target_mask = swap_bits(op.target_mask, a, b);
  op.a_bits = swap_bits(op.a_bits, a, b);
  for (unsigned j = 0; j < op.num_targets; ++j) {
    if (op.targets[j] == a) op.targets[j] = static_cast<std::uint8_t>(b);
    else if (op.targets[j] == b) op.targets[j] = static_cast<std::uint8_t>(a);
  }
}

bool restrict_to_fixed(QubitOp& op, QubitMask fixed, QubitMask values) {
  if (op.control_mask & fixed) {
    if ((op.control_values ^ values) & op.control_mask & fixed) return false;  // controls not met here
    op.control_mask &= ~fixed;
    op.control_values &= ~fixed;
  }
  if (op.shape == OpShape::Parity && (op.target_mask & fixed)) {
    if (std::popcount(op.target_mask & fixed & values) & 1) std::swap(op.coeffs[0], op.coeffs[1]);
    op.target_mask &= ~fixed;
    if (op.target_mask == 0) op = QubitOp::phase(op.coeffs[0], op.control_mask, op.control_values);
  }
  return true;
}

void OpQueue::push(const QubitOp& op) {
  Queued q{op};
  if (op.external_matrix) {
    const std::span<const Complex> m = op.dense_matrix();
    q.matrix = matrices_.size();
    matrices_.insert(matrices_.end(), m.begin(), m.end());
    q.op.external_matrix = nullptr;
  }
  ops_.push_back(q);
}

void OpQueue::clear() {
  ops_.clear();
  matrices_.clear();
}

const QubitOp& OpQueue::at(std::size_t i) {
  Queued& q = ops_[i];
  if (q.matrix != kNoMatrix) q.op.external_matrix = matrices_.data() + q.matrix;
  return q.op;
}

std::vector<OpFootprint> OpQueue::footprints() const {
  std::vector<OpFootprint> out;
  out.reserve(ops_.size());
  for (const Queued& q : ops_) out.push_back(footprint(q.op));
  return out;
}

void OpQueue::keep(std::span<const std::size_t> positions) {
  std::size_t to = 0;
  for (std::size_t from : positions) ops_[to++] = ops_[from];  // positions ascend: to <= from
  ops_.resize(to);
  if (ops_.empty()) matrices_.clear();
}

void OpQueue::swap_qubits(unsigned a, unsigned b) {
  for (Queued& q : ops_) swap_qubits_in(q.op, a, b);
}

}  // namespace qrt::sv
