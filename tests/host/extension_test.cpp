// Device extensions (device_api.h, ABI 1.1): found by id through get_extension, absent for devices that
// offer none, for plugins built against ABI 1.0 and for isolated instances.
#include "isolation/isolated_backend.hpp"
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
}  // namespace

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
