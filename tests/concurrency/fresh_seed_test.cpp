// Devices created or reset without a `seed` kwarg draw their seed from qrt::sdk::fresh_seed(): one
// std::random_device read per process, then a counter mixed through SplitMix64. Checked here: no
// repeats across threads, and unseeded pooled instances do not replay the previous program's draws.
#include <qrt/runtime.hpp>
#include <qrt/sdk/fresh_seed.hpp>

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <thread>
#include <vector>

TEST_CASE("fresh_seed never repeats within a process, whichever threads call it", "[seed]") {
  constexpr std::size_t kThreads = 4, kPerThread = 25'000;
  std::vector<std::vector<std::uint64_t>> drawn(kThreads);
  std::vector<std::thread> threads;
  for (std::size_t t = 0; t < kThreads; ++t)
    threads.emplace_back([&, t] {
      for (std::size_t i = 0; i < kPerThread; ++i) drawn[t].push_back(qrt::sdk::fresh_seed());
    });
  for (auto& thread : threads) thread.join();
  std::vector<std::uint64_t> all;
  for (const auto& part : drawn) all.insert(all.end(), part.begin(), part.end());
  std::sort(all.begin(), all.end());
  CHECK(std::adjacent_find(all.begin(), all.end()) == all.end());
  // Mixed output, not a counter: the high and low halves both vary.
  const auto [low, high] = std::minmax_element(all.begin(), all.end());
  CHECK(*high - *low > (std::uint64_t{1} << 62));
}

TEST_CASE("An unseeded pooled instance draws new samples after each reuse", "[seed]") {
  qrt::Runtime runtime({{QRT_TEST_PLUGIN_DIR}, false});
  // 12 qubits: below statevector.qubit's parallel_min_qubits, so no OpenMP region runs (libgomp is not
  // instrumented, and this test also runs under ThreadSanitizer).
  for (const char* config : {"statevector.qubit:shots=8", "stabilizer.qubit:shots=8"}) {
    INFO(config);
    const std::uint64_t hits_before = runtime.pool_stats().hits;
    std::vector<std::vector<std::uint8_t>> samples;
    for (int use = 0; use < 3; ++use) {
      qrt::Device device = runtime.open(config);
      const auto wires = device.allocate(12);
      for (const auto wire : wires) device.apply("Hadamard", {}, {&wire, 1});
      samples.push_back(device.sample());  // 96 fair coin flips
    }
    CHECK(runtime.pool_stats().hits - hits_before == 2);  // one instance, reused twice
    CHECK(samples[0] != samples[1]);
    CHECK(samples[1] != samples[2]);
    CHECK(samples[0] != samples[2]);
  }
}
