// The gates statevector.qubit implements, by PennyLane/Catalyst name, with PennyLane's matrices and
// parameter conventions. The catalog's order is the device's gate-id order (Capabilities::gates), so
// a GateCall is looked up by index, never by name.
#pragma once

#include "gates/gate_ops.hpp"

#include <limits>
#include <span>
#include <string_view>

namespace qrt::sv {

// Builds the ops of the gate on `targets` (qubit indices in the call's wire order, the first being the
// most significant bit of the gate's matrix). Controls the gate has by definition are not included.
using GateBuilder = void (*)(std::span<const double> params, std::span<const unsigned> targets, GateOps& out);

inline constexpr unsigned kAnyNumberOfWires = std::numeric_limits<unsigned>::max();

struct GateSpec {
  std::string_view name;
  unsigned num_params;
  unsigned min_wires, max_wires;  // wires of a call, including the gate's own control wires
  unsigned own_controls;          // the first `own_controls` wires are controls on 1 (CNOT: 1, Toffoli: 2)
  GateBuilder build;
};

std::span<const GateSpec> gate_catalog();

}  // namespace qrt::sv
