// qrt::Executor: futures carry results and errors, one failure does not stop the others, cancellation
// fails what has not started and lets running programs finish, a ready future means its device is back
// in the pool, workers really run programs at once on distinct instances, and the thread budget.
#include <qrt/circuit_runner.hpp>
#include <qrt/executor.hpp>
#include <qrt/load_program.hpp>
#include <qrt/qasm/parser.hpp>
#include <qrt/runtime.hpp>

#include "support/expect_error.hpp"
#include "support/plugin_files.hpp"

#include <boost/json.hpp>
#include <catch2/catch.hpp>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <future>
#include <mutex>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

using Catch::Matchers::Contains;
using qrt::Device;
using qrt::ErrorCode;
using qrt::Executor;
using qrt::ExecutorOptions;
using qrt::Runtime;
using namespace qrt::test;
using namespace std::chrono_literals;

namespace {

qrt::RuntimeOptions real_plugins() { return {{QRT_TEST_PLUGIN_DIR}, false}; }

template <class T>
bool is_ready(std::future<T>& future) {
  return future.wait_for(0s) == std::future_status::ready;
}

// The kwargs a device was opened with, as JSON.
boost::json::object kwargs_of(Device& device) { return boost::json::parse(device.canonical_kwargs()).as_object(); }

}  // namespace

TEST_CASE("Futures carry each program's result or exception, the others carry on", "[executor]") {
  Runtime runtime(real_plugins());
  Executor executor(runtime, ExecutorOptions{.workers = 2});
  std::vector<std::future<int>> futures;
  for (int i = 0; i < 20; ++i)
    futures.push_back(executor.submit("null.qubit", [i](Device& device) {
      device.allocate(2);
      if (i % 5 == 0) throw std::runtime_error("program " + std::to_string(i) + " failed on purpose");
      return i * i;
    }));
  for (int i = 0; i < 20; ++i) {
    INFO("program " << i);
    if (i % 5 == 0) {
      CHECK_THROWS_WITH(futures[static_cast<std::size_t>(i)].get(),
                        "program " + std::to_string(i) + " failed on purpose");
    } else {
      CHECK(futures[static_cast<std::size_t>(i)].get() == i * i);
    }
  }
  executor.wait_idle();
  const qrt::ExecutorStats stats = executor.stats();
  CHECK(stats.submitted == 20);
  CHECK(stats.succeeded == 16);
  CHECK(stats.failed == 4);
  CHECK(stats.cancelled == 0);
  CHECK(stats.queued == 0);
  CHECK(stats.running == 0);
  CHECK(runtime.pool_stats().active == 0);  // devices of failed programs were released too
}

TEST_CASE("QASM programs: results, and run errors in the future", "[executor]") {
  Runtime runtime(real_plugins());
  Executor executor(runtime, ExecutorOptions{.workers = 2});
  auto bell = qrt::load_openqasm(R"(OPENQASM 2.0;
include "qelib1.inc";
qreg q[2];
h q[0];
cx q[0], q[1];
)");
  auto dynamic = qrt::load_openqasm(R"(OPENQASM 2.0;
include "qelib1.inc";
qreg q[1];
creg c[1];
h q[0];
measure q[0] -> c[0];
if (c == 1) x q[0];
)");
  qrt::RunRequest probabilities;
  probabilities.probabilities = true;
  auto good = executor.submit("statevector.qubit", bell, probabilities);
  auto bad = executor.submit("statevector.qubit", dynamic, qrt::RunRequest{});  // dynamic without shots
  const qrt::RunResult r = good.get();
  REQUIRE(r.probabilities.size() == 4);
  CHECK(r.probabilities[0] == Approx(0.5).margin(1e-12));
  CHECK(r.probabilities[3] == Approx(0.5).margin(1e-12));
  CHECK(r.probabilities[1] == Approx(0).margin(1e-12));
  const std::string message = error_message(ErrorCode::FailedPrecondition, [&] { bad.get(); });
  CHECK_THAT(message, Contains("shots"));
  CHECK_THROWS_AS(qrt::LoadedProgram(nullptr), qrt::Error);
}

