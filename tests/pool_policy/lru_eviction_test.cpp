// Count caps on Inactive instances: past a cap, the least recently released Inactive instance is
// destroyed (globally for max_inactive, within its key for max_inactive_per_key); Active instances are
// never touched; a cap of 0 turns reuse off. The fake plugin's counters show what the host destroyed.
#include <qrt/runtime.hpp>

#include "support/fake_counters.hpp"
#include "support/plugin_files.hpp"
#include "support/scoped_env.hpp"

#include <boost/json.hpp>
#include <catch2/catch.hpp>

#include <set>
#include <string>
#include <vector>

using qrt::Device;
using qrt::Runtime;
using qrt::Wire;
using namespace qrt::test;

namespace {

std::string depth_key(int depth) { return "fake.good:depth=" + std::to_string(depth); }

// The `depth` kwarg of every key the pool holds an instance of.
std::set<std::int64_t> depths_in_pool(const Runtime& runtime) {
  std::set<std::int64_t> depths;
  for (const auto& key : runtime.pool_stats().keys)
    depths.insert(boost::json::parse(key.kwargs).at("depth").as_int64());
  return depths;
}

qrt_device* open_and_release(Runtime& runtime, const std::string& config) {
  return runtime.open(config).native_handle();
}

struct Fixture {
  PluginFolder folder{fake_plugin("fake_good")};
  FakeCounters counters{fake_plugin("fake_good")};
  fake_plugin_counters before = counters.read();

  qrt::RuntimeOptions options(qrt::PoolPolicy policy) const {
    qrt::RuntimeOptions o = folder.options();
    o.pool = policy;
    return o;
  }
  std::int64_t destroyed() const { return (counters.read() - before).instances_destroyed; }
};

}  // namespace

TEST_CASE_METHOD(Fixture, "The global cap evicts the least recently released instance", "[pool][policy]") {
  Runtime runtime(options({.max_inactive = 2}));
  open_and_release(runtime, depth_key(1));
  qrt_device* two = open_and_release(runtime, depth_key(2));
  CHECK(depths_in_pool(runtime) == std::set<std::int64_t>{1, 2});
  CHECK(runtime.pool_stats().evictions == 0);

  open_and_release(runtime, depth_key(3));  // three idle > 2: depth 1, released first, goes
  qrt::PoolStats stats = runtime.pool_stats();
  CHECK(depths_in_pool(runtime) == std::set<std::int64_t>{2, 3});
  CHECK(stats.inactive == 2);
  CHECK(stats.evictions == 1);
  CHECK(stats.destructions == 1);
  CHECK(destroyed() == 1);

  // Reusing depth 2 makes it the most recent: depth 3 is now the oldest and goes next.
  CHECK(open_and_release(runtime, depth_key(2)) == two);
  open_and_release(runtime, depth_key(4));
  CHECK(depths_in_pool(runtime) == std::set<std::int64_t>{2, 4});
  stats = runtime.pool_stats();
  CHECK(stats.evictions == 2);
  CHECK(stats.hits == 1);
  CHECK(destroyed() == 2);

  // The evicted key is created anew.
  open_and_release(runtime, depth_key(1));
  stats = runtime.pool_stats();
  CHECK(stats.misses == 5);
  CHECK(stats.creations == 5);
  CHECK(depths_in_pool(runtime) == std::set<std::int64_t>{1, 4});
}

TEST_CASE_METHOD(Fixture, "The per-key cap keeps a key's most recently released instances", "[pool][policy]") {
  Runtime runtime(options({.max_inactive_per_key = 1}));
  Device first = runtime.open(depth_key(1)), second = runtime.open(depth_key(1)), other = runtime.open(depth_key(2));
  qrt_device* kept = second.native_handle();

  first.release();
  CHECK(runtime.pool_stats().inactive == 1);
  second.release();  // two idle of depth 1 > 1: the older (first) goes
  qrt::PoolStats stats = runtime.pool_stats();
  CHECK(stats.inactive == 1);
  CHECK(stats.evictions == 1);
  CHECK(destroyed() == 1);

  other.release();  // another key: its own cap, and no global cap
  stats = runtime.pool_stats();
  CHECK(stats.inactive == 2);
  CHECK(stats.evictions == 1);
  CHECK(open_and_release(runtime, depth_key(1)) == kept);
  CHECK(runtime.pool_stats().hits == 1);
}

