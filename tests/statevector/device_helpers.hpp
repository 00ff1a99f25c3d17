// Creating statevector.qubit devices from kwargs JSON and driving them by gate name.
#pragma once

#include "gate_harness.hpp"
#include "gate_reference.hpp"

#include "device/statevector_device.hpp"

#include <qrt/sdk/kwargs.hpp>

#include <memory>
#include <numeric>
#include <string>

namespace sv_test {

inline std::unique_ptr<qrt::sv::StatevectorDevice> make_device(const std::string& kwargs_json = "{}") {
  const auto kwargs = qrt::sdk::Kwargs::from_json(kwargs_json, qrt::sv::StatevectorDevice::schema());
  return std::make_unique<qrt::sv::StatevectorDevice>(kwargs);
}

inline void apply(qrt::sv::StatevectorDevice& device, const GateInvocation& gate) { device.apply_gate(gate.call()); }

inline State read_state(qrt::sv::StatevectorDevice& device) {
  State s(device.state_size());
  device.state(s);
  return s;
}

// A random circuit over `n` wires (ids 0..n-1): every catalog gate, adjoints, extra controls with
// mixed values, and QubitUnitary matrices (returned separately, with their position).
struct RandomCircuit {
  struct Step {
    GateInvocation gate;  // used when matrix is empty
    Matrix matrix;        // QubitUnitary on gate.wires, controls as in gate
  };
  std::vector<Step> steps;
};

inline RandomCircuit random_circuit(unsigned n, unsigned length, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  const auto& refs = gate_references();
  std::vector<std::string> names;
  for (const auto& [name, ref] : refs) names.push_back(name);
  RandomCircuit circuit;
  while (circuit.steps.size() < length) {
    std::vector<qrt::sdk::Wire> order(n);
    std::iota(order.begin(), order.end(), 0);
    std::shuffle(order.begin(), order.end(), rng);
    RandomCircuit::Step step;
    if (rng() % 8 == 0) {  // an explicit unitary on 1-3 wires
      const unsigned k = 1 + static_cast<unsigned>(rng() % std::min(3u, n));
      step.gate.wires.assign(order.begin(), order.begin() + k);
      step.matrix = random_unitary(k, rng());
    } else {
      const std::string& name = names[rng() % names.size()];
      const GateReference& ref = refs.at(name);
      const unsigned k = ref.num_wires ? ref.num_wires : static_cast<unsigned>(1 + rng() % n);
      if (k > n) continue;
      step.gate.name = name;
      step.gate.wires.assign(order.begin(), order.begin() + k);
      for (unsigned p = 0; p < ref.num_params; ++p)
        step.gate.params.push_back(std::uniform_real_distribution<double>(-3, 3)(rng));
      step.gate.adjoint = rng() % 4 == 0;
      const unsigned extra = rng() % 3 == 0 ? static_cast<unsigned>(rng() % (n - k + 1)) : 0;
      step.gate.controls.assign(order.begin() + k, order.begin() + k + extra);
      for (unsigned c = 0; c < extra; ++c) step.gate.control_values.push_back(static_cast<std::uint8_t>(rng() & 1u));
    }
    circuit.steps.push_back(std::move(step));
  }
  return circuit;
}

inline void run(qrt::sv::StatevectorDevice& device, const RandomCircuit& circuit) {
  for (const auto& step : circuit.steps) {
    if (step.matrix.empty()) {
      apply(device, step.gate);
    } else {
      const std::vector<std::uint8_t> values;
      device.apply_matrix({step.matrix, step.gate.wires, {}, values, false});
    }
  }
}

// The circuit's final state from |0...0>, by the reference (PennyLane order: wire w of n is bit n-1-w).
inline State reference_run(unsigned n, const RandomCircuit& circuit) {
  State s(std::size_t{1} << n);
  s[0] = 1;
  auto bit_of = [n](qrt::sdk::Wire w) { return n - 1 - static_cast<unsigned>(w); };
  for (const auto& step : circuit.steps) {
    std::vector<unsigned> wires, controls;
    for (auto w : step.gate.wires) wires.push_back(bit_of(w));
    for (auto w : step.gate.controls) controls.push_back(bit_of(w));
    std::vector<int> values(step.gate.control_values.begin(), step.gate.control_values.end());
    Matrix m = step.matrix;
    if (m.empty()) {
      m = gate_references().at(step.gate.name).matrix(step.gate.params, static_cast<unsigned>(wires.size()));
      if (step.gate.adjoint) m = dagger(m);
    }
    s = apply_reference(s, n, m, wires, controls, values);
  }
  return s;
}

}  // namespace sv_test
