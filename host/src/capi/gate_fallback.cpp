// A QIS gate the device does not offer natively: expanded exactly into the device's gates by the program
// model's lowering (host/src/program: native mappings first, else the standard gates' definitions), the
// same rules `qrt run` applies to QASM programs; no front end is involved. Uncontrolled, the expansion's
// global phase is unobservable and dropped. Under the controls of a __ctl call it would be a relative phase: there
// every operation of the expansion runs under the controls too, and the phase between the expansion's product and the
// gate's own matrix (host/src/reference: the matrices the conformance kit checks devices against) is put back exactly
// on the controls.
#include "capi/gate_application.hpp"
#include "capi/qis_gate_table.hpp"

#include <qrt/circuit_runner.hpp>
#include <qrt/device_type.hpp>
#include <qrt/program/error.hpp>
#include <qrt/program/gate_library.hpp>
#include <qrt/program/lowering.hpp>
#include <qrt/program/program.hpp>

#include "reference/dense_matrix.hpp"
#include "reference/reference_gates.hpp"

#include <array>
#include <optional>
#include <vector>

namespace qrt::capi {
namespace {

std::string gate_name(QisGate gate) { return context::kQisGateNames[static_cast<std::size_t>(gate)]; }

// The Program of one application of the standard gate `name` to the wires 0..n-1; nullopt when the
// library has no such gate (ryy: qelib1.inc has none, so only a device with IsingYY runs it).
std::optional<program::Program> one_gate_program(const char* name, std::span<const double> params, std::size_t n) {
  const std::optional<std::uint32_t> gate = program::find_standard_gate(name);
  if (!gate) return std::nullopt;
  const std::span<const program::GateDefinition> library = program::standard_gates();
  const auto width = static_cast<std::uint32_t>(n);
  program::Program program;
  program.gates.assign(library.begin(), library.end());
  program.num_qubits = width;
  program.qregs.push_back(program::Register{"q", 0, width, {}});
  program.parameters.assign(params.begin(), params.end());
  for (std::uint32_t wire = 0; wire < width; ++wire) program.operands.push_back(wire);
  program::Operation op;
  op.kind = program::OpKind::Gate;
  op.gate = *gate;
  op.params = program::IndexRange{0, static_cast<std::uint32_t>(params.size())};
  op.qubits = program::IndexRange{0, width};
  program.operations.push_back(op);
  return program;
}

// The matrix of one lowered operation on the gate's `n` local wires (wire 0 the most significant bit).
reference::Matrix operation_matrix(const program::LoweredProgram& lowered, const program::LoweredOperation& op,
                                   std::size_t n) {
  reference::Matrix m;
  if (op.kind == program::LoweredKind::Gate) {
    const reference::ReferenceGate* known = reference::find_reference_gate(lowered.gate_name(op));
    if (!known)
      throw Error(ErrorCode::Unsupported, "no reference matrix for " + std::string(lowered.gate_name(op)) +
                                              ", which a controlled expansion needs to keep its phase exact");
    m = known->matrix(lowered.params(op), static_cast<unsigned>(op.wires.count));
  } else {
    auto entries = lowered.matrix(op);
    std::size_t dim = std::size_t{1} << op.wires.count;
    m = reference::Matrix(dim, std::vector<reference::Complex>(entries.begin(), entries.end()));
  }
  if (op.adjoint) m = reference::adjoint(m);
  std::vector<std::size_t> targets, controls;
  for (std::uint32_t w : lowered.targets(op)) targets.push_back(w);
  for (std::uint32_t w : lowered.controls(op)) controls.push_back(w);
  const std::size_t dim = std::size_t{1} << n;
  reference::Matrix full(dim);
  for (std::size_t column = 0; column < dim; ++column) {
    std::vector<reference::Complex> basis(dim);
    basis[column] = 1;
    auto image = reference::apply_controlled(basis, n, m, targets, controls, lowered.control_states(op));
    for (std::size_t row = 0; row < dim; ++row) full(row, column) = image[row];
  }
  return full;
}

// φ with  gate matrix = e^{iφ} × (product of the lowered operations), checked to hold exactly.
double expansion_phase(const program::LoweredProgram& lowered, QisGate gate, std::span<const double> params,
                       std::size_t n, bool adjoint) {
  const reference::ReferenceGate* known = reference::find_reference_gate(gate_name(gate));
  if (!known) throw Error(ErrorCode::Internal, "no reference matrix for the QIS gate " + gate_name(gate));
  reference::Matrix want = known->matrix(params, static_cast<unsigned>(n));
  if (adjoint) want = reference::adjoint(want);
  reference::Matrix product = reference::Matrix::identity(std::size_t{1} << n);
  for (const program::LoweredOperation& op : lowered.operations)
    if (op.kind == program::LoweredKind::Gate || op.kind == program::LoweredKind::Matrix)
      product = operation_matrix(lowered, op, n) * product;
  std::size_t best = 0;
  for (std::size_t k = 1; k < want.entries().size(); ++k)
    if (std::abs(want.entries()[k]) > std::abs(want.entries()[best])) best = k;
  const double phi = std::arg(want.entries()[best]) - std::arg(product.entries()[best]);
  if (reference::max_difference(want, std::polar(1.0, phi) * product) > 1e-9)
    throw Error(ErrorCode::Internal, "the expansion of " + gate_name(gate) + " is not the gate up to a phase");
  return phi;
}

}  // namespace

void apply_by_expansion(context::ThreadContext& ctx, QisGate gate, std::span<const double> params,
                        std::span<const Wire> wires, bool adjoint, std::span<const Wire> controls) {
  if (!controls.empty() && !ctx.device.type().capabilities().controlled_gates)
    throw Error(ErrorCode::Unsupported,
                ctx.device.name() + " offers neither the gate " + gate_name(gate) +
                    " nor gates under extra control qubits, which a controlled call of it needs");
  const Qelib1Name& names = qelib1_name(gate);
  const char* name = adjoint && names.adjoint ? names.adjoint : names.body;
  std::vector<double> angles(params.begin(), params.end());
  if (adjoint && !names.adjoint)
    for (double& angle : angles) angle = -angle;
  const auto unsupported = [&] {
    std::string list;
    for (const auto& g : ctx.device.type().capabilities().gates) list += (list.empty() ? "" : ", ") + g;
    return Error(ErrorCode::Unsupported, ctx.device.name() + " offers neither the gate " + gate_name(gate) +
                                             " nor the gates to build it from (it has: " + list + ")");
  };
  const std::optional<program::Program> program = one_gate_program(name, angles, wires.size());
  if (!program) throw unsupported();
  program::LoweredProgram lowered;
  try {
    lowered = program::lower(*program, gate_set_of(ctx.device.type()));
  } catch (const program::Error&) {
    throw unsupported();
  }
  // Under controls: the expansion's phase relative to the gate, restored on the controls at the end.
  const double phase = controls.empty() ? 0.0 : expansion_phase(lowered, gate, params, wires.size(), adjoint);
  std::vector<Wire> targets, op_controls;
  std::vector<std::uint8_t> values;
  for (const program::LoweredOperation& op : lowered.operations) {
    targets.clear();
    op_controls.assign(controls.begin(), controls.end());
    values.assign(controls.size(), 1);
    for (std::uint32_t w : lowered.targets(op)) targets.push_back(wires[w]);
    for (std::uint32_t w : lowered.controls(op)) op_controls.push_back(wires[w]);
    for (std::uint8_t v : lowered.control_states(op)) values.push_back(v);
    if (op.kind == program::LoweredKind::Gate) {
      auto id = ctx.device.gate_id(lowered.gate_name(op));
      if (!id)
        throw Error(ErrorCode::Internal,
                    "lowering produced the gate " + std::string(lowered.gate_name(op)) + " the device lacks");
      ctx.device.apply(*id, lowered.params(op), targets, op_controls, values, op.adjoint);
    } else if (op.kind == program::LoweredKind::Matrix) {
      ctx.device.apply_matrix(lowered.matrix(op), targets, op_controls, values, op.adjoint);
    }
  }
  apply_controlled_phase(ctx, phase, controls);
}

}  // namespace qrt::capi
