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
std::vector<std::string> adjoint_differentiable_gates(const Device& device,
                                                      const qrt_adjoint_jacobian_extension& extension);

struct AdjointOutput {
  std::vector<double> expvals;   // one per observable
  std::vector<double> jacobian;  // observables x circuit.trainable, row-major
};

// One observable: sum_k coefficients[k] * words[k], the words dense (qubit 0 rightmost). One word of
// coefficient 1 is a Pauli word; several are a Hamiltonian, which the device receives whole (one
// qrt_observable of many terms: one row, one backward sweep).
struct DenseObservable {
  std::vector<double> coefficients;
  std::vector<std::string> words;
};

// Allocates the circuit's qubits on `device` (which must hold none) and calls the extension with the
// observables. Device errors as qrt::Error naming the device.
AdjointOutput adjoint_jacobian(Device& device, const qrt_adjoint_jacobian_extension& extension,
                               const DifferentiableCircuit& circuit, const std::vector<DenseObservable>& observables);

}  // namespace qrt::gradient_detail
