// The QIS gate functions as data: which gate each applies and how qelib1.inc spells it. Shared by the
// runtime's expansion of a gate the device lacks (gate_fallback.cpp) and the QIR front end, which reads a
// straight-line program's gate calls into the program model instead of compiling them (host/src/qir).
// The functions themselves are in gates.cpp; a test checks that every entry here names one of them.
#pragma once

#include "context/execution_context.hpp"

#include <optional>
#include <span>
#include <string_view>

namespace qrt::capi {

// The qelib1.inc spelling of a QIS gate and of its adjoint (nullptr: the adjoint is the gate with its
// angle negated).
struct Qelib1Name {
  const char* body;
  const char* adjoint;
};
const Qelib1Name& qelib1_name(context::QisGate gate) noexcept;

// One uncontrolled QIS gate function: `function(angles..., qubits...)` applies `gate` (its adjoint when
// `adjoint`) with `angles` parameters to `qubits` qubits. A Quantinuum gate is one of qelib1's under
// another name (`fixed_angle`: the angle it always applies) or, when `phased_x`, PhasedX(θ, φ) =
// RZ(φ) RX(θ) RZ(-φ), applied as gates.cpp applies it: rz(-φ), rx(θ), rz(φ) in time order.
struct QisGateFunction {
  std::string_view function;
  context::QisGate gate;
  bool adjoint = false;
  unsigned angles = 0;
  unsigned qubits = 1;
  std::optional<double> fixed_angle;
  bool phased_x = false;
};
std::span<const QisGateFunction> qis_gate_functions() noexcept;
const QisGateFunction* find_qis_gate_function(std::string_view function) noexcept;

}  // namespace qrt::capi
