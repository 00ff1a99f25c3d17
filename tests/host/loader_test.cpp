// The loader on one file at a time: what it reads from a good plugin, and for each way a library can be
// broken, a LoadFailed error whose message names the file and the cause.
#include "loader/plugin_library.hpp"

#include "config/kwargs_schema.hpp"
#include "support/expect_error.hpp"
#include "support/plugin_files.hpp"

#include <string>
#include <vector>

using Catch::Matchers::Contains;
using Catch::Matchers::StartsWith;
using qrt::ErrorCode;
using qrt::LoadedPlugin;
using namespace qrt::test;

namespace {

std::string abi(unsigned major, unsigned minor) { return "ABI " + std::to_string(major) + "." + std::to_string(minor); }

}  // namespace

TEST_CASE("A good plugin loads with its names, devices, capabilities and schema", "[loader]") {
  LoadedPlugin loaded = LoadedPlugin::load(fake_plugin("fake_good"));

  CHECK(loaded.library->path().string() == reported_path(fake_plugin("fake_good")));
  CHECK(loaded.library->plugin_name() == "fake-good");
  CHECK(loaded.library->plugin_version() == "0.1.0");
  CHECK(loaded.library->descriptor().abi_major == QRT_ABI_VERSION_MAJOR);
  REQUIRE(loaded.devices.size() == 2);
  CHECK(loaded.devices[0]->name() == "fake.good");
  CHECK(loaded.devices[1]->name() == "fake.other");

  const qrt::DeviceType& good = *loaded.devices[0];
  CHECK(good.version() == "0.1.0");
  CHECK(good.description() == "fake device for host tests");
  CHECK(good.library_path() == loaded.library->path());
  const qrt::Capabilities& caps = good.capabilities();
  CHECK(caps.gates == std::vector<std::string>{"Identity", "PauliX"});
  CHECK(caps.observables == std::vector<std::string>{"PauliZ"});
  CHECK(caps.measurements == std::vector<std::string>{"expval", "var", "probs", "sample", "counts", "measure"});
  CHECK(caps.max_qubits == 64);
  CHECK(caps.shots);
  CHECK_FALSE(caps.state);
  CHECK(caps.mid_circuit_measurement);
  CHECK_FALSE(caps.controlled_gates);
  CHECK(caps.adjoint);
  CHECK(good.gate_id("Identity") == 0u);
  CHECK(good.gate_id("PauliX") == 1u);
  CHECK_FALSE(good.gate_id("CNOT").has_value());

  std::vector<std::string> names;
  for (const auto& spec : good.schema().entries()) names.push_back(spec.name);
  CHECK(names == std::vector<std::string>{"shots", "seed", "depth", "scale", "label", "mode", "verbose"});
  const qrt::config::KwargSpec* mode = good.schema().find("mode");
  REQUIRE(mode != nullptr);
  CHECK(mode->type == qrt::config::KwargType::String);
  CHECK(mode->choices == std::vector<std::string>{"fast", "exact"});
}

TEST_CASE("A C++ SDK plugin loads like a C one", "[loader]") {
  LoadedPlugin loaded = LoadedPlugin::load(fake_plugin("fake_sdk_throws"));
  CHECK(loaded.library->plugin_name() == "fake-sdk-throws");
  REQUIRE(loaded.devices.size() == 1);
  CHECK(loaded.devices[0]->name() == "fake.throws");
  CHECK(loaded.devices[0]->schema().find("throw") != nullptr);
}

TEST_CASE("Each broken library is refused with LoadFailed naming the file and the cause", "[loader]") {
  struct Refusal {
    const char* file;
    std::vector<std::string> cause;  // fragments the message must contain
  };
  const std::string host_abi = abi(QRT_ABI_VERSION_MAJOR, QRT_ABI_VERSION_MINOR);
  const std::vector<Refusal> refusals = {
      {"fake_no_entry", {"not a qrt plugin", "no entry symbol 'qrt_plugin_entry'"}},
      {"fake_abi_major",
       {"built for " + abi(QRT_ABI_VERSION_MAJOR + 1, QRT_ABI_VERSION_MINOR), "this host speaks " + host_abi,
        "major version must match"}},
      {"fake_entry_refuses", {"refused this host", "host " + host_abi}},
      {"fake_null_required", {"device 'fake.null_required'", "required function", "reset", "is NULL"}},
      {"fake_bad_schema", {"device 'fake.bad_schema'", "kwargs schema", "incomplete JSON"}},
      {"fake_bad_capabilities", {"device 'fake.bad_capabilities'", "capabilities JSON is malformed"}},
      {"fake_not_elf", {"cannot load", "invalid ELF header"}},
      {"fake_unresolved", {"cannot load", "undefined symbol: qrt_fake_symbol_nobody_defines"}},
  };
  for (const Refusal& refusal : refusals) {
    DYNAMIC_SECTION(refusal.file) {
      const auto file = fake_plugin(refusal.file);
      std::string message = error_message(ErrorCode::LoadFailed, [&] { LoadedPlugin::load(file); });
      CHECK_THAT(message, StartsWith(reported_path(file) + ": "));
      for (const std::string& fragment : refusal.cause) CHECK_THAT(message, Contains(fragment));

      // Refusing one library leaves the loader able to load the next.
      CHECK(LoadedPlugin::load(fake_plugin("fake_good")).devices.size() == 2);
    }
  }
}

TEST_CASE("A missing plugin file is refused naming the path", "[loader]") {
  const auto file = std::filesystem::path(QRT_TEST_FAKE_PLUGIN_DIR) / "no_such_plugin.so";
  std::string message = error_message(ErrorCode::LoadFailed, [&] { LoadedPlugin::load(file); });
  CHECK_THAT(message, Contains(file.string()) && Contains("no such file"));
}

TEST_CASE("A folder named like a plugin is refused, not crashed on", "[loader]") {
  PluginFolder folder;
  std::filesystem::create_directory(folder.path() / "folder.so");
  std::string message = error_message(ErrorCode::LoadFailed, [&] { LoadedPlugin::load(folder.path() / "folder.so"); });
  CHECK_THAT(message, Contains("folder.so"));
}
