// The kit on the bundled plugins: null.qubit passes what it declares and is reported as non-simulating
// (its gate checks not checked); statevector.qubit passes everything, every gate of the reference set
// included, with its default kernels and with fusion forced on the portable kernels; and every plugin in
// the build's plugin folder passes with its defaults.
#include "conformance_support.hpp"
#include "reference/reference_gates.hpp"

#include <qrt/error.hpp>
#include <qrt/plugin_file.hpp>

using conformance_test::bundled_plugin;
using conformance_test::outcome;
using qrt::conformance::Outcome;

TEST_CASE("null.qubit passes what it declares and is reported as non-simulating", "[conformance][bundled]") {
  const qrt::conformance::Report report = qrt::conformance::check(bundled_plugin("qrt_null_qubit"));
  INFO(qrt::conformance::to_text(report));
  REQUIRE(report.passed());
  REQUIRE(report.devices.size() == 1);
  const qrt::conformance::DeviceReport& device = report.devices[0];
  CHECK(device.name == "null.qubit");
  CHECK_FALSE(device.simulating);
  CHECK(device.observed_through == "state");
  CHECK(outcome(report, "simulation", "state evolves") == Outcome::Note);

  // Every declared gate is reported, as not checked (the state never evolves), never as failed.
  const qrt::PluginFile loaded = qrt::PluginFile::load(bundled_plugin("qrt_null_qubit"));
  for (const std::string& gate : loaded.devices.at(0)->capabilities().gates) {
    INFO(gate);
    CHECK(outcome(report, "gates", gate) == Outcome::NotChecked);
  }
  // Structural checks still ran and passed.
  for (const char* name : {"required functions", "capabilities JSON", "gate names unique", "kwargs defaults"})
    CHECK(outcome(report, "abi", name) == Outcome::Passed);
  for (const char* name : {"create with kwargs", "allocate and release", "reset", "create and destroy repeatedly"})
    CHECK(outcome(report, "lifecycle", name) == Outcome::Passed);
  for (const char* name : {"probs of a fresh register", "probs consistency", "sample of a fresh register",
                           "state of a fresh register", "measure of basis states"})
    CHECK(outcome(report, "measurements", name) == Outcome::Passed);
  for (const char* name : {"gate on an unallocated wire", "gate id past the gate list", "impossible postselection",
                           "allocate past max_qubits"})
    CHECK(outcome(report, "errors", name) == Outcome::Passed);
  CHECK(outcome(report, "concurrency", "two threads") == Outcome::Passed);
  // Values it documents as not simulated are findings, not failures.
  CHECK(outcome(report, "measurements", "expval of PauliZ on basis states") == Outcome::Note);
  CHECK(outcome(report, "errors", "wrong parameter count") == Outcome::Note);
}

TEST_CASE("Requiring simulation fails null.qubit", "[conformance][bundled]") {
  qrt::conformance::Options options;
  options.require_simulation = true;
  const qrt::conformance::Report report = qrt::conformance::check(bundled_plugin("qrt_null_qubit"), options);
  CHECK_FALSE(report.passed());
  CHECK(outcome(report, "simulation", "state evolves") == Outcome::Failed);
}

namespace {

void require_statevector_passes(const std::string& kwargs) {
  qrt::conformance::Options options;
  options.kwargs = kwargs;
  const qrt::conformance::Report report = qrt::conformance::check(bundled_plugin("qrt_statevector_qubit"), options);
  INFO(qrt::conformance::to_text(report));
  REQUIRE(report.passed());
  const qrt::conformance::DeviceReport& device = report.devices.at(0);
  CHECK(device.simulating);
  CHECK(device.observed_through == "state");
  CHECK(device.count(Outcome::Note) == 0);

  // Every gate of the kit's reference set is declared and passes plain, adjoint and controlled.
  for (const auto& gate : qrt::reference::reference_gates()) {
    const std::string name(gate.name);
    INFO(name);
    CHECK(outcome(report, "gates", name) == Outcome::Passed);
    CHECK(outcome(report, "gates", name + " adjoint") == Outcome::Passed);
    CHECK(outcome(report, "gates", name + " controlled") == Outcome::Passed);
  }
  // Gates outside the reference set are reported as not checked, not failed.
  for (const char* name : {"PSWAP", "ECR", "IsingXY", "DoubleExcitation"})
    CHECK(outcome(report, "gates", name) == Outcome::NotChecked);
  CHECK(outcome(report, "gates", "apply_matrix") == Outcome::Passed);
  for (const char* name : {"expval of declared observables", "var of declared observables", "measure collapses",
                           "counts", "sample of a basis state", "reset_wire"}) {
    INFO(name);
    CHECK(outcome(report, "measurements", name) != Outcome::Failed);
  }
  CHECK(outcome(report, "measurements", "expval of declared observables") == Outcome::Passed);
  CHECK(outcome(report, "errors", "wrong parameter count") == Outcome::Passed);
  CHECK(outcome(report, "errors", "wrong wire count") == Outcome::Passed);
  CHECK(outcome(report, "concurrency", "two threads") == Outcome::Passed);
}

}  // namespace

TEST_CASE("statevector.qubit passes the whole suite", "[conformance][bundled][statevector]") {
  require_statevector_passes("");
}

TEST_CASE("statevector.qubit passes with fusion forced on and the portable kernels",
          "[conformance][bundled][statevector]") {
  require_statevector_passes("fusion_min_qubits=0,simd=portable");
}

// Every plugin the build ships (or builds as an example) passes the kit with its defaults: a new bundled
// plugin is covered without touching this file.
TEST_CASE("Every bundled plugin passes the kit", "[conformance][bundled]") {
  std::size_t checked = 0;
  for (const auto& entry : std::filesystem::directory_iterator(QRT_TEST_PLUGIN_DIR)) {
    if (entry.path().extension() != ".so") continue;
    const qrt::conformance::Report report = qrt::conformance::check(entry.path());
    INFO(qrt::conformance::to_text(report));
    CHECK(report.passed());
    ++checked;
  }
  CHECK(checked >= 4);  // null, statevector, stabilizer, template
}

// The public loader the kit is built on: the file as the host loads it, its descriptor and devices.
TEST_CASE("PluginFile loads a plugin file the way the host does", "[conformance][plugin_file]") {
  const qrt::PluginFile file = qrt::PluginFile::load(bundled_plugin("qrt_null_qubit"));
  CHECK(file.path == std::filesystem::canonical(bundled_plugin("qrt_null_qubit")));
  REQUIRE(file.descriptor != nullptr);
  CHECK(file.descriptor->abi_major == QRT_ABI_VERSION_MAJOR);
  CHECK(file.plugin_name == file.descriptor->plugin_name);
  REQUIRE(file.devices.size() == 1);
  CHECK(file.devices[0]->loaded());
  const qrt_device_descriptor* device = file.device_descriptor("null.qubit");
  REQUIRE(device != nullptr);
  CHECK(device->functions == &file.devices[0]->functions());
  CHECK(file.device_descriptor("null.qubi") == nullptr);
  CHECK(qrt::PluginFile{}.device_descriptor("null.qubit") == nullptr);

  try {
    (void)qrt::PluginFile::load(bundled_plugin("qrt_no_such_plugin"));
    FAIL("a missing file loaded");
  } catch (const qrt::Error& e) {
    CHECK(e.code() == qrt::ErrorCode::NotFound);
    CHECK_THAT(e.what(), Catch::Matchers::Contains("qrt_no_such_plugin.so"));
  }
}
