// The QIS gates: body, adjoint and controlled forms, each one native gate of the device.
#include "capi/gate_application.hpp"
#include "capi/runtime_objects_api.hpp"

#include <array>
#include <numbers>

using qrt::Error;
using qrt::ErrorCode;
using qrt::Wire;
using qrt::context::ThreadContext;
using namespace qrt::capi;

namespace qrt::capi {

void apply_gate(ThreadContext& ctx, QisGate gate, std::initializer_list<double> params,
                std::initializer_list<QUBIT*> qubits, bool adjoint, std::span<const Wire> controls) {
  count_operation(ctx);
  const auto& id = ctx.gate_ids[static_cast<std::size_t>(gate)];
  std::array<Wire, 3> wires{};
  std::size_t n = 0;
  for (QUBIT* q : qubits) wires[n++] = wire_of(ctx, q);
  if (!id) {
    apply_by_expansion(ctx, gate, {params.begin(), params.size()}, {wires.data(), n}, adjoint, controls);
    return;
  }
  if (controls.empty()) {
    ctx.device.apply(*id, {params.begin(), params.size()}, {wires.data(), n}, {}, {}, adjoint);
    return;
  }
  if (!ctx.device.type().capabilities().controlled_gates)
    throw Error(ErrorCode::Unsupported, ctx.device.name() + " does not apply gates under extra control qubits");
  std::vector<std::uint8_t> ones(controls.size(), 1);
  ctx.device.apply(*id, {params.begin(), params.size()}, {wires.data(), n}, controls, ones, adjoint);
}

std::vector<Wire> control_wires(ThreadContext& ctx, QirArray* handle) {
  QirArray& array = array_at(ctx, handle);
  std::vector<Wire> wires;
  wires.reserve(static_cast<std::size_t>(array.count));
  for (std::int64_t i = 0; i < array.count; ++i) wires.push_back(wire_of(ctx, qubit_at(array, i)));
  return wires;
}

void apply_controlled_phase(ThreadContext& ctx, double phi, std::span<const Wire> controls) {
  if (controls.empty() || phi == 0.0) return;
  std::vector<std::uint8_t> ones(controls.size() - 1, 1);
  double params[1] = {phi};
  if (const auto& id = ctx.gate_ids[static_cast<std::size_t>(QisGate::PhaseShift)]) {
    ctx.device.apply(*id, params, controls.first(1), controls.subspan(1), ones, false);
    return;
  }
  // RZ(φ) = e^{-iφ/2} diag(1, e^{iφ}) on the first control: what is left is e^{iφ/2} on the others.
  const auto& rz = ctx.gate_ids[static_cast<std::size_t>(QisGate::RZ)];
  if (!rz)
    throw Error(ErrorCode::Unsupported,
                ctx.device.name() + " offers neither PhaseShift nor RZ (needed for a controlled phase)");
  ctx.device.apply(*rz, params, controls.first(1), controls.subspan(1), ones, false);
  apply_controlled_phase(ctx, phi / 2, controls.subspan(1));
}

}  // namespace qrt::capi

namespace {

void gate(const char* function, QisGate g, std::initializer_list<double> params, std::initializer_list<QUBIT*> qubits,
          bool adjoint = false) {
  guarded(function, [&] { apply_gate(active(), g, params, qubits, adjoint); });
}

void controlled(const char* function, QirArray* controls, QisGate g, std::initializer_list<double> params,
                std::initializer_list<QUBIT*> qubits, bool adjoint = false) {
  guarded(function, [&] {
    ThreadContext& ctx = active();
    auto wires = control_wires(ctx, controls);
    apply_gate(ctx, g, params, qubits, adjoint, wires);
  });
}

// __ctl of a rotation: the tuple is {double angle, QUBIT* target}.
void controlled_rotation(const char* function, QirArray* controls, QisGate g, QirTuple* args, bool adjoint = false) {
  guarded(function, [&] {
    ThreadContext& ctx = active();
    if (!args) throw Error(ErrorCode::InvalidArgument, "NULL argument tuple");
    auto wires = control_wires(ctx, controls);
    apply_gate(ctx, g, {tuple_field<double>(args, 0)}, {tuple_field<QUBIT*>(args, 8)}, adjoint, wires);
  });
}

}  // namespace

