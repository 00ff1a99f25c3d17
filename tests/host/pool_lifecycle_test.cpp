// Instance lifecycle around the pool: a failed reset destroys the instance, a released Device refuses
// further use, finalize destroys idle instances and refuses new ones, and devices still held by other
// threads keep working through finalize (or the Runtime's destruction) until they are released.
#include <qrt/runtime.hpp>

#include "support/expect_error.hpp"
#include "support/fake_counters.hpp"
#include "support/plugin_files.hpp"

#include <atomic>
#include <functional>
#include <latch>
#include <map>
#include <memory>
#include <string>
#include <thread>
#include <vector>

using Catch::Matchers::Contains;
using qrt::Device;
using qrt::ErrorCode;
using qrt::Runtime;
using qrt::Wire;
using namespace qrt::test;

TEST_CASE("An instance whose reset fails is destroyed, not reused", "[pool][lifecycle]") {
  PluginFolder folder{fake_plugin("fake_reset_fails")};
  FakeCounters counters(fake_plugin("fake_reset_fails"));
  Runtime runtime(folder.options());
  const fake_plugin_counters before = counters.read();

  runtime.open("fake.reset_fails").allocate(2);  // resets fine: pooled
  CHECK(runtime.pool_stats().inactive == 1);
  {
    Device device = runtime.open("fake.reset_fails");
    CHECK(runtime.pool_stats().hits == 1);
    device.apply("Break", {}, {});  // from now on this instance's reset fails
  }
  qrt::PoolStats stats = runtime.pool_stats();
  CHECK(stats.destructions == 1);
  CHECK(stats.inactive == 0);
  CHECK(stats.active == 0);

  fake_plugin_counters delta = counters.read() - before;
  CHECK(delta.failed_resets == 1);
  CHECK(delta.instances_destroyed == 1);
  CHECK(delta.errors_created == 1);
  CHECK(delta.errors_destroyed == 1);  // the reset error was not leaked

  Device fresh = runtime.open("fake.reset_fails");  // a new instance, not the broken one
  stats = runtime.pool_stats();
  CHECK(stats.misses == 2);
  CHECK(stats.creations == 2);
  CHECK(fresh.num_qubits() == 0);
  fresh.release();
  CHECK(runtime.pool_stats().inactive == 1);  // the healthy one is pooled as usual
}

TEST_CASE("Using a released or empty Device is a State error naming the operation", "[pool][lifecycle]") {
  PluginFolder folder{fake_plugin("fake_good")};
  Runtime runtime(folder.options());
  Device device = runtime.open("fake.good");
  device.allocate(1);
  device.release();
  CHECK_FALSE(device);
  CHECK(device.native_handle() == nullptr);

  const auto z0 = qrt::Observable::pauli_word("Z", {0});
  const std::vector<Wire> w0{0};
  const std::map<std::string, std::function<void(Device&)>> operations = {
      {"allocate", [](Device& d) { d.allocate(1); }},
      {"release_qubits", [&](Device& d) { d.release_qubits(w0); }},
      {"num_qubits", [](Device& d) { d.num_qubits(); }},
      {"apply", [&](Device& d) { d.apply(0u, {}, w0); }},
      {"gate_id", [](Device& d) { d.gate_id("PauliX"); }},
      {"apply_matrix",
       [&](Device& d) {
         d.apply_matrix(std::vector<std::complex<double>>{1, 0, 0, 1}, w0);
       }},
      {"measure", [](Device& d) { d.measure(0); }},
      {"reset_wire", [](Device& d) { d.reset_wire(0); }},
      {"expval", [&](Device& d) { d.expval(z0); }},
      {"var", [&](Device& d) { d.var(z0); }},
      {"probs", [](Device& d) { d.probs(); }},
      {"sample", [](Device& d) { d.sample(); }},
      {"counts", [](Device& d) { d.counts(); }},
      {"state", [](Device& d) { d.state(); }},
      {"set_shots", [](Device& d) { d.set_shots(1); }},
      {"shots", [](Device& d) { d.shots(); }},
      {"set_seed", [](Device& d) { d.set_seed(1); }},
      {"memory_bytes", [](Device& d) { d.memory_bytes(); }},
      {"name", [](Device& d) { d.name(); }},
      {"type", [](Device& d) { d.type(); }},
      {"canonical_kwargs", [](Device& d) { d.canonical_kwargs(); }},
      {"functions", [](Device& d) { d.functions(); }},
  };
  for (const auto& [operation, call] : operations) {
    INFO(operation);
    std::string message = error_message(ErrorCode::State, [&] { call(device); });
    CHECK_THAT(message, Contains(operation + ": the device has been released"));
  }

  device.release();  // releasing twice is harmless
  Device never_opened;
  CHECK_FALSE(never_opened);
  error_message(ErrorCode::State, [&] { never_opened.num_qubits(); });
  Device moved_to = runtime.open("fake.good");
  Device moved_from = std::move(moved_to);
  error_message(ErrorCode::State, [&] { moved_to.shots(); });  // NOLINT(bugprone-use-after-move)

  qrt::PoolStats stats = runtime.pool_stats();
  CHECK(stats.creations == 1);
  CHECK(stats.active == 1);
}

