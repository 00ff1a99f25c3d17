// Device extensions (device_api.h, ABI 1.1): found by id through get_extension, absent for devices that
// offer none, for plugins built against ABI 1.0 and for isolated instances.
#include "isolation/isolated_backend.hpp"
#include <qrt/load_program.hpp>
#include <qrt/run.hpp>
#include <qrt/runtime.hpp>

#include "support/expect_error.hpp"
#include "support/plugin_files.hpp"

#include <cstdint>
#include <cstring>

using namespace qrt::test;

namespace {
// Mirrors the made-up extension of tests/fake_plugins/fake_sdk_plugin.cpp.
struct fake_echo_extension {
  size_t struct_size;
  const char* greeting;
  std::uint64_t (*echo)(std::uint64_t value);
};
// Mirrors the made-up extension of tests/fake_plugins/fake_sdk_plugin.cpp that counts synchronize calls.
struct fake_synchronized_extension {
  size_t struct_size;
  std::uint64_t (*count)();
};
}  // namespace

TEST_CASE("A run synchronizes its device at its end, reads or not, and reports the device's failure there",
          "[extension]") {
  PluginFolder folder{fake_plugin("fake_sdk_throws")};
  qrt::Runtime runtime(folder.options());
  qrt::Device device = runtime.open("fake.throws:throw=none");
  const auto* synchronized =
      static_cast<const fake_synchronized_extension*>(device.extension("qrt.test_synchronized/1"));
  REQUIRE(synchronized != nullptr);
  // A run that reads nothing afterwards (Python's qrt.Device): the device's deferred work is its run's.
  const qrt::LoadedProgram program = qrt::load_openqasm("OPENQASM 2.0;\nqreg q[2];\n", "two_qubits.qasm");
  qrt::RunRequest request;
  request.leave_state_on_device = true;
  std::uint64_t before = synchronized->count();
  qrt::run(program, device, request);
  CHECK(synchronized->count() == before + 1);
  before = synchronized->count();
  device.synchronize();
  CHECK(synchronized->count() == before + 1);

  // The deferred work fails: the run fails, naming the device and the call.
  qrt::Device failing = runtime.open("fake.throws:throw=none,sync_fails=true");
  const std::string message = error_message(qrt::ErrorCode::OutOfMemory, [&] { qrt::run(program, failing, request); });
  CHECK(message.find("fake.throws") != std::string::npos);
  CHECK(message.find("synchronize") != std::string::npos);
  CHECK(message.find("deferred work failed on purpose") != std::string::npos);

  // Devices without the extension (a C plugin) run as before.
  PluginFolder plain{fake_plugin("fake_good")};
  qrt::Runtime plain_runtime(plain.options());
  qrt::Device good = plain_runtime.open("fake.good");
  CHECK_NOTHROW(good.synchronize());
}

TEST_CASE("An SDK device's extension is found by its id and works", "[extension]") {
  PluginFolder folder{fake_plugin("fake_sdk_throws"), fake_plugin("fake_good"), fake_plugin("fake_older_minor")};
  qrt::Runtime runtime(folder.options());
  qrt::Device device = runtime.open("fake.throws:throw=none");

  const auto* echo = static_cast<const fake_echo_extension*>(device.extension("qrt.test_echo/1"));
  REQUIRE(echo != nullptr);
  REQUIRE(QRT_STRUCT_HAS_FIELD(echo, fake_echo_extension, echo));
  CHECK(std::strcmp(echo->greeting, "hello from fake.throws") == 0);
  CHECK(echo->echo(41) == 42);
  CHECK(device.type().extension("qrt.test_echo/1") == echo);  // one struct for every instance

  // Another id, another major version of the same extension, or no id: nothing.
  CHECK(device.extension("qrt.test_echo/2") == nullptr);
  CHECK(device.extension("qrt.adjoint_jacobian/1") == nullptr);
  CHECK(device.extension("") == nullptr);
  CHECK(device.extension(nullptr) == nullptr);

  // C plugins that leave get_extension NULL (ABI 1.1) or predate it (ABI 1.0, shorter table).
  CHECK(runtime.open("fake.good").extension("qrt.test_echo/1") == nullptr);
  CHECK(runtime.open("fake.older").extension("qrt.test_echo/1") == nullptr);
}

TEST_CASE("An isolated instance offers no extension", "[extension]") {
  PluginFolder folder{fake_plugin("fake_sdk_throws")};
  qrt::RuntimeOptions options = folder.options();
  options.scan_isolated = false;  // discovery loads the library here, so the type has its extensions
  qrt::Runtime runtime(options);
  qrt::Device device = runtime.open("fake.throws:throw=none,isolate=true");
  REQUIRE(qrt::isolation::isolated_backend_of(device) != nullptr);
  CHECK(device.extension("qrt.test_echo/1") == nullptr);
  CHECK(device.type().extension("qrt.test_echo/1") != nullptr);  // the type itself still has it when loaded here
}

TEST_CASE("A released device refuses extension lookups", "[extension]") {
  PluginFolder folder{fake_plugin("fake_sdk_throws")};
  qrt::Runtime runtime(folder.options());
  qrt::Device device = runtime.open("fake.throws:throw=none");
  device.release();
  CHECK_THROWS_AS(device.extension("qrt.test_echo/1"), qrt::Error);
}
