// What a device can do, published to the host as JSON. The order of `gates` defines gate ids.
#pragma once

#include <qrt/sdk/json_lite.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace qrt::sdk {

struct Capabilities {
  std::vector<std::string> gates;
  std::vector<std::string> observables;   // e.g. PauliX PauliY PauliZ Hadamard Identity Hermitian
  std::vector<std::string> measurements;  // e.g. expval var probs sample counts state measure reset
  std::uint64_t max_qubits = 0;
  bool shots = false;
  bool state = false;
  bool mid_circuit_measurement = false;
  bool controlled_gates = false;  // accepts extra control wires on every gate
  bool adjoint = false;           // accepts the adjoint flag on every gate
  // Spans the ranks of an MPI job: every rank must make the same calls in the same order (the host then
  // runs programs one at a time on every rank rather than splitting them over the ranks).
  bool collective = false;

  std::string to_json() const {
    auto list = [](const std::vector<std::string>& items) {
      std::string out = "[";
      for (std::size_t i = 0; i < items.size(); ++i) out += (i ? "," : "") + json_lite::quote(items[i]);
      return out + "]";
    };
    auto flag = [](bool b) { return b ? std::string("true") : std::string("false"); };
    return "{\"gates\":" + list(gates) + ",\"observables\":" + list(observables) +
           ",\"measurements\":" + list(measurements) + ",\"max_qubits\":" + std::to_string(max_qubits) +
           ",\"shots\":" + flag(shots) + ",\"state\":" + flag(state) +
           ",\"mid_circuit_measurement\":" + flag(mid_circuit_measurement) +
           ",\"controlled_gates\":" + flag(controlled_gates) + ",\"adjoint\":" + flag(adjoint) +
           ",\"collective\":" + flag(collective) + "}";
  }
};

}  // namespace qrt::sdk