TEST_CASE("A program submitted again is lowered once per device type and options", "[executor]") {
  Runtime runtime(real_plugins());
  Executor executor(runtime, ExecutorOptions{.workers = 1});  // one worker: the first run is the one that lowers
  // T is native on statevector.qubit; stabilizer.qubit (Clifford only) cannot run it at all: it lowers to
  // PhaseShift(pi/4), which the device refuses (it takes rotations at multiples of pi/2 only).
  auto circuit = qrt::load_openqasm(R"(OPENQASM 2.0;
include "qelib1.inc";
qreg q[2];
creg c[2];
h q[0];
t q[0];
h q[0];
cx q[0], q[1];
measure q -> c;
)");
  qrt::RunRequest probabilities;
  probabilities.probabilities = true;
  probabilities.strip_measurements = true;
  // |amplitude of 0>|^2 after H T H on q[0]: cos^2(pi/8).
  const double p0 = std::pow(std::cos(std::acos(-1.0) / 8), 2);
  for (int round = 0; round < 3; ++round) {
    INFO("round " << round);
    const qrt::RunResult r = executor.submit("statevector.qubit", circuit, probabilities).get();
    REQUIRE(r.probabilities.size() == 4);
    CHECK(r.probabilities[0] == Approx(p0).margin(1e-12));
    CHECK(r.probabilities[3] == Approx(1 - p0).margin(1e-12));
    if (round == 0) CHECK(r.lower_seconds > 0);
    else CHECK(r.lower_seconds == 0);  // reused
  }
  // Other options lower again (the measurements are kept this time) and give counts.
  qrt::RunRequest counts;
  counts.shots = 100;
  counts.seed = 5;
  const qrt::RunResult sampled = executor.submit("statevector.qubit", circuit, counts).get();
  CHECK(sampled.lower_seconds > 0);
  CHECK(sampled.counts.size() == 2);  // 00 and 11
  // Another device type: lowered for its own gate set, and its error comes back every time, at the t.
  for (int round = 0; round < 2; ++round) {
    auto future = executor.submit("stabilizer.qubit", circuit, probabilities);
    CHECK_THROWS_WITH(future.get(), Contains(":6:1: error:") && Contains("is not a Clifford operation"));
  }
}

TEST_CASE("A device that cannot be created fails its program's future only", "[executor]") {
  PluginFolder folder{fake_plugin("fake_create_fails"), real_plugin("qrt_null_qubit")};
  Runtime runtime(folder.options());
  Executor executor(runtime, ExecutorOptions{.workers = 2});
  auto failing = executor.submit("fake.create_fails:fail_code=4", [](Device&) { return 1; });
  auto fine = executor.submit("null.qubit", [](Device&) { return 2; });
  const std::string message = error_message(ErrorCode::OutOfMemory, [&] { failing.get(); });
  CHECK_THAT(message, Contains("fake.create_fails") && Contains("create"));
  CHECK(fine.get() == 2);
  executor.wait_idle();
  CHECK(executor.stats().failed == 1);
}

TEST_CASE("A config that does not resolve is rejected by submit itself", "[executor]") {
  Runtime runtime(real_plugins());
  Executor executor(runtime, ExecutorOptions{.workers = 1});
  auto noop = [](Device&) { return 0; };
  CHECK_THAT(error_message(ErrorCode::NotFound, [&] { executor.submit("nonexistent.qubit", noop); }),
             Contains("nonexistent.qubit"));
  CHECK_THAT(error_message(ErrorCode::Config, [&] { executor.submit("null.qubit:shots=-1", noop); }),
             Contains("shots"));
  CHECK(executor.stats().submitted == 0);
}

TEST_CASE("cancel() fails the queued programs at once, the running one finishes", "[executor]") {
  Runtime runtime(real_plugins());
  Executor executor(runtime, ExecutorOptions{.workers = 1});
  std::promise<void> gate;
  std::shared_future<void> opened = gate.get_future().share();
  std::promise<void> started;
  auto running = executor.submit("null.qubit", [&](Device& device) {
    started.set_value();
    opened.wait();
    return device.allocate(1).size();
  });
  started.get_future().wait();  // the only worker is busy from here on
  std::vector<std::future<int>> queued;
  for (int i = 0; i < 10; ++i) queued.push_back(executor.submit("null.qubit", [](Device&) { return 7; }));
  CHECK(executor.stats().queued == 10);

  executor.cancel();
  CHECK(executor.cancelled());
  for (auto& future : queued) {
    REQUIRE(is_ready(future));  // cancelled without waiting for the worker
    CHECK_THROWS_AS(future.get(), qrt::CancelledError);
  }
  CHECK_FALSE(is_ready(running));
  gate.set_value();
  CHECK(running.get() == 1);

  auto late = executor.submit("null.qubit", [](Device&) { return 0; });
  REQUIRE(is_ready(late));
  try {
    late.get();
    FAIL("a program submitted after cancel() ran");
  } catch (const qrt::CancelledError& e) {
    CHECK(e.code() == ErrorCode::State);
    CHECK_THAT(std::string(e.what()), Contains("cancelled before it started"));
  }
  executor.wait_idle();
  const qrt::ExecutorStats stats = executor.stats();
  CHECK(stats.submitted == 12);
  CHECK(stats.succeeded == 1);
  CHECK(stats.cancelled == 11);
  CHECK(runtime.pool_stats().active == 0);
}

