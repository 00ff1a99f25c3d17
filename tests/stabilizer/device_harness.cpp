#include "device_harness.hpp"

#include <qrt/sdk/kwargs.hpp>

#include <stdexcept>

namespace stab_test {

std::unique_ptr<Device> make_device(const std::string& kwargs_json) {
  return std::make_unique<Device>(qrt::sdk::Kwargs::from_json(kwargs_json, Device::schema()));
}

namespace {

std::uint32_t gate_id(const std::string& name) {
  static const auto gates = Device::capabilities().gates;
  for (std::uint32_t i = 0; i < gates.size(); ++i)
    if (gates[i] == name) return i;
  throw std::invalid_argument("the device does not list gate " + name);
}

qrt::sdk::ObservableKind kind_of(char letter) {
  switch (letter) {
    case 'X': return qrt::sdk::ObservableKind::PauliX;
    case 'Y': return qrt::sdk::ObservableKind::PauliY;
    case 'Z': return qrt::sdk::ObservableKind::PauliZ;
    default: return qrt::sdk::ObservableKind::Identity;
  }
}

}  // namespace

void apply(Device& device, const std::string& gate, const std::vector<Wire>& wires, const GateOptions& options) {
  std::vector<std::uint8_t> values = options.control_values;
  if (values.empty()) values.assign(options.controls.size(), 1);
  const std::uint32_t id = gate_id(gate);
  device.apply_gate({id, gate, options.params, wires, options.controls, values, options.adjoint});
}

qrt::sdk::Observable pauli_observable(const std::string& word, const std::vector<Wire>& wires, double coefficient) {
  return pauli_sum({{coefficient, word}}, wires);
}

qrt::sdk::Observable pauli_sum(const std::vector<std::pair<double, std::string>>& terms,
                               const std::vector<Wire>& wires) {
  qrt::sdk::Observable observable;
  for (const auto& [coefficient, word] : terms) {
    qrt::sdk::ObservableTerm term{coefficient, {}};
    for (std::size_t i = 0; i < word.size(); ++i)
      if (word[i] != 'I') term.factors.push_back({kind_of(word[i]), {wires.at(i)}, {}});
    observable.terms.push_back(std::move(term));
  }
  return observable;
}

std::string random_pauli_word(std::size_t num_qubits, std::mt19937_64& rng) {
  std::string word(num_qubits, 'I');
  for (char& c : word) c = "IXYZ"[rng() % 4];
  return word;
}

void random_clifford_layer(Device& device, const std::vector<Wire>& wires, DenseState& reference, std::size_t count,
                           std::mt19937_64& rng) {
  static const std::vector<std::string> one_wire{"Identity", "PauliX", "PauliY", "PauliZ", "Hadamard", "S", "SX"};
  static const std::vector<std::string> two_wire{"CNOT", "CY", "CZ", "SWAP", "ISWAP"};
  static const std::vector<std::string> controllable{"PauliX", "PauliY", "PauliZ"};
  const std::size_t n = wires.size();
  for (std::size_t g = 0; g < count; ++g) {
    const bool adjoint = rng() % 2;
    const std::size_t a = rng() % n;
    std::size_t b = rng() % n;
    const unsigned kind = n >= 2 ? rng() % 3 : 0;
    if (kind == 0) {
      const std::string& name = one_wire[rng() % one_wire.size()];
      apply(device, name, {wires[a]}, {adjoint, {}, {}, {}});
      const Matrix& m = reference_gate(name).matrix;
      reference.apply(adjoint ? dagger(m) : m, {a});
      continue;
    }
    while (b == a) b = rng() % n;
    if (kind == 1) {
      const std::string& name = two_wire[rng() % two_wire.size()];
      apply(device, name, {wires[a], wires[b]}, {adjoint, {}, {}, {}});
      const Matrix& m = reference_gate(name).matrix;
      reference.apply(adjoint ? dagger(m) : m, {a, b});
    } else {
      const std::string& name = controllable[rng() % controllable.size()];
      const std::uint8_t value = rng() % 2;
      apply(device, name, {wires[b]}, {adjoint, {wires[a]}, {value}, {}});
      const Matrix& m = reference_gate(name).matrix;
      reference.apply(with_control(adjoint ? dagger(m) : m, value), {a, b});
    }
  }
}

}  // namespace stab_test
