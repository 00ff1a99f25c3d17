// The pool under heavy contention through the C++ API: 16 threads x 10,000 open/run/release cycles over
// a handful of null.qubit keys, and fewer, real simulations on statevector.qubit. An instance must never
// be Active in two threads at once (a shared set of native handles under a mutex says so), instances
// must be reused (creations bounded by threads x keys), and every result must equal the single-thread one.
#include <qrt/circuit_runner.hpp>
#include <qrt/executor.hpp>
#include <qrt/qasm/parser.hpp>
#include <qrt/runtime.hpp>

#include <catch2/catch.hpp>

#include <atomic>
#include <map>
#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <unordered_map>
#include <vector>

using qrt::Device;
using qrt::Runtime;
using qrt::Wire;

namespace {

// Which thread holds which instance.
class Ownership {
 public:
  bool acquire(qrt_device* handle) {  // false: another thread holds it
    std::lock_guard lock(mutex_);
    return owners_.emplace(handle, std::this_thread::get_id()).second;
  }
  bool release(qrt_device* handle) {  // false: this thread did not hold it
    std::lock_guard lock(mutex_);
    auto it = owners_.find(handle);
    if (it == owners_.end() || it->second != std::this_thread::get_id()) return false;
    owners_.erase(it);
    return true;
  }

 private:
  std::mutex mutex_;
  std::unordered_map<qrt_device*, std::thread::id> owners_;
};

qrt::RuntimeOptions real_plugins() { return {{QRT_TEST_PLUGIN_DIR}, false}; }

// What a short program observes on null.qubit: shots, qubits and counts (or probabilities).
struct NullOutcome {
  std::uint64_t shots = 0;
  std::size_t qubits = 0;
  std::map<std::uint64_t, std::uint64_t> counts;
  std::vector<double> probabilities;
  bool operator==(const NullOutcome&) const = default;
};

NullOutcome null_program(Device& device) {
  NullOutcome o;
  const std::vector<Wire> wires = device.allocate(3);
  device.apply("Hadamard", {}, std::vector<Wire>{wires[0]});
  device.apply("CNOT", {}, std::vector<Wire>{wires[0], wires[1]});
  const double angle = 0.25;
  device.apply("RY", std::vector<double>{angle}, std::vector<Wire>{wires[2]});
  o.shots = device.shots();
  o.qubits = device.num_qubits();
  if (o.shots > 0) o.counts = device.counts();
  else o.probabilities = device.probs();
  return o;
}

}  // namespace

TEST_CASE("16 threads x 10,000 open/run/release cycles on null.qubit", "[concurrency][pool]") {
  constexpr int kThreads = 16, kCycles = 10000;
  const std::vector<std::string> keys = {"null.qubit", "null.qubit:shots=4", "null.qubit:shots=8,seed=3",
                                         "null.qubit:seed=5,max_qubits=64"};
  Runtime runtime(real_plugins());

  // The single-thread results, from a separate runtime so that this one's counts start at zero.
  std::vector<NullOutcome> expected;
  {
    Runtime reference(real_plugins());
    for (const auto& key : keys) {
      Device device = reference.open(key);
      expected.push_back(null_program(device));
    }
  }
  REQUIRE(expected[1].counts == std::map<std::uint64_t, std::uint64_t>{{0, 4}});  // null.qubit: always |000>

  Ownership ownership;
  std::atomic<int> shared{0}, wrong{0}, exceptions{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([&, t] {
      try {
        for (int cycle = 0; cycle < kCycles; ++cycle) {
          const std::size_t k = static_cast<std::size_t>(t + cycle) % keys.size();
          Device device = runtime.open(keys[k]);
          qrt_device* handle = device.native_handle();
          if (!ownership.acquire(handle)) ++shared;
          if (device.num_qubits() != 0 || null_program(device) != expected[k]) ++wrong;
          if (!ownership.release(handle)) ++shared;
          device.release();
        }
      } catch (...) {  // Catch2 is not thread-safe: count here, check after join
        ++exceptions;
      }
    });
  for (auto& thread : threads) thread.join();

  CHECK(exceptions == 0);
  CHECK(shared == 0);
  CHECK(wrong == 0);
  const qrt::PoolStats stats = runtime.pool_stats();
  const std::uint64_t opens = std::uint64_t{kThreads} * kCycles;
  CHECK(stats.hits + stats.misses == opens);
  CHECK(stats.creations == stats.misses);
  // No thread holds more than one instance at a time, so a key never needs more than kThreads.
  CHECK(stats.creations >= keys.size());
  CHECK(stats.creations <= kThreads * keys.size());
  CHECK(stats.destructions == 0);
  CHECK(stats.evictions == 0);
  CHECK(stats.active == 0);
  CHECK(stats.inactive == stats.creations);
  CHECK(stats.keys.size() == keys.size());
}

TEST_CASE("Threads running seeded statevector programs get the single-thread results", "[concurrency][pool]") {
  constexpr int kThreads = 8, kCycles = 60, kSeeds = 12;
  const qrt::program::Program program = qrt::qasm::parse_string(R"(OPENQASM 2.0;
include "qelib1.inc";
qreg q[5];
creg c[5];
h q[0];
cx q[0], q[1];
ry(0.7) q[2];
cx q[2], q[3];
rx(1.3) q[4];
cz q[4], q[0];
measure q -> c;
)");
  const std::vector<std::string> keys = {"statevector.qubit", "statevector.qubit:fusion=false"};
  auto options_for = [](int seed) {
    qrt::RunOptions o;
    o.shots = 64;
    o.seed = qrt::derive_seed(2024, static_cast<std::uint64_t>(seed));
    return o;
  };

  std::vector<std::map<std::string, std::uint64_t>> expected;
  {
    Runtime reference(real_plugins());
    for (int s = 0; s < kSeeds; ++s) {
      Device device = reference.open(keys[0]);  // a program needs a device of its own (fresh or reset)
      expected.push_back(qrt::run_program(program, device, options_for(s)).counts);
    }
  }
  std::set<std::map<std::string, std::uint64_t>> distinct(expected.begin(), expected.end());
  REQUIRE(distinct.size() > 1);  // the seeds matter, so equal results below are not a coincidence

  Runtime runtime(real_plugins());
  Ownership ownership;
  std::atomic<int> shared{0}, wrong{0}, exceptions{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([&, t] {
      try {
        for (int cycle = 0; cycle < kCycles; ++cycle) {
          const int seed = (t * kCycles + cycle) % kSeeds;
          Device device = runtime.open(keys[static_cast<std::size_t>(cycle % 2)]);
          qrt_device* handle = device.native_handle();
          if (!ownership.acquire(handle)) ++shared;
          if (qrt::run_program(program, device, options_for(seed)).counts != expected[static_cast<std::size_t>(seed)])
            ++wrong;
          if (!ownership.release(handle)) ++shared;
        }
      } catch (...) {
        ++exceptions;
      }
    });
  for (auto& thread : threads) thread.join();

  CHECK(exceptions == 0);
  CHECK(shared == 0);
  CHECK(wrong == 0);
  const qrt::PoolStats stats = runtime.pool_stats();
  CHECK(stats.hits + stats.misses == std::uint64_t{kThreads} * kCycles);
  CHECK(stats.creations <= kThreads * keys.size());
  CHECK(stats.active == 0);
}