TEST_CASE("A ready future means the device is already back in the pool", "[executor]") {
  Runtime runtime(real_plugins());
  Executor executor(runtime, ExecutorOptions{.workers = 3});
  for (int i = 0; i < 100; ++i) {
    executor
        .submit("null.qubit:shots=2",
                [](Device& device) {
                  device.allocate(1);
                  return device.counts();
                })
        .get();
    const qrt::PoolStats stats = runtime.pool_stats();
    REQUIRE(stats.active == 0);
    REQUIRE(stats.inactive == 1);  // one after another: one instance serves them all
  }
  CHECK(runtime.pool_stats().hits == 99);
}

TEST_CASE("Workers run programs at the same time, each on its own instance", "[executor]") {
  constexpr std::size_t kWorkers = 4;
  Runtime runtime(real_plugins());
  Executor executor(runtime, ExecutorOptions{.workers = kWorkers});
  CHECK(executor.workers() == kWorkers);
  std::mutex mutex;
  std::condition_variable all_in;
  std::size_t inside = 0;
  bool met = true;
  std::vector<std::future<qrt_device*>> futures;
  for (std::size_t i = 0; i < kWorkers; ++i)
    futures.push_back(executor.submit("null.qubit", [&](Device& device) {
      std::unique_lock lock(mutex);
      ++inside;
      all_in.notify_all();
      // Only possible if all four run at once; the timeout keeps a failure from hanging the test.
      if (!all_in.wait_for(lock, 20s, [&] { return inside == kWorkers; })) met = false;
      return device.native_handle();
    }));
  std::set<qrt_device*> handles;
  for (auto& future : futures) handles.insert(future.get());
  CHECK(met);
  CHECK(handles.size() == kWorkers);
  CHECK(runtime.pool_stats().creations == kWorkers);
}

TEST_CASE("The destructor runs what is queued before joining", "[executor]") {
  Runtime runtime(real_plugins());
  std::vector<std::future<std::size_t>> futures;
  {
    Executor executor(runtime, ExecutorOptions{.workers = 2});
    for (std::size_t i = 0; i < 50; ++i)
      futures.push_back(executor.submit("null.qubit", [i](Device& device) { return device.allocate(i % 4).size(); }));
  }
  for (std::size_t i = 0; i < futures.size(); ++i) {
    REQUIRE(is_ready(futures[i]));
    CHECK(futures[i].get() == i % 4);
  }
}

TEST_CASE("Thread budget: devices with a threads kwarg get cores / workers unless the config sets it", "[executor]") {
  Runtime runtime(real_plugins());
  auto threads_of = [&](Executor& executor, const std::string& config) {
    return executor.submit(config, [](Device& device) { return kwargs_of(device); }).get();
  };
  SECTION("2 workers on 8 cores: 4 threads each") {
    Executor executor(runtime, ExecutorOptions{.workers = 2, .cores = 8});
    CHECK(executor.device_threads() == 4);
    CHECK(threads_of(executor, "statevector.qubit").at("threads").as_int64() == 4);
    CHECK(threads_of(executor, "statevector.qubit:threads=3").at("threads").as_int64() == 3);  // the user's choice
    CHECK(threads_of(executor, R"({"device": "statevector.qubit", "threads": 1})").at("threads").as_int64() == 1);
    CHECK_FALSE(threads_of(executor, "null.qubit").contains("threads"));  // no such kwarg: untouched
  }
  SECTION("more workers than cores: 1 thread each") {
    Executor executor(runtime, ExecutorOptions{.workers = 4, .cores = 2});
    CHECK(executor.device_threads() == 1);
    CHECK(threads_of(executor, "statevector.qubit").at("threads").as_int64() == 1);
  }
  SECTION("budget off: the device's default") {
    Executor executor(runtime, ExecutorOptions{.workers = 2, .cores = 8, .limit_device_threads = false});
    CHECK(executor.device_threads() == 0);
    CHECK(threads_of(executor, "statevector.qubit").at("threads").as_int64() == 0);  // 0 = all cores
  }
}

TEST_CASE("Programs returning nothing, and wait_idle", "[executor]") {
  Runtime runtime(real_plugins());
  Executor executor(runtime);
  CHECK(executor.workers() >= 1);
  std::atomic<int> ran{0};
  std::vector<std::future<void>> futures;
  for (int i = 0; i < 30; ++i) futures.push_back(executor.submit("null.qubit", [&](Device&) { ++ran; }));
  executor.wait_idle();
  CHECK(ran == 30);
  for (auto& future : futures) {
    REQUIRE(is_ready(future));
    future.get();
  }
}
