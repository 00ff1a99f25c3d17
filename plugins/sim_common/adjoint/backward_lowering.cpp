#include "adjoint/backward_lowering.hpp"

#include "device_common/gate_lowering.hpp"
#include "gates/gate_catalog.hpp"

#include <qrt/sdk/error.hpp>

#include <string>

namespace qrt::sv {

namespace {

Generator generator_of(const qrt::sdk::GateCall& call, std::size_t param, const WireMap& wires) {
  const GateSpec& spec = gate_catalog()[call.id];
  std::vector<unsigned> qubits;
  qubits.reserve(call.wires.size());
  for (qrt::sdk::Wire w : call.wires) qubits.push_back(wires.qubit(w, spec.name));
  GateCallQubits q{spec.name, call.params, qubits, spec.own_controls, 0, 0, call.adjoint};
  for (std::size_t i = 0; i < call.controls.size(); ++i) {
    const QubitMask bit = QubitMask{1} << wires.qubit(call.controls[i], spec.name);
    q.extra_control_mask |= bit;
    if (call.control_values[i]) q.extra_control_values |= bit;
  }
  std::optional<Generator> g = gate_generator(q, param);
  if (!g) qrt::sdk::throw_unsupported("adjoint_jacobian: gate '" + std::string(spec.name) + "' is not differentiable");
  return std::move(*g);
}

}  // namespace

std::vector<BackwardStep> lower_backward_steps(const qrt::sdk::AdjointJacobianRequest& request, const WireMap& wires) {
  std::vector<BackwardStep> steps(request.ops.size());
  for (std::size_t k = 0; k < request.ops.size(); ++k) {
    const qrt::sdk::CircuitOp& op = request.ops[k];
    BackwardStep& step = steps[k];
    if (op.gate) {
      qrt::sdk::GateCall inverse = *op.gate;
      inverse.adjoint = !inverse.adjoint;
      step.inverse = lower_gate_call(inverse, wires);
    } else {
      qrt::sdk::MatrixCall inverse = *op.matrix;
      inverse.adjoint = !inverse.adjoint;
      step.inverse.add(lower_matrix_call(inverse, wires, step.matrix));
    }
  }
  for (std::size_t column = 0; column < request.trainable.size(); ++column) {
    const qrt::sdk::TrainableParam& t = request.trainable[column];
    steps[t.op_index].generators.emplace_back(column,
                                              generator_of(*request.ops[t.op_index].gate, t.param_index, wires));
  }
  return steps;
}

}  // namespace qrt::sv