extern "C" {

#define QRT_QIS_1(fn, g, adj) \
  void fn(QUBIT* q) { gate(#fn, QisGate::g, {}, {q}, adj); }
QRT_QIS_1(__quantum__qis__h__body, H, false)
QRT_QIS_1(__quantum__qis__x__body, X, false)
QRT_QIS_1(__quantum__qis__y__body, Y, false)
QRT_QIS_1(__quantum__qis__z__body, Z, false)
QRT_QIS_1(__quantum__qis__s__body, S, false)
QRT_QIS_1(__quantum__qis__s__adj, S, true)
QRT_QIS_1(__quantum__qis__t__body, T, false)
QRT_QIS_1(__quantum__qis__t__adj, T, true)
QRT_QIS_1(__quantum__qis__sx__body, SX, false)
#undef QRT_QIS_1

#define QRT_QIS_1_CTL(fn, g, adj) \
  void fn(QirArray* controls, QUBIT* q) { controlled(#fn, controls, QisGate::g, {}, {q}, adj); }
QRT_QIS_1_CTL(__quantum__qis__h__ctl, H, false)
QRT_QIS_1_CTL(__quantum__qis__x__ctl, X, false)
QRT_QIS_1_CTL(__quantum__qis__y__ctl, Y, false)
QRT_QIS_1_CTL(__quantum__qis__z__ctl, Z, false)
QRT_QIS_1_CTL(__quantum__qis__s__ctl, S, false)
QRT_QIS_1_CTL(__quantum__qis__s__ctladj, S, true)
QRT_QIS_1_CTL(__quantum__qis__t__ctl, T, false)
QRT_QIS_1_CTL(__quantum__qis__t__ctladj, T, true)
#undef QRT_QIS_1_CTL

void __quantum__qis__rx__body(double theta, QUBIT* q) { gate(__func__, QisGate::RX, {theta}, {q}); }
void __quantum__qis__ry__body(double theta, QUBIT* q) { gate(__func__, QisGate::RY, {theta}, {q}); }
void __quantum__qis__rz__body(double theta, QUBIT* q) { gate(__func__, QisGate::RZ, {theta}, {q}); }
void __quantum__qis__rx__ctl(QirArray* c, QirTuple* args) { controlled_rotation(__func__, c, QisGate::RX, args); }
void __quantum__qis__ry__ctl(QirArray* c, QirTuple* args) { controlled_rotation(__func__, c, QisGate::RY, args); }
void __quantum__qis__rz__ctl(QirArray* c, QirTuple* args) { controlled_rotation(__func__, c, QisGate::RZ, args); }

void __quantum__qis__cnot__body(QUBIT* c, QUBIT* t) { gate(__func__, QisGate::CNOT, {}, {c, t}); }
void __quantum__qis__cx__body(QUBIT* c, QUBIT* t) { gate(__func__, QisGate::CNOT, {}, {c, t}); }
void __quantum__qis__cy__body(QUBIT* c, QUBIT* t) { gate(__func__, QisGate::CY, {}, {c, t}); }
void __quantum__qis__cz__body(QUBIT* c, QUBIT* t) { gate(__func__, QisGate::CZ, {}, {c, t}); }
void __quantum__qis__swap__body(QUBIT* a, QUBIT* b) { gate(__func__, QisGate::SWAP, {}, {a, b}); }
void __quantum__qis__ccx__body(QUBIT* c1, QUBIT* c2, QUBIT* t) { gate(__func__, QisGate::Toffoli, {}, {c1, c2, t}); }
void __quantum__qis__rxx__body(double theta, QUBIT* a, QUBIT* b) { gate(__func__, QisGate::RXX, {theta}, {a, b}); }
void __quantum__qis__ryy__body(double theta, QUBIT* a, QUBIT* b) { gate(__func__, QisGate::RYY, {theta}, {a, b}); }
void __quantum__qis__rzz__body(double theta, QUBIT* a, QUBIT* b) { gate(__func__, QisGate::RZZ, {theta}, {a, b}); }

void __quantum__qis__swap__ctl(QirArray* controls, QirTuple* args) {
  guarded(__func__, [&] {
    ThreadContext& ctx = active();
    if (!args) throw Error(ErrorCode::InvalidArgument, "NULL argument tuple");
    auto wires = control_wires(ctx, controls);
    apply_gate(ctx, QisGate::SWAP, {}, {tuple_field<QUBIT*>(args, 0), tuple_field<QUBIT*>(args, 8)}, false, wires);
  });
}

// Quantinuum's native gates (pytket's definitions, angles in radians as QIR passes them):
// PhasedX(θ, φ) = RZ(φ) RX(θ) RZ(-φ) = exp(-iθ/2 (cos φ X + sin φ Y)), which Quantinuum calls U1q;
// ZZPhase(θ) = exp(-iθ/2 Z⊗Z) = RZZ(θ); ZZMax = ZZPhase(π/2), which pytket-qir calls zz.
void __quantum__qis__phasedx__body(double theta, double phi, QUBIT* q) {
  guarded(__func__, [&] {
    ThreadContext& ctx = active();
    apply_gate(ctx, QisGate::RZ, {-phi}, {q});
    apply_gate(ctx, QisGate::RX, {theta}, {q});
    apply_gate(ctx, QisGate::RZ, {phi}, {q});
  });
}
void __quantum__qis__u1q__body(double theta, double phi, QUBIT* q) { __quantum__qis__phasedx__body(theta, phi, q); }
void __quantum__qis__zzphase__body(double theta, QUBIT* a, QUBIT* b) { gate(__func__, QisGate::RZZ, {theta}, {a, b}); }
void __quantum__qis__zzmax__body(QUBIT* a, QUBIT* b) { gate(__func__, QisGate::RZZ, {std::numbers::pi / 2}, {a, b}); }
void __quantum__qis__zz__body(QUBIT* a, QUBIT* b) { gate(__func__, QisGate::RZZ, {std::numbers::pi / 2}, {a, b}); }

// A barrier orders operations for hardware compilers; a simulator has nothing to do.
void __quantum__qis__barrier__body(void) {}

}  // extern "C"
