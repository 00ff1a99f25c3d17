// The kit's reference (host/src/reference: dense matrices, a textbook state-vector simulator and the
// PennyLane gate set's matrices, written independently of any device), by the names the checks use.
#pragma once

#include "reference/dense_matrix.hpp"
#include "reference/reference_gates.hpp"

namespace qrt::conformance {

using reference::Complex;
using reference::Matrix;
using reference::ReferenceGate;

using reference::adjoint;
using reference::apply_controlled;
using reference::apply_on_positions;
using reference::controlled;
using reference::expectation;
using reference::find_reference_gate;
using reference::kron;
using reference::marginal;
using reference::max_difference;
using reference::probabilities;
using reference::reference_gates;

}  // namespace qrt::conformance
