// The device against the dense reference on random Clifford circuits of 1..8 qubits: exact
// probabilities (all wires and random subsets in random order), expectation values and variances of
// random Pauli words and sums, mid-circuit measurement with collapse, and sampled frequencies.
#include "device_harness.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>

using namespace stab_test;

namespace {

constexpr double kExact = 1e-12;

void require_same_probs(Device& device, const std::vector<Wire>& wires, const DenseState& reference,
                        const std::vector<std::size_t>& qubits) {
  std::vector<Wire> subset;
  for (std::size_t q : qubits) subset.push_back(wires[q]);
  std::vector<double> got(std::size_t{1} << qubits.size());
  device.probs(subset, got);
  const std::vector<double> want = reference.probs(qubits);
  for (std::size_t i = 0; i < want.size(); ++i) {
    INFO("outcome " << i << " of " << qubits.size() << " wires");
    REQUIRE(std::abs(got[i] - want[i]) < kExact);
  }
}

std::vector<std::size_t> random_subset(std::size_t n, std::mt19937_64& rng) {
  std::vector<std::size_t> all(n);
  std::iota(all.begin(), all.end(), 0);
  std::shuffle(all.begin(), all.end(), rng);
  all.resize(1 + rng() % std::min<std::size_t>(n, 4));
  return all;
}

std::vector<std::size_t> all_qubits(std::size_t n) {
  std::vector<std::size_t> all(n);
  std::iota(all.begin(), all.end(), 0);
  return all;
}

}  // namespace

TEST_CASE("random Clifford circuits: probabilities, Pauli expectations and variances match",
          "[stabilizer][reference]") {
  std::mt19937_64 rng(20240611);
  for (std::size_t n = 1; n <= 8; ++n) {
    for (int circuit = 0; circuit < 20; ++circuit) {
      CAPTURE(n, circuit);
      auto device = make_device();
      const std::vector<Wire> wires = device->allocate_qubits(n);
      DenseState reference(n);
      random_clifford_layer(*device, wires, reference, 4 * n + 6, rng);

      require_same_probs(*device, wires, reference, all_qubits(n));
      require_same_probs(*device, wires, reference, random_subset(n, rng));

      for (int w = 0; w < 8; ++w) {
        const std::string word = random_pauli_word(n, rng);
        CAPTURE(word);
        const double want = reference.expval(word);
        const double got = device->expval(pauli_observable(word, wires));
        REQUIRE(std::abs(got - want) < kExact);
        REQUIRE((got == 0.0 || got == 1.0 || got == -1.0));  // exact for stabiliser states
        REQUIRE(std::abs(device->var(pauli_observable(word, wires, 2.5)) - 6.25 * (1 - want * want)) < kExact);
      }

      const std::vector<std::pair<double, std::string>> sum{
          {0.7, random_pauli_word(n, rng)}, {-1.3, random_pauli_word(n, rng)}, {0.4, random_pauli_word(n, rng)}};
      CAPTURE(sum[0].second, sum[1].second, sum[2].second);
      REQUIRE(std::abs(device->expval(pauli_sum(sum, wires)) - reference.expval(sum)) < 1e-9);
      REQUIRE(std::abs(device->var(pauli_sum(sum, wires)) - reference.var(sum)) < 1e-9);
    }
  }
}

