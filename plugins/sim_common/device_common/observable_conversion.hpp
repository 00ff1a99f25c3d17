// SDK observables (wires) -> the observables library's form (qubit indices).
#pragma once

#include "device_common/wire_map.hpp"
#include "kernels/qubit_op.hpp"
#include "observables/observable.hpp"

#include <qrt/sdk/device.hpp>

namespace qrt::sv {

// Unknown or released wires: qrt::sdk::Error (invalid argument) naming `operation`. Everything else
// (factor shapes, matrix sizes, Hermiticity) is validated by the observables library.
Observable to_qubit_observable(const qrt::sdk::Observable& observable, const WireMap& wires,
                               std::string_view operation);

// The qubits the observable's factors act on (bit q = qubit q), with the same wire checks.
QubitMask qubit_mask_of(const qrt::sdk::Observable& observable, const WireMap& wires, std::string_view operation);

}  // namespace qrt::sv
