#include "gates/gate_ops.hpp"

#include <stdexcept>
#include <utility>

namespace qrt::sv {

void adjoint_in_place(QubitOp& op) {
  switch (op.shape) {
    case OpShape::Phase: op.coeffs[0] = std::conj(op.coeffs[0]); return;
    case OpShape::Parity:
      op.coeffs[0] = std::conj(op.coeffs[0]);
      op.coeffs[1] = std::conj(op.coeffs[1]);
      return;
    case OpShape::TwoLevel: {
      const auto& m = op.coeffs;
      op.coeffs = {std::conj(m[0]), std::conj(m[2]), std::conj(m[1]), std::conj(m[3])};
      return;
    }
    case OpShape::Dense: {
      if (op.external_matrix) throw std::logic_error("adjoint_in_place: a borrowed dense matrix cannot be changed");
      const std::size_t dim = std::size_t{1} << op.num_targets;
      for (std::size_t r = 0; r < dim; ++r) {
        op.coeffs[r * dim + r] = std::conj(op.coeffs[r * dim + r]);
        for (std::size_t c = r + 1; c < dim; ++c) {
          const Complex upper = op.coeffs[r * dim + c];
          op.coeffs[r * dim + c] = std::conj(op.coeffs[c * dim + r]);
          op.coeffs[c * dim + r] = std::conj(upper);
        }
      }
      return;
    }
  }
}

void adjoint_in_place(GateOps& ops) {
  const unsigned n = ops.size();
  for (unsigned i = 0; i < n / 2; ++i) std::swap(ops[i], ops[n - 1 - i]);
  for (QubitOp& op : ops) adjoint_in_place(op);
}

void add_controls(GateOps& ops, QubitMask mask, QubitMask values) {
  for (QubitOp& op : ops) {
    op.control_mask |= mask;
    op.control_values |= values & mask;
  }
}

}  // namespace qrt::sv
