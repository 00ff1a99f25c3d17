// An SDK adjoint-Jacobian request (qrt/sdk/adjoint_jacobian.hpp) lowered to the sweep's steps on the
// device's qubits: each op's inverse, and the generators of its trainable parameters.
#pragma once

#include "adjoint/adjoint_sweep.hpp"
#include "device_common/wire_map.hpp"

#include <qrt/sdk/adjoint_jacobian.hpp>

#include <vector>

namespace qrt::sv {

// Validates every op as apply_gate / apply_matrix would (qrt::sdk::Error naming the gate), before the
// state changes; UNSUPPORTED for a trainable parameter of a gate without a generator.
std::vector<BackwardStep> lower_backward_steps(const qrt::sdk::AdjointJacobianRequest& request, const WireMap& wires);

}  // namespace qrt::sv
