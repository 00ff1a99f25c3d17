// Creating an instance can fail inside the plugin: an error value (every status code mapped), a C++
// exception caught by the SDK, or a "success" without an instance. Each is a qrt::Error naming the
// device; nothing is pooled or leaked, and the host goes on working.
#include <qrt/runtime.hpp>

#include "support/expect_error.hpp"
#include "support/fake_counters.hpp"
#include "support/plugin_files.hpp"

#include <string>
#include <utility>
#include <vector>

using Catch::Matchers::Contains;
using qrt::ErrorCode;
using qrt::Runtime;
using namespace qrt::test;

TEST_CASE("An error returned by create keeps its status code and message", "[create]") {
  PluginFolder folder{fake_plugin("fake_create_fails"), fake_plugin("fake_good")};
  FakeCounters counters(fake_plugin("fake_create_fails"));
  Runtime runtime(folder.options());
  const fake_plugin_counters before = counters.read();

  // qrt_status_code -> ErrorCode, as device_api.h defines them; unknown codes are Internal.
  const std::vector<std::pair<int, ErrorCode>> mapping = {
      {QRT_ERROR_INVALID_ARGUMENT, ErrorCode::InvalidArgument},
      {QRT_ERROR_UNSUPPORTED, ErrorCode::Unsupported},
      {QRT_ERROR_OUT_OF_RANGE, ErrorCode::OutOfRange},
      {QRT_ERROR_OUT_OF_MEMORY, ErrorCode::OutOfMemory},
      {QRT_ERROR_FAILED_PRECONDITION, ErrorCode::FailedPrecondition},
      {QRT_ERROR_INTERNAL, ErrorCode::Internal},
      {0, ErrorCode::Internal},  // QRT_OK with an error object is still an error
      {99, ErrorCode::Internal},
  };
  for (const auto& [status, code] : mapping) {
    INFO("status " << status);
    std::string config = "fake.create_fails:fail_code=" + std::to_string(status);
    std::string message = error_message(code, [&] { runtime.open(config); });
    CHECK_THAT(message, Contains("fake.create_fails: create: fake: create refused on purpose"));
    CHECK_THAT(message, Contains("\"fail_code\":" + std::to_string(status)));  // the plugin saw canonical kwargs
  }

  const fake_plugin_counters delta = counters.read() - before;
  CHECK(delta.errors_created == static_cast<std::int64_t>(mapping.size()));
  CHECK(delta.errors_destroyed == delta.errors_created);
  const qrt::PoolStats stats = runtime.pool_stats();
  CHECK(stats.misses == mapping.size());
  CHECK(stats.creations == 0);
  CHECK(stats.active + stats.inactive == 0);
  CHECK(runtime.open("fake.good").allocate(1).size() == 1);
}

TEST_CASE("create that succeeds without an instance is an Internal error, not a crash", "[create]") {
  PluginFolder folder{fake_plugin("fake_create_null")};
  Runtime runtime(folder.options());
  for (int attempt = 0; attempt < 2; ++attempt) {
    std::string message = error_message(ErrorCode::Internal, [&] { runtime.open("fake.create_null"); });
    CHECK_THAT(message, Contains("fake.create_null") && Contains("returned no instance"));
  }
  CHECK(runtime.pool_stats().creations == 0);
}

TEST_CASE("Exceptions thrown while an SDK device is created become error values", "[create]") {
  PluginFolder folder{fake_plugin("fake_sdk_throws")};
  Runtime runtime(folder.options());

  struct Case {
    const char* thrown;
    ErrorCode code;
    const char* text;
  };
  for (const Case& c : {Case{"std_exception", ErrorCode::Internal, "constructor failed on purpose"},
                        Case{"sdk_error", ErrorCode::OutOfRange, "sdk error on purpose"},
                        Case{"bad_alloc", ErrorCode::OutOfMemory, "out of memory"},
                        Case{"non_std", ErrorCode::Internal, "unknown exception in plugin"}}) {
    INFO("throw=" << c.thrown);
    std::string message = error_message(c.code, [&] { runtime.open(std::string("fake.throws:throw=") + c.thrown); });
    CHECK_THAT(message, Contains("fake.throws: create: ") && Contains(c.text));
  }

  // The default kwargs throw too; throw=none creates a working device whose missing operations are the
  // SDK's "unsupported" defaults.
  error_message(ErrorCode::Internal, [&] { runtime.open("fake.throws"); });
  qrt::Device device = runtime.open("fake.throws:throw=none");
  CHECK(device.allocate(2) == std::vector<qrt::Wire>{0, 1});
  error_message(ErrorCode::Unsupported, [&] { device.expval(qrt::Observable::pauli_word("Z", {0})); });
  error_message(ErrorCode::Unsupported, [&] {
    device.apply_matrix(std::vector<std::complex<double>>{1, 0, 0, 1}, std::vector<qrt::Wire>{0});
  });
  CHECK(runtime.pool_stats().creations == 1);
}
