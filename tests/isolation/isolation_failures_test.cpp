// A plugin that dies while running a program costs that program a clear error — naming the device, the
// library and the cause — and a fresh worker for the next one; never the host, never another device.
#include "isolation/isolated_backend.hpp"
#include "isolation_support.hpp"

#include <catch2/catch.hpp>

using namespace isolation_test;
using Catch::Matchers::Contains;

namespace {

struct FailureMode {
  std::string mode, extra_kwargs, cause;
  bool worker_dies = true;  // a refused allocation is an error value: the worker lives on
};

std::vector<FailureMode> failure_modes() {
  std::vector<FailureMode> modes{{"segv", "", "signal 11 (SIGSEGV"},
                                 {"abort", "", "signal 6 (SIGABRT"},
                                 {"exit", "", "exited with status 3"},
                                 {"exit", "", "(the plugin or the program ended the process"},
                                 {"loop", ",isolate_timeout=0.5", "did not finish within 0.5 s (isolate_timeout)"}};
#if !defined(__SANITIZE_ADDRESS__)  // AddressSanitizer's shadow memory does not fit under RLIMIT_AS
  modes.push_back({"hog", ",isolate_memory=1073741824", "isolate_memory, is 1073741824 bytes", false});
#endif
  return modes;
}

}  // namespace

TEST_CASE("each way a plugin dies is reported with device, library and cause, and the worker is replaced",
          "[isolation]") {
  const auto mode = GENERATE(from_range(failure_modes()));
  const std::size_t fds_before = open_fds();
  {
    qrt::Runtime runtime(crash_plugins());
    const std::string config = "fake.crash." + mode.mode + ":shots=10,isolate=true" + mode.extra_kwargs;
    INFO(config);

    // Another isolated device, busy at the same time: unaffected.
    qrt::Device bystander = runtime.open("fake.crash.abort:shots=4,isolate=true");

    const std::string message = failure_of(runtime, config, boom_program());
    CHECK_THAT(message, Contains("fake.crash." + mode.mode));
    CHECK_THAT(message, Contains(crash_library(mode.mode)));
    CHECK_THAT(message, Contains(mode.cause));

    // The next program on the same config gets a new worker and works.
    qrt::RunResult r = run(runtime, config, good_program());
    CHECK(r.counts == std::map<std::string, std::uint64_t>{{"01", 10}});
    const qrt::PoolStats stats = runtime.pool_stats();
    CHECK(stats.creations == (mode.worker_dies ? 3 : 2));  // the bystander, the dead worker, its replacement

    qrt::RunResult b = qrt::run_program(good_program(), bystander, {});
    CHECK(b.counts == std::map<std::string, std::uint64_t>{{"01", 4}});
  }
  CHECK(no_children());
  CHECK(open_fds() == fds_before);
}

#if !defined(__SANITIZE_ADDRESS__)
TEST_CASE("a device error at an operation in the worker names its statement", "[isolation]") {
  qrt::Runtime runtime(crash_plugins());
  // The memory hog under a limit throws in the plugin: an ordinary device error, mapped to `boom q[1];`.
  const std::string message =
      failure_of(runtime, "fake.crash.hog:shots=1,isolate=true,isolate_memory=1073741824", boom_program());
  CHECK_THAT(message, Contains("boom.qasm:6:1"));
  CHECK_THAT(message, Contains("out of memory"));
}
#endif

TEST_CASE("a worker that died while pooled is replaced before the next program sees it", "[isolation]") {
  qrt::Runtime runtime(crash_plugins());
  const std::string config = "fake.crash.segv:shots=2,isolate=true";
  pid_t pid = -1;
  {
    qrt::Device device = runtime.open(config);
    REQUIRE(qrt::isolation::isolated_backend_of(device) != nullptr);
    pid = isolation_pid(device);
  }
  ::kill(pid, SIGKILL);
  REQUIRE(wait_until_dead(pid));  // a zombie: its end of the channel is closed; the pool reaps it
  CHECK(run(runtime, config, good_program()).counts.at("01") == 2);  // no SIGPIPE, no error
  const qrt::PoolStats stats = runtime.pool_stats();
  CHECK(stats.hits == 0);
  CHECK(stats.creations == 2);  // the dead worker was replaced, not reused
  CHECK(stats.destructions == 1);
}

TEST_CASE("per-operation calls reach an isolated device, its crash is the flushing call's error", "[isolation]") {
  qrt::Runtime runtime(crash_plugins());
  qrt::Device device = runtime.open("fake.crash.segv:shots=5,isolate=true");
  CHECK(device.shots() == 5);
  CHECK(device.native_handle() == nullptr);
  const auto w = device.allocate(1);
  device.apply("PauliX", {}, on({w[0]}));
  CHECK(device.probs(w) == std::vector<double>{0, 1});
  device.apply("boom", {}, on({w[0]}));  // queued: the worker has not crashed yet
  try {
    device.probs(w);
    FAIL("probs after boom on an isolated device did not throw");
  } catch (const qrt::Error& e) {
    CHECK(e.code() == qrt::ErrorCode::Internal);
    CHECK_THAT(e.what(), Contains("signal 11") && Contains("applying operations"));
  }
}

TEST_CASE("isolation keys are checked and never reach the plugin's schema", "[isolation]") {
  qrt::Runtime runtime(crash_plugins());
  CHECK_THROWS_WITH(runtime.open("fake.crash.segv:isolate=maybe"), Contains("isolate expects true or false"));
  CHECK_THROWS_WITH(runtime.open("fake.crash.segv:isolate_timeout=-1,isolate=true"), Contains("isolate_timeout"));
  CHECK_THROWS_WITH(runtime.open("fake.crash.segv:isolate_memory=100"), Contains("isolate=true"));
  // isolate=false runs in-process even under the global switch.
  qrt::RuntimeOptions options = crash_plugins();
  options.isolate = true;
  qrt::Runtime isolated_by_default(options);
  CHECK(qrt::isolation::isolated_backend_of(isolated_by_default.open("fake.crash.segv")) != nullptr);
  CHECK(qrt::isolation::isolated_backend_of(isolated_by_default.open("fake.crash.segv:isolate=false")) == nullptr);
}
