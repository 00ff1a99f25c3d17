// Driving the StabilizerDevice class directly (no plugin loading): creation from kwargs JSON, gate
// calls by name, observables from Pauli words, and random Clifford circuits applied to the device and
// to the dense reference side by side.
#pragma once

#include "dense_reference.hpp"
#include "device/stabilizer_device.hpp"

#include <qrt/sdk/error.hpp>

#include <cstdint>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <utility>
#include <vector>

namespace stab_test {

using qrt::sdk::Wire;
using Device = qrt::stab::StabilizerDevice;

std::unique_ptr<Device> make_device(const std::string& kwargs_json = "{}");

struct GateOptions {
  bool adjoint = false;
  std::vector<Wire> controls;
  std::vector<std::uint8_t> control_values;
  std::vector<double> params;
};
void apply(Device& device, const std::string& gate, const std::vector<Wire>& wires, const GateOptions& options = {});

// coefficient * word, letter i on wires[i]; identity letters are dropped unless keep_identity.
qrt::sdk::Observable pauli_observable(const std::string& word, const std::vector<Wire>& wires,
                                      double coefficient = 1.0);
qrt::sdk::Observable pauli_sum(const std::vector<std::pair<double, std::string>>& terms,
                               const std::vector<Wire>& wires);

std::string random_pauli_word(std::size_t num_qubits, std::mt19937_64& rng);

// Applies `count` random Clifford gates (every listed gate, random adjoints, controlled Paulis with
// either control value) to both; device wire i is reference qubit i.
void random_clifford_layer(Device& device, const std::vector<Wire>& wires, DenseState& reference, std::size_t count,
                           std::mt19937_64& rng);

// The error code of a call, or nullopt when it succeeds.
template <class Call>
std::optional<qrt_status_code> error_code_of(Call&& call) {
  try {
    call();
  } catch (const qrt::sdk::Error& e) {
    return e.code();
  }
  return std::nullopt;
}

// The error code and message of a call; {QRT_OK, ""} when it succeeds.
template <class Call>
std::pair<qrt_status_code, std::string> failure_of(Call&& call) {
  try {
    call();
  } catch (const qrt::sdk::Error& e) {
    return {e.code(), e.what()};
  }
  return {QRT_OK, ""};
}

}  // namespace stab_test
