// A device plugin in plain C, built by clang against nothing but the ABI header, runs in the host built
// by the project's C++ compiler: discovery, a Bell circuit, errors across the boundary, and the
// conformance kit. The same source built against the frozen v1.0 header loads too.
#include "abi_compat_support.hpp"

#include "loader/plugin_library.hpp"

#include <qrt/conformance.hpp>
#include <qrt/extensions/adjoint_jacobian.h>
#include <qrt/runtime.hpp>

#include <catch2/catch.hpp>

#include <cmath>
#include <complex>
#include <map>

using abi_test::c_plugin;
using abi_test::TempFolder;
using Catch::Matchers::Contains;

namespace {

// H on the first wire, CNOT: (|00> + |11>) / sqrt(2). Returns the two wires.
std::vector<qrt::Wire> check_bell_state(qrt::Device& device) {
  const std::vector<qrt::Wire> wires = device.allocate(2);
  device.apply("Hadamard", {}, std::vector<qrt::Wire>{wires[0]});
  device.apply("CNOT", {}, wires);
  const std::vector<double> probs = device.probs();
  REQUIRE(probs.size() == 4);
  CHECK(probs[0] == Approx(0.5).margin(1e-12));
  CHECK(probs[1] == Approx(0.0).margin(1e-12));
  CHECK(probs[2] == Approx(0.0).margin(1e-12));
  CHECK(probs[3] == Approx(0.5).margin(1e-12));
  const std::vector<std::complex<double>> state = device.state();
  REQUIRE(state.size() == 4);
  CHECK(std::abs(state[0] - std::sqrt(0.5)) < 1e-12);
  CHECK(std::abs(state[3] - std::sqrt(0.5)) < 1e-12);
  CHECK(std::abs(state[1]) + std::abs(state[2]) < 1e-12);
  return wires;
}

}  // namespace

TEST_CASE("The C plugin is built by clang, the host by the project's C++ compiler", "[abi][c]") {
  // ELF .comment sections name the compilers that produced the objects (the C runtime's start files,
  // built by GCC, add "GCC:" to every file; only clang adds "clang version").
  CHECK_THAT(abi_test::elf_comment(c_plugin("c_device")), Contains("clang version"));
  if (std::string(QRT_TEST_HOST_COMPILER_ID) == "GNU") {
    const std::string host = abi_test::elf_comment(QRT_TEST_LIBQRT);
    CHECK_THAT(host, Contains("GCC: ("));
    CHECK_THAT(host, !Contains("clang version"));
  }
}

TEST_CASE("The host loads the plain-C plugin and runs a Bell circuit on it", "[abi][c]") {
  TempFolder folder;
  folder.add(c_plugin("c_device"));
  qrt::Runtime runtime(folder.options());
  REQUIRE(runtime.load_failures().empty());
  REQUIRE(runtime.plugins().size() == 1);
  const qrt::PluginReport& report = runtime.plugins()[0];
  CHECK(report.plugin_name == "c-device");
  CHECK(report.abi_major == QRT_ABI_VERSION_MAJOR);
  CHECK(report.abi_minor == QRT_ABI_VERSION_MINOR);
  REQUIRE(report.devices.size() == 1);
  CHECK(report.devices[0]->capabilities().gates == std::vector<std::string>{"Hadamard", "PauliX", "CNOT", "RY", "RZ"});

  qrt::Device device = runtime.open("cstate.qubit:shots=1000,seed=7");
  const std::vector<qrt::Wire> wires = check_bell_state(device);

  // Sampling a Bell pair: both wires always agree; about half the shots on each outcome (1000 shots,
  // 5 standard deviations = 79).
  const std::map<std::uint64_t, std::uint64_t> counts = device.counts();
  CHECK(counts.size() == 2);
  CHECK(counts.count(0b00) == 1);
  CHECK(counts.count(0b11) == 1);
  CHECK(counts.at(0b00) + counts.at(0b11) == 1000);
  CHECK(std::abs(static_cast<double>(counts.at(0b00)) - 500.0) < 79.0);
  const int first = device.measure(wires[0]);
  CHECK(device.measure(wires[1]) == first);
}

TEST_CASE("Errors from the C plugin cross the boundary with their code and message", "[abi][c]") {
  TempFolder folder;
  folder.add(c_plugin("c_device"));
  qrt::Runtime runtime(folder.options());
  qrt::Device device = runtime.open("cstate.qubit");
  const std::vector<qrt::Wire> wires = device.allocate(1);
  try {
    device.apply("RY", std::vector<double>{0.1, 0.2}, wires);
    FAIL("RY with two parameters was accepted");
  } catch (const qrt::Error& e) {
    CHECK(e.code() == qrt::ErrorCode::InvalidArgument);
    CHECK_THAT(e.what(), Contains("cstate.qubit: apply_gate: RY takes 1 parameter(s), got 2"));
  }
  try {
    device.allocate(3);
    FAIL("allocating past 3 qubits was accepted");
  } catch (const qrt::Error& e) {
    CHECK(e.code() == qrt::ErrorCode::OutOfRange);
    CHECK_THAT(e.what(), Contains("exceeds 3 qubits"));
  }
  try {
    device.sample();
    FAIL("sampling without shots was accepted");
  } catch (const qrt::Error& e) {
    CHECK(e.code() == qrt::ErrorCode::FailedPrecondition);
  }
  CHECK(device.num_qubits() == 1);
}

TEST_CASE("A plugin built against the frozen v1.0 header loads in this host", "[abi][c][frozen]") {
  const qrt::LoadedPlugin loaded = qrt::LoadedPlugin::load(c_plugin("c_device_v1_0"));
  CHECK(loaded.library->descriptor().abi_major == 1);
  CHECK(loaded.library->descriptor().abi_minor == 0);
  REQUIRE(loaded.devices.size() == 1);
  CHECK(loaded.devices[0]->name() == "cstate_v1_0.qubit");

  TempFolder folder;
  folder.add(c_plugin("c_device_v1_0"));
  qrt::Runtime runtime(folder.options());
  REQUIRE(runtime.load_failures().empty());
  qrt::Device device = runtime.open("cstate_v1_0.qubit");
  check_bell_state(device);
  // Its function table ends before ABI 1.1's get_extension: it offers no extension.
  CHECK(loaded.devices[0]->functions().struct_size < offsetof(qrt_device_functions, get_extension) + sizeof(void*));
  CHECK(device.extension(QRT_EXTENSION_ADJOINT_JACOBIAN) == nullptr);
}

TEST_CASE("The clang-built C plugins pass the conformance kit", "[abi][c][conformance]") {
  for (const char* stem : {"c_device", "c_device_v1_0"}) {
    DYNAMIC_SECTION(stem) {
      const qrt::conformance::Report report = qrt::conformance::check(c_plugin(stem));
      INFO(qrt::conformance::to_text(report));
      REQUIRE(report.passed());
      const qrt::conformance::DeviceReport& device = report.devices.at(0);
      CHECK(device.simulating);
      CHECK(device.observed_through == "state");
      for (const char* gate : {"Hadamard", "PauliX", "CNOT", "RY", "RZ"}) {
        INFO(gate);
        REQUIRE(device.find("gates", gate) != nullptr);
        CHECK(device.find("gates", gate)->outcome == qrt::conformance::Outcome::Passed);
        CHECK(device.find("gates", std::string(gate) + " adjoint")->outcome == qrt::conformance::Outcome::Passed);
      }
      // Declared without extra controls: reported, not failed.
      CHECK(device.find("gates", "controlled")->outcome == qrt::conformance::Outcome::NotChecked);
    }
  }
}
