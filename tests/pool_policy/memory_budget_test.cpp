// The memory budget: Inactive instances may hold at most max_bytes in all, as each reports through the
// ABI's memory_bytes after its reset. statevector.qubit keeps its amplitude buffer across a reset, so an
// idle instance that ran n qubits holds 16 * 2^n bytes plus a small fixed part.
#include <qrt/runtime.hpp>

#include <boost/json.hpp>
#include <catch2/catch.hpp>

#include <numeric>
#include <set>
#include <string>

using qrt::Device;
using qrt::Runtime;

namespace {

constexpr std::uint64_t kKiB = 1024;
// What a state of n qubits needs, independently of the device: 2^n complex doubles.
constexpr std::uint64_t state_bytes(unsigned n) { return std::uint64_t{16} << n; }
// Bound on the device's own fixed part (its object, wire map, RNG), far below one 10-qubit state.
constexpr std::uint64_t kOverhead = 4 * kKiB;

std::string seed_key(int seed) { return "statevector.qubit:seed=" + std::to_string(seed); }

Device holding(Runtime& runtime, const std::string& config, unsigned qubits) {
  Device device = runtime.open(config);
  device.allocate(qubits);
  return device;
}

std::set<std::int64_t> seeds_in_pool(const Runtime& runtime) {
  std::set<std::int64_t> seeds;
  for (const auto& key : runtime.pool_stats().keys)
    if (key.inactive > 0) seeds.insert(boost::json::parse(key.kwargs).at("seed").as_int64());
  return seeds;
}

qrt::RuntimeOptions with_budget(std::uint64_t bytes) {
  qrt::RuntimeOptions o{{QRT_TEST_PLUGIN_DIR}, false};
  o.pool.max_bytes = bytes;
  return o;
}

}  // namespace

TEST_CASE("Idle instances are evicted oldest first to stay within the memory budget", "[pool][policy][memory]") {
  // Two idle 10-qubit instances fit in 40 KiB (2 x 16 KiB + overhead), three do not.
  Runtime runtime(with_budget(40 * kKiB));
  Device a = holding(runtime, seed_key(1), 10), b = holding(runtime, seed_key(2), 10),
         c = holding(runtime, seed_key(3), 10);

  a.release();
  qrt::PoolStats stats = runtime.pool_stats();
  REQUIRE(stats.inactive == 1);
  CHECK(stats.bytes >= state_bytes(10));
  CHECK(stats.bytes < state_bytes(10) + kOverhead);
  CHECK(stats.policy.max_bytes == 40 * kKiB);

  b.release();
  CHECK(runtime.pool_stats().inactive == 2);
  c.release();  // 3 x 16 KiB > 40 KiB: the oldest (seed 1) goes
  stats = runtime.pool_stats();
  CHECK(stats.inactive == 2);
  CHECK(stats.evictions == 1);
  CHECK(stats.bytes <= 40 * kKiB);
  CHECK(seeds_in_pool(runtime) == std::set<std::int64_t>{2, 3});
  std::uint64_t per_key = 0;
  for (const auto& key : stats.keys) per_key += key.bytes;
  CHECK(per_key == stats.bytes);

  // The pool's figure is what the device itself reports for the reset instance.
  std::uint64_t seed2_bytes = 0;
  for (const auto& key : stats.keys)
    if (boost::json::parse(key.kwargs).at("seed").as_int64() == 2) seed2_bytes = key.bytes;
  {
    Device again = runtime.open(seed_key(2));
    CHECK(runtime.pool_stats().hits == 1);
    CHECK(again.memory_bytes() == seed2_bytes);
  }
  CHECK(seeds_in_pool(runtime) == std::set<std::int64_t>{2, 3});
}

TEST_CASE("An instance larger than the whole budget is destroyed on release, not the others",
          "[pool][policy][memory]") {
  Runtime runtime(with_budget(40 * kKiB));
  holding(runtime, seed_key(1), 10).release();
  holding(runtime, seed_key(2), 10).release();
  holding(runtime, seed_key(3), 12).release();  // 64 KiB alone: never kept, and nothing else is flushed for it
  const qrt::PoolStats stats = runtime.pool_stats();
  CHECK(stats.inactive == 2);
  CHECK(stats.evictions == 1);
  CHECK(stats.destructions == 1);
  CHECK(seeds_in_pool(runtime) == std::set<std::int64_t>{1, 2});
}

TEST_CASE("Active instances do not count against the budget", "[pool][policy][memory]") {
  Runtime runtime(with_budget(40 * kKiB));
  Device big = holding(runtime, seed_key(9), 14);  // 256 KiB, in use
  holding(runtime, seed_key(1), 10).release();
  holding(runtime, seed_key(2), 10).release();
  qrt::PoolStats stats = runtime.pool_stats();
  CHECK(stats.inactive == 2);
  CHECK(stats.active == 1);
  CHECK(stats.evictions == 0);
  CHECK(big.memory_bytes() >= state_bytes(14));
  big.release();  // on release it is over budget on its own: destroyed
  stats = runtime.pool_stats();
  CHECK(stats.evictions == 1);
  CHECK(seeds_in_pool(runtime) == std::set<std::int64_t>{1, 2});
}

TEST_CASE("A budget of 0 bytes keeps no instance that reports memory", "[pool][policy][memory]") {
  Runtime runtime(with_budget(0));
  for (int i = 0; i < 3; ++i) holding(runtime, "null.qubit", 2).release();
  const qrt::PoolStats stats = runtime.pool_stats();
  CHECK(stats.creations == 3);
  CHECK(stats.hits == 0);
  CHECK(stats.evictions == 3);
  CHECK(stats.inactive == 0);
  CHECK(stats.bytes == 0);
}
