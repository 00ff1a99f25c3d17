// A QIS gate the device does not offer natively: expanded exactly into the device's gates by the
// OpenQASM front end's lowering (host/src/qasm: native mappings first, else qelib1 definitions), the
// same rules `qrt run` applies to QASM programs. Uncontrolled gates only: an unobservable global phase
// may be dropped there, which a controlled gate could not afford.
#include "capi/gate_application.hpp"

#include <qrt/circuit_runner.hpp>
#include <qrt/device_type.hpp>
#include <qrt/qasm/error.hpp>
#include <qrt/qasm/parser.hpp>

#include <array>
#include <cstdio>

namespace qrt::capi {
namespace {

// The qelib1 spelling of each QIS gate (and of its adjoint), in QisGate order.
struct Qelib1Name {
  const char* body;
  const char* adjoint;
};
constexpr std::array<Qelib1Name, static_cast<std::size_t>(QisGate::Count)> kQelib1 = {{
    {"h", "h"},       {"x", "x"},     {"y", "y"},       {"z", "z"},     {"s", "sdg"},   {"t", "tdg"},
    {"sx", "sxdg"},   {"rx", nullptr}, {"ry", nullptr}, {"rz", nullptr}, {"cx", "cx"},   {"cy", "cy"},
    {"cz", "cz"},     {"swap", "swap"}, {"ccx", "ccx"},  {"rxx", nullptr}, {"ryy", nullptr}, {"rzz", nullptr},
    {"p", nullptr},
}};

}  // namespace

void apply_by_expansion(context::ThreadContext& ctx, QisGate gate, std::span<const double> params, std::span<const Wire> wires,
                        bool adjoint) {
  const Qelib1Name& names = kQelib1[static_cast<std::size_t>(gate)];
  std::string call = adjoint && names.adjoint ? names.adjoint : names.body;
  std::string text = "OPENQASM 2.0;\ninclude \"qelib1.inc\";\nqreg q[" + std::to_string(wires.size()) + "];\n" + call;
  if (!params.empty()) {
    char number[40];
    std::snprintf(number, sizeof number, "%.17g", adjoint && !names.adjoint ? -params[0] : params[0]);
    text += std::string("(") + number + ")";
  }
  for (std::size_t i = 0; i < wires.size(); ++i) text += (i ? ", q[" : " q[") + std::to_string(i) + "]";
  text += ";\n";
  qasm::LoweredProgram lowered;
  try {
    qasm::Program program = qasm::parse_string(text, "<" + call + ">");
    lowered = qasm::lower(program, gate_set_of(ctx.device.type()));
  } catch (const qasm::Error&) {
    throw Error(ErrorCode::Unsupported, ctx.device.name() + " offers neither the gate " +
                                            context::kQisGateNames[static_cast<std::size_t>(gate)] +
                                            " nor the gates to build it from (it has: " + [&] {
                                              std::string list;
                                              for (const auto& g : ctx.device.type().capabilities().gates)
                                                list += (list.empty() ? "" : ", ") + g;
                                              return list;
                                            }() + ")");
  }
  std::vector<Wire> targets, controls;
  for (const qasm::LoweredOperation& op : lowered.operations) {
    targets.clear();
    controls.clear();
    for (std::uint32_t w : lowered.targets(op)) targets.push_back(wires[w]);
    for (std::uint32_t w : lowered.controls(op)) controls.push_back(wires[w]);
    if (op.kind == qasm::LoweredKind::Gate) {
      auto id = ctx.device.gate_id(lowered.gate_name(op));
      if (!id) throw Error(ErrorCode::Internal, "lowering produced the gate " + std::string(lowered.gate_name(op)) + " the device lacks");
      ctx.device.apply(*id, lowered.params(op), targets, controls, lowered.control_states(op), op.adjoint);
    } else if (op.kind == qasm::LoweredKind::Matrix) {
      ctx.device.apply_matrix(lowered.matrix(op), targets, controls, lowered.control_states(op), op.adjoint);
    }
  }
}

}  // namespace qrt::capi