TEST_CASE("random Clifford circuits: mid-circuit measurement collapses like a projection", "[stabilizer][reference]") {
  std::mt19937_64 rng(77);
  for (std::size_t n = 1; n <= 7; ++n) {
    for (int circuit = 0; circuit < 15; ++circuit) {
      CAPTURE(n, circuit);
      auto device = make_device("{\"seed\": " + std::to_string(circuit) + "}");
      const std::vector<Wire> wires = device->allocate_qubits(n);
      DenseState reference(n);
      for (int round = 0; round < 3; ++round) {
        random_clifford_layer(*device, wires, reference, 3 * n + 2, rng);
        const std::size_t q = rng() % n;
        const double p1 = reference.probability(q, 1);
        CAPTURE(round, q, p1);
        // Outcome probabilities of a stabiliser state are 0, 1/2 or 1.
        REQUIRE((std::abs(p1) < kExact || std::abs(p1 - 0.5) < kExact || std::abs(p1 - 1) < kExact));
        if (std::abs(p1 - 0.5) > kExact) {
          const int certain = p1 > 0.5 ? 1 : 0;
          REQUIRE(error_code_of([&] { device->measure(wires[q], 1 - certain); }) == QRT_ERROR_FAILED_PRECONDITION);
        }
        const std::optional<int> postselect = rng() % 2 ? std::optional<int>() : std::optional<int>(p1 > 0.5 ? 1 : 0);
        const int outcome = device->measure(wires[q], postselect);
        REQUIRE(reference.probability(q, outcome) > 0.25);
        if (postselect) REQUIRE(outcome == *postselect);
        reference.project(q, outcome);
        // Measuring again repeats the outcome.
        REQUIRE(device->measure(wires[q], std::nullopt) == outcome);
        require_same_probs(*device, wires, reference, all_qubits(n));
        for (int w = 0; w < 4; ++w) {
          const std::string word = random_pauli_word(n, rng);
          REQUIRE(std::abs(device->expval(pauli_observable(word, wires)) - reference.expval(word)) < kExact);
        }
        // reset_wire after a measurement: flip back to |0> when the outcome was 1.
        if (rng() % 2) {
          device->reset_wire(wires[q]);
          if (outcome == 1) reference.apply(reference_gate("PauliX").matrix, {q});
          require_same_probs(*device, wires, reference, all_qubits(n));
        }
      }
    }
  }
}

TEST_CASE("random Clifford circuits: sampled frequencies agree with the reference",
          "[stabilizer][reference][sampling]") {
  std::mt19937_64 rng(5);
  const std::uint64_t shots = 4000;
  for (std::size_t n = 1; n <= 6; ++n) {
    for (int circuit = 0; circuit < 6; ++circuit) {
      CAPTURE(n, circuit);
      auto device = make_device("{\"seed\": 1234, \"shots\": " + std::to_string(shots) + "}");
      const std::vector<Wire> wires = device->allocate_qubits(n);
      DenseState reference(n);
      random_clifford_layer(*device, wires, reference, 4 * n + 4, rng);

      const std::vector<std::size_t> subset = circuit % 2 ? random_subset(n, rng) : all_qubits(n);
      std::vector<Wire> measured;
      for (std::size_t q : subset) measured.push_back(wires[q]);
      std::vector<std::uint8_t> samples(shots * subset.size());
      device->sample(measured, samples);
      std::map<std::size_t, std::uint64_t> histogram;
      for (std::uint64_t s = 0; s < shots; ++s) {
        std::size_t outcome = 0;
        for (std::size_t c = 0; c < subset.size(); ++c) {
          REQUIRE(samples[s * subset.size() + c] <= 1);
          outcome = (outcome << 1) | samples[s * subset.size() + c];
        }
        ++histogram[outcome];
      }
      const std::vector<double> p = reference.probs(subset);
      for (std::size_t outcome = 0; outcome < p.size(); ++outcome) {
        const double frequency = static_cast<double>(histogram[outcome]) / static_cast<double>(shots);
        CAPTURE(outcome, p[outcome], frequency);
        if (p[outcome] < kExact) {
          REQUIRE(histogram[outcome] == 0);
        } else {
          // Five standard deviations of a binomial frequency.
          REQUIRE(std::abs(frequency - p[outcome]) <=
                  5 * std::sqrt(p[outcome] * (1 - p[outcome]) / double(shots)) + 1e-12);
        }
      }
      // Sampling does not disturb the state.
      require_same_probs(*device, wires, reference, all_qubits(n));
    }
  }
}
