// Validating SDK gate and matrix calls and lowering them to QubitOps on the device's qubits.
// Every error names the gate and what was wrong (qrt::sdk::Error, invalid argument).
#pragma once

#include "device_common/wire_map.hpp"
#include "gates/gate_ops.hpp"

#include <qrt/sdk/device.hpp>

#include <vector>

namespace qrt::sv {

// The ops of a catalog gate call: checks the id, parameter count and finiteness, wire count, that
// every wire (targets and controls) is allocated and named once, and the control values.
GateOps lower_gate_call(const qrt::sdk::GateCall& call, const WireMap& wires);

// The op of an explicit unitary (QubitUnitary): checks size, finiteness and unitarity as well.
// The op borrows its matrix from `storage`.
QubitOp lower_matrix_call(const qrt::sdk::MatrixCall& call, const WireMap& wires, std::vector<Complex>& storage);

// Largest deviation from unitarity accepted, max |(U^dagger U - I)_ij|.
inline constexpr double kUnitarityTolerance = 1e-8;

}  // namespace qrt::sv
