// Versions across the ABI, with the clang-built C plugin: a later minor (1.99, larger structs with
// fields this host does not know) loads and its unknown tail is never touched; an earlier minor whose
// function table ends before `counts` loads, and every operation past the end is Unsupported without a
// call; a different major is refused with a message naming both versions.
#include "abi_compat_support.hpp"

#include "loader/plugin_library.hpp"

#include <qrt/conformance.hpp>
#include <qrt/runtime.hpp>

#include <catch2/catch.hpp>

#include <functional>
#include <map>

using abi_test::c_plugin;
using abi_test::TempFolder;
using Catch::Matchers::Contains;

namespace {

// Runs `body`, which must throw qrt::Error(code); returns the message.
std::string error_of(qrt::ErrorCode code, const std::function<void()>& body) {
  try {
    body();
  } catch (const qrt::Error& e) {
    INFO(e.what());
    CHECK(e.code() == code);
    return e.what();
  }
  FAIL_CHECK("nothing was thrown");
  return {};
}

void run_bell(qrt::Device& device) {
  const std::vector<qrt::Wire> wires = device.allocate(2);
  device.apply("Hadamard", {}, std::vector<qrt::Wire>{wires[0]});
  device.apply("CNOT", {}, wires);
  const std::vector<double> probs = device.probs();
  CHECK_THAT(probs, Catch::Matchers::Approx(std::vector<double>{0.5, 0.0, 0.0, 0.5}).margin(1e-12));
}

}  // namespace

TEST_CASE("A plugin declaring minor 1.99 with larger structs loads, the unknown tail is ignored", "[abi][minor]") {
  const std::filesystem::path file = c_plugin("c_device_newer_minor");
  const qrt::LoadedPlugin loaded = qrt::LoadedPlugin::load(file);
  const qrt_plugin_descriptor& plugin = loaded.library->descriptor();
  CHECK(plugin.abi_major == QRT_ABI_VERSION_MAJOR);
  CHECK(plugin.abi_minor == 99);
  CHECK(plugin.struct_size > sizeof(qrt_plugin_descriptor));
  REQUIRE(loaded.devices.size() == 1);
  CHECK(loaded.devices[0]->functions().struct_size > sizeof(qrt_device_functions));

  TempFolder folder;
  const std::filesystem::path copy = folder.add(file);
  {
    qrt::Runtime runtime(folder.options());
    REQUIRE(runtime.load_failures().empty());
    CHECK(runtime.plugins().at(0).abi_minor == 99);
    qrt::Device device = runtime.open("cstate_newer.qubit:shots=10");
    run_bell(device);
    CHECK(device.counts().size() <= 2);
    CHECK(device.shots() == 10);
    CHECK(device.memory_bytes() > 0);
    // The table's extra 1.99 function was never called.
    CHECK(abi_test::unknown_calls(std::filesystem::canonical(copy)) == 0);
  }

  const qrt::conformance::Report report = qrt::conformance::check(file);
  INFO(qrt::conformance::to_text(report));
  CHECK(report.passed());
  CHECK(report.abi_minor == 99);
  CHECK_THAT(report.devices.at(0).find("abi", "function table")->detail, Contains("a later minor"));
  CHECK_THAT(report.devices.at(0).find("abi", "plugin descriptor")->detail, Contains("ABI 1.99"));
  CHECK(abi_test::unknown_calls(file) == 0);
}

TEST_CASE("A plugin whose function table ends before counts loads, what is missing is Unsupported", "[abi][minor]") {
  TempFolder folder;
  const std::filesystem::path copy = folder.add(c_plugin("c_device_older_minor"));
  qrt::Runtime runtime(folder.options());
  REQUIRE(runtime.load_failures().empty());
  qrt::Device device = runtime.open("cstate_older.qubit");
  CHECK(device.functions().struct_size == offsetof(qrt_device_functions, counts));

  // Everything inside the table works.
  run_bell(device);
  CHECK(device.num_qubits() == 2);
  CHECK(device.expval(qrt::Observable::pauli_word("ZZ", {0, 1})) == Approx(1.0));
  const int first = device.measure(0);
  CHECK(device.measure(1) == first);

  // Past the end: the slots hold working functions that count their calls, so Unsupported with no
  // call proves the host honours struct_size. (The host needs get_shots to size samples, so sample
  // and counts are unsupported too.)
  const std::map<std::string, std::function<void()>> past_the_end = {
      {"counts", [&] { device.counts(); }},        {"state_size", [&] { device.state(); }},
      {"set_shots", [&] { device.set_shots(5); }}, {"get_shots", [&] { device.sample(); }},
      {"set_seed", [&] { device.set_seed(3); }},   {"memory_bytes", [&] { device.memory_bytes(); }},
  };
  for (const auto& [operation, call] : past_the_end) {
    INFO(operation);
    const std::string message = error_of(qrt::ErrorCode::Unsupported, call);
    CHECK_THAT(message, Contains("cstate_older.qubit") && Contains("not implemented"));
  }
  CHECK(abi_test::unknown_calls(std::filesystem::canonical(copy)) == 0);
  CHECK(device.num_qubits() == 2);  // still usable

  const qrt::conformance::Report report = qrt::conformance::check(c_plugin("c_device_older_minor"));
  INFO(qrt::conformance::to_text(report));
  CHECK(report.passed());
  CHECK_THAT(report.devices.at(0).find("abi", "function table")->detail,
             Contains("an earlier minor") &&
                 Contains("counts, state_size, state, set_shots, get_shots, set_seed, memory_bytes"));
}

TEST_CASE("A plugin for a different major version is refused, naming both versions", "[abi][major]") {
  const std::filesystem::path file = c_plugin("c_device_major2");
  const std::string host_abi = std::to_string(QRT_ABI_VERSION_MAJOR) + "." + std::to_string(QRT_ABI_VERSION_MINOR);
  const std::string message = error_of(qrt::ErrorCode::LoadFailed, [&] { qrt::LoadedPlugin::load(file); });
  CHECK_THAT(message, Contains("c_device_major2.so") && Contains("ABI 2.0") && Contains("ABI " + host_abi) &&
                          Contains("major version must match"));

  TempFolder folder;
  folder.add(file);
  qrt::Runtime runtime(folder.options());
  CHECK(runtime.plugins().empty());
  REQUIRE(runtime.load_failures().size() == 1);
  CHECK_THAT(runtime.load_failures()[0].reason, Contains("ABI 2.0") && Contains("ABI " + host_abi));

  const qrt::conformance::Report report = qrt::conformance::check(file);
  CHECK_FALSE(report.passed());
  REQUIRE(report.load_error);
  CHECK_THAT(*report.load_error, Contains("ABI 2.0"));
}
