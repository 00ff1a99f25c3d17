// expval and var with shots > 0: estimated from samples. Deterministic Pauli words give exactly +-1
// and variance 0 in every shot; random ones average to 0 within binomial error; qubit-wise commuting
// sums are sampled jointly and their sample variance approaches the exact one.
#include "device_harness.hpp"

#include <catch2/catch.hpp>

#include <cmath>

using namespace stab_test;

TEST_CASE("shot estimates of Pauli words on random Clifford states", "[stabilizer][shots]") {
  std::mt19937_64 rng(31);
  const std::uint64_t shots = 20000;
  for (std::size_t n = 1; n <= 5; ++n) {
    for (int circuit = 0; circuit < 6; ++circuit) {
      CAPTURE(n, circuit);
      auto device = make_device("{\"seed\": 3, \"shots\": " + std::to_string(shots) + "}");
      const std::vector<Wire> wires = device->allocate_qubits(n);
      DenseState reference(n);
      random_clifford_layer(*device, wires, reference, 4 * n + 3, rng);
      for (int w = 0; w < 6; ++w) {
        const std::string word = random_pauli_word(n, rng);
        CAPTURE(word);
        const double exact = reference.expval(word);
        const double estimate = device->expval(pauli_observable(word, wires, 1.5));
        const double variance = device->var(pauli_observable(word, wires, 1.5));
        if (std::abs(exact) > 0.5) {
          CHECK(estimate == 1.5 * std::round(exact));  // every shot gives the same eigenvalue
          CHECK(variance == 0.0);
        } else {
          // Each shot is +-1.5 with equal odds: sigma of the mean = 1.5 / sqrt(shots).
          CHECK(std::abs(estimate) < 5 * 1.5 / std::sqrt(double(shots)));
          CHECK(std::abs(variance - 2.25) < 0.01);
        }
      }
      // A qubit-wise commuting sum (all letters on a wire agree), sampled jointly.
      std::string a = random_pauli_word(n, rng), b = a;
      for (char& c : b)
        if (rng() % 2) c = 'I';
      const std::vector<std::pair<double, std::string>> sum{{0.5, a}, {-2.0, b}, {0.25, std::string(n, 'I')}};
      CAPTURE(a, b);
      const double exact_mean = reference.expval(sum), exact_var = reference.var(sum);
      const double spread = std::sqrt(exact_var / double(shots));
      CHECK(std::abs(device->expval(pauli_sum(sum, wires)) - exact_mean) <= 5 * spread + 1e-12);
      CHECK(std::abs(device->var(pauli_sum(sum, wires)) - exact_var) <= 0.05 * exact_var + 1e-12);
    }
  }
}

TEST_CASE("non-commuting sums: expval sums per-term estimates, var needs shots = 0", "[stabilizer][shots]") {
  auto device = make_device(R"({"seed": 8, "shots": 10000})");
  const std::vector<Wire> w = device->allocate_qubits(2);
  apply(*device, "Hadamard", {w[0]});
  apply(*device, "CNOT", {w[0], w[1]});
  const auto sum = pauli_sum({{1.0, "XX"}, {2.0, "ZZ"}, {0.5, "ZI"}}, w);
  // XX and ZZ are deterministic (+1 each); ZI averages to 0.
  CHECK(std::abs(device->expval(sum) - 3.0) < 5 * 0.5 / std::sqrt(10000.0));
  CHECK(error_code_of([&] { device->var(sum); }) == QRT_ERROR_UNSUPPORTED);
  device->set_shots(0);
  CHECK(device->expval(sum) == 3.0);
  CHECK(device->var(sum) == 0.25);  // 0.5^2 * var(ZI), since XX and ZZ are fixed
}
