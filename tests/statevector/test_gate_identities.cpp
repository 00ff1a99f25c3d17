// Gate identities: two gate sequences that must give the same state on random inputs.
#include "gate_harness.hpp"

#include "gates/gate_catalog.hpp"

#include <catch2/catch.hpp>

#include <numbers>

using namespace sv_test;

namespace {

using Sequence = std::vector<GateInvocation>;

void require_same(const Sequence& a, const Sequence& b, unsigned n = 3) {
  for (std::uint64_t seed : {1u, 2u, 3u}) {
    GateHarness harness(n, qrt::sv::best_simd_level());
    State sa = random_state(n, seed), sb = sa;
    for (const auto& g : a) harness.apply(g, sa);
    for (const auto& g : b) harness.apply(g, sb);
    REQUIRE(max_difference(sa, sb) < 1e-12);
  }
}

GateInvocation g(std::string name, std::vector<qrt::sdk::Wire> wires, std::vector<double> params = {}) {
  return {std::move(name), std::move(params), std::move(wires), {}, {}, false};
}

}  // namespace

TEST_CASE("Clifford identities", "[gates][identities]") {
  require_same({g("Hadamard", {1}), g("PauliZ", {1}), g("Hadamard", {1})}, {g("PauliX", {1})});
  require_same({g("Hadamard", {2}), g("CZ", {0, 2}), g("Hadamard", {2})}, {g("CNOT", {0, 2})});
  require_same({g("S", {0}), g("S", {0})}, {g("PauliZ", {0})});
  require_same({g("T", {0}), g("T", {0})}, {g("S", {0})});
  require_same({g("SX", {2}), g("SX", {2})}, {g("PauliX", {2})});
  require_same({g("CNOT", {0, 1}), g("CNOT", {1, 0}), g("CNOT", {0, 1})}, {g("SWAP", {0, 1})});
  require_same({g("SISWAP", {0, 2}), g("SISWAP", {0, 2})}, {g("ISWAP", {0, 2})});
  require_same({g("PauliY", {1})}, {g("PauliZ", {1}), g("PauliX", {1}), g("GlobalPhase", {}, {-std::numbers::pi / 2})});
}

TEST_CASE("rotation identities", "[gates][identities]") {
  const double a = 0.37, b = -1.21, c = 2.05;
  require_same({g("Rot", {1}, {a, b, c})}, {g("RZ", {1}, {a}), g("RY", {1}, {b}), g("RZ", {1}, {c})});
  require_same({g("PhaseShift", {2}, {a})}, {g("RZ", {2}, {a}), g("GlobalPhase", {}, {-a / 2})});
  require_same({g("MultiRZ", {0}, {a})}, {g("RZ", {0}, {a})});
  require_same({g("MultiRZ", {0, 2}, {b})}, {g("IsingZZ", {0, 2}, {b})});
  require_same({g("PSWAP", {0, 1}, {std::numbers::pi / 2})}, {g("ISWAP", {0, 1})});
  require_same({g("PSWAP", {0, 1}, {0.0})}, {g("SWAP", {0, 1})});
  require_same({g("IsingXX", {0, 1}, {a})}, {g("Hadamard", {0}), g("Hadamard", {1}), g("IsingZZ", {0, 1}, {a}),
                                             g("Hadamard", {0}), g("Hadamard", {1})});
  require_same({g("RX", {0}, {a}), g("RX", {0}, {b})}, {g("RX", {0}, {a + b})});
}

TEST_CASE("controlled gates equal their target gate with an extra control", "[gates][identities]") {
  const double a = 0.9;
  auto controlled = [](GateInvocation gate, std::vector<qrt::sdk::Wire> controls) {
    gate.controls = std::move(controls);
    gate.control_values.assign(gate.controls.size(), 1);
    return gate;
  };
  require_same({g("CNOT", {2, 0})}, {controlled(g("PauliX", {0}), {2})});
  require_same({g("CRX", {1, 0}, {a})}, {controlled(g("RX", {0}, {a}), {1})});
  require_same({g("CRot", {1, 2}, {a, 2 * a, -a})}, {controlled(g("Rot", {2}, {a, 2 * a, -a}), {1})});
  require_same({g("Toffoli", {0, 1, 2})}, {controlled(g("PauliX", {2}), {0, 1})});
  require_same({g("CSWAP", {2, 0, 1})}, {controlled(g("SWAP", {0, 1}), {2})});
  require_same({g("ControlledPhaseShift", {0, 1}, {a})}, {controlled(g("PhaseShift", {1}, {a}), {0})});
  // A control on 0 is a control on 1 conjugated by X.
  GateInvocation on_zero = g("RY", {0}, {a});
  on_zero.controls = {1};
  on_zero.control_values = {0};
  require_same({on_zero}, {g("PauliX", {1}), controlled(g("RY", {0}, {a}), {1}), g("PauliX", {1})});
}

TEST_CASE("every gate followed by its adjoint is the identity", "[gates][identities]") {
  for (const std::string& name : qrt::sv::StatevectorDevice::capabilities().gates) {
    const auto& spec = qrt::sv::gate_catalog()[gate_id(name)];
    const unsigned k = spec.min_wires == 0 ? 2 : spec.min_wires;
    std::vector<qrt::sdk::Wire> wires;
    for (unsigned w = 0; w < k; ++w) wires.push_back((w * 3 + 1) % 5);
    GateInvocation forward = g(name, wires);
    for (unsigned p = 0; p < spec.num_params; ++p) forward.params.push_back(0.3 + 0.7 * p);
    GateInvocation backward = forward;
    backward.adjoint = true;
    INFO(name);
    require_same({forward, backward}, {}, 5);
  }
}
