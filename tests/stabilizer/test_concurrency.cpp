// Distinct instances on distinct threads (the ABI's thread contract): same results as one at a time.
// Meant for the TSan build too: the gate catalog and basis-change tables are shared statics.
#include "device_harness.hpp"

#include <catch2/catch.hpp>

#include <thread>

using namespace stab_test;

namespace {

// A seeded workload touching every shared table: gates, controlled gates, shot estimates, samples.
std::vector<double> workload(int seed) {
  auto device = make_device("{\"seed\": " + std::to_string(seed) + ", \"shots\": 200}");
  const std::vector<Wire> w = device->allocate_qubits(70);
  std::mt19937_64 rng(static_cast<std::uint64_t>(seed));
  std::vector<double> results;
  for (int round = 0; round < 20; ++round) {
    apply(*device, "Hadamard", {w[rng() % 70]});
    const std::size_t i = rng() % 70, j = (i + 1 + rng() % 69) % 70;  // distinct
    const Wire a = w[i], b = w[j];
    apply(*device, "PauliY", {b}, {round % 2 == 0, {a}, {static_cast<std::uint8_t>(rng() % 2)}, {}});
    apply(*device, "ISWAP", {a, b}, {true, {}, {}, {}});
    results.push_back(device->measure(w[rng() % 70], std::nullopt));
    results.push_back(device->expval(pauli_observable("XY", {a, b})));
  }
  std::vector<std::uint8_t> samples(200 * 70);
  device->sample({}, samples);
  results.insert(results.end(), samples.begin(), samples.end());
  return results;
}

}  // namespace

TEST_CASE("devices on separate threads give the same results as sequential runs", "[stabilizer][threads]") {
  constexpr int kThreads = 4;
  std::vector<std::vector<double>> sequential, concurrent(kThreads);
  for (int t = 0; t < kThreads; ++t) sequential.push_back(workload(t));
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) threads.emplace_back([t, &concurrent] { concurrent[t] = workload(t); });
  for (auto& thread : threads) thread.join();
  for (int t = 0; t < kThreads; ++t) CHECK(concurrent[t] == sequential[t]);
}
