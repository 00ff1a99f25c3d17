// Many threads opening, using and releasing devices on a few keys: an instance is never held by two
// threads at once, every thread sees a fresh-looking instance, and the pool's and the plugin's counts add
// up. Clean under TSan (the fake's instance functions also detect two calls overlapping in one instance).
#include <qrt/runtime.hpp>

#include "support/expect_error.hpp"
#include "support/fake_counters.hpp"
#include "support/plugin_files.hpp"

#include <algorithm>
#include <atomic>
#include <mutex>
#include <string>
#include <thread>
#include <unordered_map>
#include <vector>

using qrt::Device;
using qrt::Runtime;
using qrt::Wire;
using namespace qrt::test;

namespace {

struct Key {
  std::string config;
  std::uint64_t shots;  // what a fresh instance of this key reports
  bool fake;            // a fake_good instance (counted by its counters)
};

// Which thread holds which instance, checked on every acquire and release.
class Ownership {
 public:
  // False when another thread already holds `handle`.
  bool acquire(qrt_device* handle) {
    std::lock_guard lock(mutex_);
    return owners_.emplace(handle, std::this_thread::get_id()).second;
  }
  // False when this thread did not hold `handle`.
  bool release(qrt_device* handle) {
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

}  // namespace

TEST_CASE("8 threads x thousands of open/use/release cycles on a few keys", "[pool][concurrency]") {
  constexpr int kThreads = 8, kCycles = 5000;
  const std::vector<Key> keys = {{"fake.good", 0, true},
                                 {"fake.good:shots=5", 5, true},
                                 {"fake.other:scale=2", 0, true},
                                 {"null.qubit:shots=3", 3, false}};

  PluginFolder folder{fake_plugin("fake_good"), real_plugin("qrt_null_qubit")};
  FakeCounters counters(fake_plugin("fake_good"));
  const fake_plugin_counters before = counters.read();
  Runtime runtime(folder.options());

  Ownership ownership;
  std::atomic<int> shared_instances{0}, stale_instances{0}, wrong_results{0}, exceptions{0};
  std::atomic<std::int64_t> fake_opens{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      try {
        for (int cycle = 0; cycle < kCycles; ++cycle) {
          const Key& key = keys[static_cast<std::size_t>(t + cycle) % keys.size()];
          Device device = runtime.open(key.config);
          if (key.fake) ++fake_opens;
          qrt_device* handle = device.native_handle();
          if (!ownership.acquire(handle)) ++shared_instances;

          // Fresh-looking: nothing left over from the previous holder.
          if (device.num_qubits() != 0 || device.shots() != key.shots) ++stale_instances;
          std::vector<Wire> wires = device.allocate(2);
          if (wires != std::vector<Wire>{0, 1}) ++stale_instances;
          device.apply("PauliX", {}, std::vector<Wire>{wires[1]});
          device.set_shots(4);
          if (device.sample().size() != 8 || device.measure(wires[0]) != 0) ++wrong_results;
          device.release_qubits(wires);

          if (!ownership.release(handle)) ++shared_instances;
          device.release();
        }
      } catch (...) {  // Catch2's assertions are not thread-safe: count here, check after join
        ++exceptions;
      }
    });
  }
  for (auto& thread : threads) thread.join();

  CHECK(exceptions == 0);
  CHECK(shared_instances == 0);
  CHECK(stale_instances == 0);
  CHECK(wrong_results == 0);

  const qrt::PoolStats stats = runtime.pool_stats();
  const std::uint64_t opens = std::uint64_t{kThreads} * kCycles;
  CHECK(stats.hits + stats.misses == opens);
  CHECK(stats.creations == stats.misses);
  CHECK(stats.destructions == 0);
  CHECK(stats.active == 0);
  CHECK(stats.inactive == stats.creations);
  // At most one instance per thread per key can ever exist, and each key was used.
  CHECK(stats.creations >= keys.size());
  CHECK(stats.creations <= kThreads * keys.size());
  REQUIRE(stats.keys.size() == keys.size());
  std::size_t per_key_total = 0;
  for (const auto& key : stats.keys) per_key_total += key.inactive;
  CHECK(per_key_total == stats.creations);

  const fake_plugin_counters delta = counters.read() - before;
  CHECK(delta.overlapping_calls == 0);
  CHECK(delta.resets == fake_opens.load());  // every release reset its instance once
  CHECK(delta.failed_resets == 0);
  CHECK(delta.errors_created == 0);
  std::uint64_t fake_instances = 0;
  for (const auto& key : stats.keys)
    if (key.device != "null.qubit") fake_instances += key.inactive;
  CHECK(delta.instances_created == static_cast<std::int64_t>(fake_instances));
  CHECK(delta.instances_destroyed == 0);

  runtime.finalize();
  CHECK((counters.read() - before).instances_destroyed == static_cast<std::int64_t>(fake_instances));
}

TEST_CASE("Concurrent first opens of one key each get their own instance", "[pool][concurrency]") {
  // Creation happens outside the pool's lock: racing misses on one key must still give distinct instances.
  constexpr int kThreads = 8;
  PluginFolder folder{fake_plugin("fake_good")};
  Runtime runtime(folder.options());
  std::vector<qrt_device*> handles(kThreads);
  std::vector<Device> held(kThreads);
  std::atomic<int> exceptions{0};
  {
    std::vector<std::thread> threads;
    for (int t = 0; t < kThreads; ++t)
      threads.emplace_back([&, t] {
        try {
          held[static_cast<std::size_t>(t)] = runtime.open("fake.good:depth=7");
          handles[static_cast<std::size_t>(t)] = held[static_cast<std::size_t>(t)].native_handle();
        } catch (...) {
          ++exceptions;
        }
      });
    for (auto& thread : threads) thread.join();
  }
  CHECK(exceptions == 0);
  std::sort(handles.begin(), handles.end());
  CHECK(std::adjacent_find(handles.begin(), handles.end()) == handles.end());
  const qrt::PoolStats stats = runtime.pool_stats();
  CHECK(stats.creations == kThreads);
  CHECK(stats.active == kThreads);
}
