// SDK observables -> Pauli sums over tableau columns. Accepted factors: Identity, PauliX, PauliY,
// PauliZ, one wire each, at most one factor per wire in a term. Hadamard and Hermitian factors are
// not Pauli operators: Unsupported. Malformed terms: InvalidArgument naming the term and wire.
#pragma once

#include "device/wire_map.hpp"
#include "observables/pauli_sum.hpp"

#include <qrt/sdk/device.hpp>

#include <string_view>

namespace qrt::stab {

PauliSum to_pauli_sum(const qrt::sdk::Observable& observable, const WireMap& wires, std::string_view operation);

}  // namespace qrt::stab