TEST_CASE("finalize destroys idle instances, opening afterwards is a State error", "[pool][lifecycle]") {
  PluginFolder folder{fake_plugin("fake_good")};
  FakeCounters counters(fake_plugin("fake_good"));
  Runtime runtime(folder.options());
  const fake_plugin_counters before = counters.read();
  { Device a = runtime.open("fake.good"), b = runtime.open("fake.other"); }
  CHECK(runtime.pool_stats().inactive == 2);

  runtime.finalize();
  qrt::PoolStats stats = runtime.pool_stats();
  CHECK(stats.inactive == 0);
  CHECK(stats.destructions == 2);
  CHECK((counters.read() - before).instances_destroyed == 2);

  for (auto open : {+[](Runtime& r) { r.open("fake.good"); }, +[](Runtime& r) { r.open("", "fake.good", ""); },
                    +[](Runtime& r) { r.open("not a valid config"); }}) {
    std::string message = error_message(ErrorCode::State, [&] { open(runtime); });
    CHECK_THAT(message, Contains("finalized"));
  }
  runtime.finalize();  // idempotent
  CHECK(runtime.pool_stats().destructions == 2);
}

TEST_CASE("Devices held by other threads outlive finalize and the Runtime, then are destroyed", "[pool][lifecycle]") {
  const bool destroy_runtime = GENERATE(false, true);
  INFO((destroy_runtime ? "the Runtime is destroyed" : "the Runtime is finalized"));
  constexpr int kThreads = 4, kIterations = 200;
  PluginFolder folder{fake_plugin("fake_good")};
  FakeCounters counters(fake_plugin("fake_good"));
  const fake_plugin_counters before = counters.read();
  auto runtime = std::make_unique<Runtime>(folder.options());
  runtime->open("fake.good").allocate(1);  // one idle instance for finalize to destroy

  std::latch holding(kThreads), finalized(1);
  std::atomic<int> failures{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      bool counted_down = false;
      try {
        const std::uint64_t shots = 100 + static_cast<std::uint64_t>(t);
        Device device = runtime->open("fake.good:shots=" + std::to_string(shots));
        holding.count_down();
        counted_down = true;
        finalized.wait();
        for (int i = 0; i < kIterations; ++i) {
          std::vector<Wire> wires = device.allocate(2);
          if (device.num_qubits() != 2 || device.shots() != shots) ++failures;
          device.release_qubits(wires);
        }
        device.release();
        try {
          device.num_qubits();
          ++failures;  // a released device must refuse
        } catch (const qrt::Error& e) {
          if (e.code() != ErrorCode::State) ++failures;
        }
      } catch (...) {  // Catch2's assertions are not thread-safe: count, check after join
        ++failures;
        if (!counted_down) holding.count_down();
      }
    });
  }
  holding.wait();
  if (destroy_runtime) {
    runtime.reset();
  } else {
    runtime->finalize();
    qrt::PoolStats stats = runtime->pool_stats();
    CHECK(stats.active == kThreads);
    CHECK(stats.inactive == 0);
    CHECK(stats.destructions == 1);
    error_message(ErrorCode::State, [&] { runtime->open("fake.good"); });
  }
  finalized.count_down();
  for (auto& thread : threads) thread.join();
  CHECK(failures == 0);

  if (runtime) {
    qrt::PoolStats stats = runtime->pool_stats();
    CHECK(stats.active == 0);
    CHECK(stats.inactive == 0);
    CHECK(stats.destructions == stats.creations);
    runtime.reset();
  }
  const fake_plugin_counters delta = counters.read() - before;
  CHECK(delta.instances_created == kThreads + 1);
  CHECK(delta.instances_destroyed == kThreads + 1);  // nothing leaked
  CHECK(delta.overlapping_calls == 0);
  CHECK(delta.errors_created == delta.errors_destroyed);
}
