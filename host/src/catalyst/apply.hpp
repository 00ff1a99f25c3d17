// Applying Catalyst's gate calls to the session's device: Modifiers (adjoint, controls and their values)
// in Catalyst's layout, the gates qrt builds from device gates (PauliRot, PCPhase, state preparation), and
// the recorder's tape.
#pragma once

#include "catalyst/session.hpp"

#include <complex>
#include <span>
#include <string_view>

namespace qrt::catalyst {

// Catalyst's `struct Modifiers` as compiled code lays it out ({i1, i64, ptr, ptr}): the controls are
// QUBIT* values (wire ids), their values one byte each. A null Modifiers* means none.
struct Modifiers {
  bool adjoint;
  std::size_t num_controlled;
  const QubitId* controlled_wires;
  const bool* controlled_values;
};

// One gate on the device (its own gate of that name), under the modifiers; recorded while the recorder is
// on, each parameter as one of Catalyst's gate parameters.
void apply_gate(Session& s, Gate gate, std::span<const double> params, std::span<const Wire> wires,
                const Modifiers* modifiers);
void apply_gate(Session& s, Gate gate, std::span<const double> params, std::span<const Wire> wires, bool adjoint,
                std::span<const Wire> controls, std::span<const std::uint8_t> control_values);
// A matrix (row-major, 2^k x 2^k for k wires, first wire the most significant bit). `params` are the
// Catalyst parameters it stands for: recorded, but not differentiable.
void apply_matrix(Session& s, std::string_view name, std::span<const std::complex<double>> matrix,
                  std::span<const Wire> wires, const Modifiers* modifiers, std::size_t params = 0);

// exp(-iθ/2 P) for a Pauli word P over `wires` (one letter each, I X Y Z), as PennyLane's PauliRot.
void apply_pauli_rotation(Session& s, std::string_view word, double theta, std::span<const Wire> wires,
                          const Modifiers* modifiers);
// PennyLane's PCPhase(φ, dim): e^{iφ} on the first `dim` basis states of `wires`, e^{-iφ} on the rest.
void apply_pc_phase(Session& s, double phi, std::int64_t dim, std::span<const Wire> wires, const Modifiers* modifiers);
// State preparation as Lightning does it: every wire back to |0>, then `state` (2^k amplitudes, first wire
// the most significant bit) on `wires`, or the basis state `bits` (0/1 each).
void prepare_state(Session& s, std::span<const std::complex<double>> state, std::span<const Wire> wires);
void prepare_basis_state(Session& s, std::span<const std::uint8_t> bits, std::span<const Wire> wires);

}  // namespace qrt::catalyst
