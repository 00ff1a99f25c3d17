// GateOps: the QubitOps one gate lowers to (at most two, applied in order), plus the transformations
// every gate supports: adjoint and extra controls.
#pragma once

#include "kernels/qubit_op.hpp"

#include <array>

namespace qrt::sv {

struct GateOps {
  std::array<QubitOp, 2> ops;
  unsigned count = 0;

  void add(const QubitOp& op) { ops[count++] = op; }
  const QubitOp* begin() const { return ops.data(); }
  const QubitOp* end() const { return ops.data() + count; }
};

// The adjoint of one op (conjugate transpose of its matrix). A Dense op must hold its matrix inline.
void adjoint_in_place(QubitOp& op);
// The adjoint of a sequence: reversed, each op adjointed.
void adjoint_in_place(GateOps& ops);
// Adds controls (qubits in `mask` must equal `values`) to every op.
void add_controls(GateOps& ops, QubitMask mask, QubitMask values);

}  // namespace qrt::sv
