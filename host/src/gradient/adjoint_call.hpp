// The host's side of the `qrt.adjoint_jacobian/1` extension (plugin_api's extensions/adjoint_jacobian.h):
// a DifferentiableCircuit handed to the device in one call.
#pragma once

#include "gradient/gradient_lowering.hpp"

#include <qrt/device.hpp>
#include <qrt/extensions/adjoint_jacobian.h>

#include <string>
#include <vector>

namespace qrt::gradient_detail {

// The instance's extension, or nullptr (not offered, isolated, or a table too short to hold `jacobian`).
const qrt_adjoint_jacobian_extension* adjoint_extension(const Device& device);

// The extension's differentiable gates that the device also lists. Throws qrt::Error(Internal) naming
// the device when the plugin's JSON is not an array of strings.
std::vector<std::string> adjoint_differentiable_gates(const Device& device, const qrt_adjoint_jacobian_extension& extension);

struct AdjointOutput {
  std::vector<double> expvals;   // one per observable
  std::vector<double> jacobian;  // observables x circuit.trainable, row-major
};

// Allocates the circuit's qubits on `device` (which must hold none) and calls the extension with the
// dense Pauli words (qubit 0 rightmost) as observables. Device errors as qrt::Error naming the device.
AdjointOutput adjoint_jacobian(Device& device, const qrt_adjoint_jacobian_extension& extension,
                               const DifferentiableCircuit& circuit, const std::vector<std::string>& dense_words);

}  // namespace qrt::gradient_detail
