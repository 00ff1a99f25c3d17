// Every catalog gate against its matrix built independently in gate_reference.hpp: random states of
// 1-6 qubits, random wires and parameters, plain and adjoint, with 0-2 extra controls of mixed
// values, at every SIMD level this CPU runs.
#include "gate_harness.hpp"
#include "gate_reference.hpp"

#include "gates/gate_catalog.hpp"

#include <catch2/catch.hpp>

#include <numeric>

using namespace sv_test;
using qrt::sv::SimdLevel;

namespace {

std::vector<SimdLevel> supported_levels() {
  std::vector<SimdLevel> levels;
  for (unsigned i = 0; i < qrt::sv::kNumSimdLevels; ++i)
    if (qrt::sv::simd_level_supported(static_cast<SimdLevel>(i))) levels.push_back(static_cast<SimdLevel>(i));
  return levels;
}

std::vector<unsigned> qubits_of(const GateHarness& h, const std::vector<qrt::sdk::Wire>& wires) {
  std::vector<unsigned> q;
  for (auto w : wires) q.push_back(h.qubit(w));
  return q;
}

}  // namespace

TEST_CASE("every gate the device lists has an independent reference", "[gates]") {
  for (const std::string& name : qrt::sv::StatevectorDevice::capabilities().gates) {
    INFO(name);
    CHECK(gate_references().count(name) == 1);
  }
}

TEST_CASE("gates match their reference matrices (adjoint, mixed-value controls)", "[gates]") {
  std::mt19937_64 rng(2024);
  std::uniform_real_distribution<double> angle(-2 * std::numbers::pi, 2 * std::numbers::pi);
  std::vector<std::pair<SimdLevel, bool>> paths;  // every SIMD level, and the small-state loops
  for (SimdLevel level : supported_levels()) paths.emplace_back(level, false);
  paths.emplace_back(SimdLevel::Portable, true);
  for (const auto& [level, small] : paths) {
    for (const auto& [name, ref] : gate_references()) {
      DYNAMIC_SECTION((small ? std::string("small-state") : std::string(qrt::sv::simd_level_name(level)))
                      << " " << name) {
        for (unsigned n = 1; n <= 6; ++n) {
          for (int trial = 0; trial < 3; ++trial) {
            const unsigned min_wires = qrt::sv::gate_catalog()[gate_id(name)].min_wires;
            const unsigned k =
                ref.num_wires ? ref.num_wires : min_wires + static_cast<unsigned>(rng() % (n + 1 - min_wires));
            if (k > n) continue;
            for (unsigned num_controls = 0; num_controls <= std::min(2u, n - k); ++num_controls) {
              for (bool adjoint : {false, true}) {
                GateHarness harness(n, level, small);
                std::vector<qrt::sdk::Wire> order(n);
                std::iota(order.begin(), order.end(), 0);
                std::shuffle(order.begin(), order.end(), rng);
                GateInvocation gate{name,
                                    {},
                                    {order.begin(), order.begin() + k},
                                    {order.begin() + k, order.begin() + k + num_controls},
                                    {},
                                    adjoint};
                for (unsigned p = 0; p < ref.num_params; ++p) gate.params.push_back(angle(rng));
                std::vector<int> values;
                for (unsigned c = 0; c < num_controls; ++c) {
                  gate.control_values.push_back(static_cast<std::uint8_t>(rng() & 1u));
                  values.push_back(gate.control_values.back());
                }
                Matrix m = ref.matrix(gate.params, k);
                if (adjoint) m = dagger(m);

                State state = random_state(n, rng());
                const State expected = apply_reference(state, n, m, qubits_of(harness, gate.wires),
                                                       qubits_of(harness, gate.controls), values);
                harness.apply(gate, state);
                INFO("n=" << n << " k=" << k << " controls=" << num_controls << " adjoint=" << adjoint);
                REQUIRE(max_difference(state, expected) < 1e-12);
              }
            }
          }
        }
      }
    }
  }
}
