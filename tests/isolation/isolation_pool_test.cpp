// The pool treats an isolated device like any other: keyed apart from the in-process one, a released
// worker is kept Inactive (reset in the worker) and reused by the next equal open.
#include "isolation/isolated_backend.hpp"
#include "isolation_support.hpp"

#include <catch2/catch.hpp>

#include <qrt/executor.hpp>
#include <qrt/loaded_program.hpp>

using namespace isolation_test;

TEST_CASE("released isolated workers are reset and reused", "[isolation][pool]") {
  const std::size_t fds_before = open_fds();
  {
    qrt::Runtime runtime(crash_plugins());
    const std::string config = "fake.crash.segv:shots=3,isolate=true";
    pid_t first = -1;
    for (int i = 0; i < 4; ++i) {
      qrt::Device device = runtime.open(config);
      if (i == 0) first = isolation_pid(device);
      CHECK(isolation_pid(device) == first);
      CHECK(device.shots() == 3);  // reset restores the configured shots
      qrt::RunOptions options;
      options.shots = 7;
      CHECK(qrt::run_program(good_program(), device, options).counts.at("01") == 7);
    }
    {
      qrt::Device plain = runtime.open("fake.crash.segv:shots=3");  // the same kwargs in-process: another key
      CHECK(qrt::isolation::isolated_backend_of(plain) == nullptr);
    }
    const qrt::PoolStats stats = runtime.pool_stats();
    CHECK(stats.creations == 2);
    CHECK(stats.hits == 3);
    REQUIRE(stats.keys.size() == 2);
    CHECK(stats.keys[0].isolated != stats.keys[1].isolated);
    CHECK(stats.keys[0].kwargs == stats.keys[1].kwargs);
  }
  CHECK(no_children());
  CHECK(open_fds() == fds_before);
}

TEST_CASE("different isolation limits are different pool keys", "[isolation][pool]") {
  qrt::Runtime runtime(crash_plugins());
  { auto a = runtime.open("fake.crash.segv:isolate=true,isolate_timeout=5"); }
  { auto b = runtime.open("fake.crash.segv:isolate=true,isolate_timeout=6"); }
  { auto c = runtime.open("fake.crash.segv:isolate_timeout=5,isolate=true"); }
  const qrt::PoolStats stats = runtime.pool_stats();
  CHECK(stats.creations == 2);
  CHECK(stats.hits == 1);
}

TEST_CASE("the global switch isolates every device, the Executor's too", "[isolation][pool]") {
  qrt::RuntimeOptions options = bundled_plugins();
  options.isolate = true;
  qrt::Runtime runtime(options);
  {
    qrt::Device device = runtime.open("statevector.qubit:shots=10,seed=1");
    CHECK(qrt::isolation::isolated_backend_of(device) != nullptr);
    CHECK(qrt::run_program(good_program(), device, {}).counts.at("01") == 10);
  }
  const qrt::LoadedProgram program =
      qrt::LoadedProgram::openqasm(std::make_shared<const qrt::program::Program>(good_program()), "good");
  {
    qrt::Executor executor(runtime, qrt::ExecutorOptions{2, 0, true});
    auto a = executor.submit("statevector.qubit:shots=10,seed=1", program, {});
    auto b = executor.submit("statevector.qubit:shots=10,seed=1", program, {});
    CHECK(a.get().counts.at("01") == 10);
    CHECK(b.get().counts.at("01") == 10);
  }
  for (const auto& key : runtime.pool_stats().keys) CHECK(key.isolated);
}
