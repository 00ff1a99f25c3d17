// Applying QIS gates to the thread's device: a QIS gate name maps to one native gate; controls come from
// the __ctl forms. Shared by gates.cpp (the entry points) and pauli_products.cpp (r, exp, measure).
#pragma once

#include "capi/guarded.hpp"

#include <initializer_list>
#include <span>
#include <vector>

namespace qrt::capi {

using context::QisGate;

// Applies the native gate for `gate` to the qubits, under `controls` (all must be |1>).
void apply_gate(context::ThreadContext& ctx, QisGate gate, std::initializer_list<double> params,
                std::initializer_list<QUBIT*> qubits, bool adjoint = false, std::span<const Wire> controls = {});
// A gate the device lacks: expanded into its gates by the OpenQASM lowering, exactly (uncontrolled: up to
// an unobservable global phase; under `controls`: every operation controlled and the phase restored on the
// controls); Error(Unsupported) naming the device's gates when that cannot be done.
void apply_by_expansion(context::ThreadContext& ctx, QisGate gate, std::span<const double> params,
                        std::span<const Wire> wires, bool adjoint, std::span<const Wire> controls = {});
// The wires of an array of control qubits (the first argument of every __ctl form).
std::vector<Wire> control_wires(context::ThreadContext& ctx, QirArray* controls);
// A phase e^{i phi} applied only where every control is |1> (a no-op without controls: global phase):
// PhaseShift on one control under the others, or without PhaseShift, RZ and half the phase on the rest.
void apply_controlled_phase(context::ThreadContext& ctx, double phi, std::span<const Wire> controls);

}  // namespace qrt::capi
