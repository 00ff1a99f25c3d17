// A QIS gate the device does not offer natively: expanded exactly into the device's gates by the
// OpenQASM front end's lowering (host/src/qasm: native mappings first, else qelib1 definitions), the
// same rules `qrt run` applies to QASM programs. Uncontrolled, the expansion's global phase is
// unobservable and dropped. Under the controls of a __ctl call it would be a relative phase: there every
// operation of the expansion runs under the controls too, and the phase between the expansion's product
// and the gate's own matrix (the reference matrices of the conformance kit) is put back exactly on the
// controls.
#include "capi/gate_application.hpp"
#include "capi/qis_gate_table.hpp"

#include <qrt/circuit_runner.hpp>
#include <qrt/device_type.hpp>
#include <qrt/program/error.hpp>
#include <qrt/qasm/parser.hpp>

#include "conformance/dense_matrix.hpp"
#include "conformance/reference_gates.hpp"

#include <array>
#include <cstdio>

namespace qrt::capi {
namespace {

std::string gate_name(QisGate gate) { return context::kQisGateNames[static_cast<std::size_t>(gate)]; }

// The matrix of one lowered operation on the gate's `n` local wires (wire 0 the most significant bit).
conformance::Matrix operation_matrix(const program::LoweredProgram& lowered, const program::LoweredOperation& op, std::size_t n) {
  conformance::Matrix m;
  if (op.kind == program::LoweredKind::Gate) {
    const conformance::ReferenceGate* reference = conformance::find_reference_gate(lowered.gate_name(op));
    if (!reference)
      throw Error(ErrorCode::Unsupported, "no reference matrix for " + std::string(lowered.gate_name(op)) +
                                              ", which a controlled expansion needs to keep its phase exact");
    m = reference->matrix(lowered.params(op), static_cast<unsigned>(op.wires.count));
  } else {
    auto entries = lowered.matrix(op);
    std::size_t dim = std::size_t{1} << op.wires.count;
    m = conformance::Matrix(dim, std::vector<conformance::Complex>(entries.begin(), entries.end()));
  }
  if (op.adjoint) m = conformance::adjoint(m);
  std::vector<std::size_t> targets, controls;
  for (std::uint32_t w : lowered.targets(op)) targets.push_back(w);
  for (std::uint32_t w : lowered.controls(op)) controls.push_back(w);
  const std::size_t dim = std::size_t{1} << n;
  conformance::Matrix full(dim);
  for (std::size_t column = 0; column < dim; ++column) {
    std::vector<conformance::Complex> basis(dim);
    basis[column] = 1;
    auto image = conformance::apply_controlled(basis, n, m, targets, controls, lowered.control_states(op));
    for (std::size_t row = 0; row < dim; ++row) full(row, column) = image[row];
  }
  return full;
}

// φ with  gate matrix = e^{iφ} × (product of the lowered operations), checked to hold exactly.
double expansion_phase(const program::LoweredProgram& lowered, QisGate gate, std::span<const double> params, std::size_t n,
                       bool adjoint) {
  const conformance::ReferenceGate* reference = conformance::find_reference_gate(gate_name(gate));
  if (!reference) throw Error(ErrorCode::Internal, "no reference matrix for the QIS gate " + gate_name(gate));
  conformance::Matrix want = reference->matrix(params, static_cast<unsigned>(n));
  if (adjoint) want = conformance::adjoint(want);
  conformance::Matrix product = conformance::Matrix::identity(std::size_t{1} << n);
  for (const program::LoweredOperation& op : lowered.operations)
    if (op.kind == program::LoweredKind::Gate || op.kind == program::LoweredKind::Matrix)
      product = operation_matrix(lowered, op, n) * product;
  std::size_t best = 0;
  for (std::size_t k = 1; k < want.entries().size(); ++k)
    if (std::abs(want.entries()[k]) > std::abs(want.entries()[best])) best = k;
  const double phi = std::arg(want.entries()[best]) - std::arg(product.entries()[best]);
  if (conformance::max_difference(want, std::polar(1.0, phi) * product) > 1e-9)
    throw Error(ErrorCode::Internal, "the expansion of " + gate_name(gate) + " is not the gate up to a phase");
  return phi;
}

}  // namespace

void apply_by_expansion(context::ThreadContext& ctx, QisGate gate, std::span<const double> params, std::span<const Wire> wires,
                        bool adjoint, std::span<const Wire> controls) {
  if (!controls.empty() && !ctx.device.type().capabilities().controlled_gates)
    throw Error(ErrorCode::Unsupported, ctx.device.name() + " offers neither the gate " + gate_name(gate) +
                                            " nor gates under extra control qubits, which a controlled call of it needs");
  const Qelib1Name& names = qelib1_name(gate);
  std::string call = adjoint && names.adjoint ? names.adjoint : names.body;
  std::string text = "OPENQASM 2.0;\ninclude \"qelib1.inc\";\nqreg q[" + std::to_string(wires.size()) + "];\n" + call;
  if (!params.empty()) {
    char number[40];
    std::snprintf(number, sizeof number, "%.17g", adjoint && !names.adjoint ? -params[0] : params[0]);
    text += std::string("(") + number + ")";
  }
  for (std::size_t i = 0; i < wires.size(); ++i) text += (i ? ", q[" : " q[") + std::to_string(i) + "]";
  text += ";\n";
  program::LoweredProgram lowered;
  try {
    program::Program program = qasm::parse_string(text, "<" + call + ">");
    lowered = program::lower(program, gate_set_of(ctx.device.type()));
  } catch (const program::Error&) {
    throw Error(ErrorCode::Unsupported, ctx.device.name() + " offers neither the gate " +
                                            context::kQisGateNames[static_cast<std::size_t>(gate)] +
                                            " nor the gates to build it from (it has: " + [&] {
                                              std::string list;
                                              for (const auto& g : ctx.device.type().capabilities().gates)
                                                list += (list.empty() ? "" : ", ") + g;
                                              return list;
                                            }() + ")");
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
      if (!id) throw Error(ErrorCode::Internal, "lowering produced the gate " + std::string(lowered.gate_name(op)) + " the device lacks");
      ctx.device.apply(*id, lowered.params(op), targets, op_controls, values, op.adjoint);
    } else if (op.kind == program::LoweredKind::Matrix) {
      ctx.device.apply_matrix(lowered.matrix(op), targets, op_controls, values, op.adjoint);
    }
  }
  apply_controlled_phase(ctx, phase, controls);
}

}  // namespace qrt::capi
