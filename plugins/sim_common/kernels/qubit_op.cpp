#include "kernels/qubit_op.hpp"

#include <stdexcept>
#include <string>

namespace qrt::sv {

QubitOp QubitOp::dense(std::span<const unsigned> targets_lsb_first, std::span<const Complex> matrix) {
  const std::size_t k = targets_lsb_first.size();
  if (k == 0 || k > 63) throw std::invalid_argument("QubitOp::dense: needs 1..63 targets, got " + std::to_string(k));
  const std::size_t dim = std::size_t{1} << k;
  if (matrix.size() != dim * dim)
    throw std::invalid_argument("QubitOp::dense: a " + std::to_string(k) + "-qubit matrix needs " +
                                std::to_string(dim * dim) + " entries, got " + std::to_string(matrix.size()));
  QubitOp op;
  op.shape = OpShape::Dense;
  for (unsigned q : targets_lsb_first) {
    if (q >= 64 || ((op.target_mask >> q) & 1u))
      throw std::invalid_argument("QubitOp::dense: target qubit " + std::to_string(q) + " is out of range or repeated");
    op.target_mask |= QubitMask{1} << q;
    op.targets[op.num_targets++] = static_cast<std::uint8_t>(q);
  }
  if (matrix.size() <= op.coeffs.size()) {
    for (std::size_t i = 0; i < matrix.size(); ++i) op.coeffs[i] = matrix[i];
  } else {
    op.external_matrix = matrix.data();
  }
  return op;
}

}  // namespace qrt::sv
