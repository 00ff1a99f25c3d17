// Discovery in child processes: a library whose static constructor segfaults or hangs is a load failure
// naming the file and the cause; the host survives and loads the rest.
#include "isolation_support.hpp"

#include "process/plugin_scan.hpp"

#include <catch2/catch.hpp>

#include <chrono>
#include <cstdlib>

using namespace isolation_test;
using Catch::Matchers::Contains;

namespace {

std::string failure_for(const qrt::Runtime& runtime, const std::string& file_name) {
  for (const auto& f : runtime.load_failures())
    if (f.file.filename() == file_name) return f.reason;
  return "";
}

}  // namespace

TEST_CASE("a plugin that crashes or hangs while loading is skipped with the signal or the timeout",
          "[isolation][scan]") {
  ::setenv("QRT_SCAN_TIMEOUT", "1", 1);
  qrt::RuntimeOptions options;
  options.plugin_dirs = {QRT_TEST_ISOLATION_LOAD_CRASH_DIR};
  options.warn_on_load_failure = false;
  options.allow_unsafe_plugins = true;
  options.scan_isolated = true;
  {
    qrt::Runtime runtime(options);
    const std::string segv = failure_for(runtime, "fake_ctor_segfault.so");
    CHECK_THAT(segv, Contains("fake_ctor_segfault.so"));
    CHECK_THAT(segv, Contains("SIGSEGV"));
    const std::string hang = failure_for(runtime, "fake_ctor_hang.so");
    CHECK_THAT(hang, Contains("fake_ctor_hang.so"));
    CHECK_THAT(hang, Contains("did not finish within 1 s"));
    const std::string flood = failure_for(runtime, "fake_ctor_flood.so");
    CHECK_THAT(flood, Contains("fake_ctor_flood.so"));
    CHECK_THAT(flood, Contains("printed more than 16 MiB"));
    REQUIRE(runtime.plugins().size() == 1);
    CHECK(runtime.plugins()[0].file.filename() == "fake_ctor_fine.so");
    CHECK_FALSE(runtime.plugins()[0].devices[0]->loaded());  // described by the child; not mapped here
    qrt::Device fine = runtime.open("fake.ctor_fine");       // in process: loaded now
    CHECK(fine);
    CHECK(fine.type().loaded());

    // Cached by (path, size, mtime): a second discovery does not wait for the hang again.
    auto start = std::chrono::steady_clock::now();
    qrt::Runtime again(options);
    CHECK(std::chrono::steady_clock::now() - start < std::chrono::milliseconds(500));
    CHECK_THAT(failure_for(again, "fake_ctor_hang.so"), Contains("did not finish"));
  }
  ::unsetenv("QRT_SCAN_TIMEOUT");
  CHECK(no_children());
}

TEST_CASE("a child scan reports an ordinary load failure with the loader's own message", "[isolation][scan]") {
  const auto not_elf = std::filesystem::path(QRT_TEST_FAKE_PLUGIN_DIR) / "fake_not_elf.so";
  const auto outcome = qrt::process::scan_in_child(not_elf);
  REQUIRE_FALSE(outcome);
  CHECK_THAT(outcome.failure, Contains("fake_not_elf.so"));
  CHECK_THAT(outcome.failure, Contains("cannot load"));
  // A device that crashes only when run describes itself like any other.
  const auto segv = qrt::process::scan_in_child(crash_library("segv"));
  REQUIRE(segv);
  REQUIRE(segv.plugin->devices.size() == 1);
  CHECK(segv.plugin->devices[0].name == "fake.crash.segv");
}