TEST_CASE_METHOD(Fixture, "Eviction never touches an Active instance", "[pool][policy]") {
  Runtime runtime(options({.max_inactive = 1}));
  std::vector<Device> held;
  for (int i = 0; i < 4; ++i) held.push_back(runtime.open(depth_key(1)));
  Device busy = runtime.open(depth_key(2));
  const std::vector<Wire> wires = busy.allocate(3);
  busy.apply("PauliX", {}, std::vector<Wire>{wires[1]});

  for (auto& device : held) device.release();  // each release past the first evicts the previous one
  qrt::PoolStats stats = runtime.pool_stats();
  CHECK(stats.inactive == 1);
  CHECK(stats.active == 1);
  CHECK(stats.evictions == 3);
  CHECK(destroyed() == 3);

  // Churn on other keys while `busy` is held: only idle instances are ever chosen.
  for (int depth = 3; depth < 20; ++depth) open_and_release(runtime, depth_key(depth));
  CHECK(runtime.pool_stats().active == 1);
  CHECK(busy.num_qubits() == 3);
  CHECK(busy.measure(wires[0]) == 0);
  CHECK((counters.read() - before).overlapping_calls == 0);

  const std::int64_t destroyed_before_release = destroyed();
  busy.release();  // now it is the newest idle one, and the previous idle one goes
  CHECK(destroyed() == destroyed_before_release + 1);
  CHECK(depths_in_pool(runtime) == std::set<std::int64_t>{2});
}

TEST_CASE_METHOD(Fixture, "A cap of 0 turns reuse off: every open creates, every release destroys", "[pool][policy]") {
  const qrt::PoolPolicy policy =
      GENERATE(qrt::PoolPolicy{.max_inactive = 0}, qrt::PoolPolicy{.max_inactive_per_key = 0});
  Runtime runtime(options(policy));
  for (int i = 0; i < 5; ++i) {
    Device device = runtime.open(depth_key(1));
    CHECK(device.allocate(1) == std::vector<Wire>{0});
  }
  const qrt::PoolStats stats = runtime.pool_stats();
  CHECK(stats.hits == 0);
  CHECK(stats.misses == 5);
  CHECK(stats.creations == 5);
  CHECK(stats.evictions == 5);
  CHECK(stats.destructions == 5);
  CHECK(stats.inactive == 0);
  CHECK(stats.keys.empty());
  const fake_plugin_counters delta = counters.read() - before;
  CHECK(delta.instances_created == 5);
  CHECK(delta.instances_destroyed == 5);
}

TEST_CASE_METHOD(Fixture, "Without limits every released instance is kept", "[pool][policy]") {
  ScopedEnv no_count(qrt::kPoolMaxInactiveEnv, std::nullopt),
      no_key_count(qrt::kPoolMaxInactivePerKeyEnv, std::nullopt), no_bytes(qrt::kPoolMaxBytesEnv, std::nullopt);
  Runtime runtime(options({}));
  std::vector<Device> held;
  for (int depth = 1; depth <= 6; ++depth) held.push_back(runtime.open(depth_key(depth)));
  held.clear();
  const qrt::PoolStats stats = runtime.pool_stats();
  CHECK(stats.inactive == 6);
  CHECK(stats.evictions == 0);
  CHECK_FALSE(stats.policy.max_inactive);
  CHECK_FALSE(stats.policy.max_inactive_per_key);
  CHECK_FALSE(stats.policy.max_bytes);
  CHECK(destroyed() == 0);
}
