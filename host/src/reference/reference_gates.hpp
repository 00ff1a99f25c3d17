// Reference matrices of the PennyLane gate set, written from the textbook definitions (PennyLane's
// conventions: RZ(θ) = diag(e^{-iθ/2}, e^{iθ/2}), Rot(φ,θ,ω) = RZ(ω) RY(θ) RZ(φ), GlobalPhase(φ) =
// e^{-iφ} I, controls first in the wire list...). A gate name without an entry has no reference (the
// conformance kit reports its checks as "not checked").
#pragma once

#include "reference/dense_matrix.hpp"

#include <span>
#include <string_view>

namespace qrt::reference {

struct ReferenceGate {
  std::string_view name;
  unsigned num_params;
  // Wires of a call (the gate's own controls included). Gates on any number of wires (Identity,
  // MultiRZ, GlobalPhase) are checked on 1 to max_wires wires.
  unsigned min_wires, max_wires;
  Matrix (*matrix)(std::span<const double> params, unsigned num_wires);
};

// The whole table, sorted by name.
std::span<const ReferenceGate> reference_gates();
// nullptr when there is no reference for `name`.
const ReferenceGate* find_reference_gate(std::string_view name);

}  // namespace qrt::reference
