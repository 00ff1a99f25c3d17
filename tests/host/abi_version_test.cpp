// Minor versions across the ABI: a plugin from a later minor (larger structs) works and its unknown tail
// is ignored; one from an earlier minor (a shorter function table) works for what it has, and everything
// past its table, like any NULL optional function, is ErrorCode::Unsupported, never a call.
#include <qrt/runtime.hpp>

#include "support/expect_error.hpp"
#include "support/fake_counters.hpp"
#include "support/plugin_files.hpp"

#include <algorithm>
#include <functional>
#include <map>
#include <string>
#include <vector>

using Catch::Matchers::Contains;
using qrt::Device;
using qrt::ErrorCode;
using qrt::Runtime;
using qrt::Wire;
using namespace qrt::test;

namespace {

const qrt::PluginReport& report_of(const Runtime& runtime, const std::string& file) {
  auto it = std::find_if(runtime.plugins().begin(), runtime.plugins().end(),
                         [&](const auto& p) { return p.file.filename() == file; });
  REQUIRE(it != runtime.plugins().end());
  return *it;
}

}  // namespace

TEST_CASE("A plugin built for a later minor loads and works, the unknown tail is ignored", "[abi]") {
  PluginFolder folder{fake_plugin("fake_newer_minor")};
  Runtime runtime(folder.options());
  REQUIRE(runtime.load_failures().empty());

  const qrt::PluginReport& report = report_of(runtime, "fake_newer_minor.so");
  CHECK(report.abi_major == QRT_ABI_VERSION_MAJOR);
  CHECK(report.abi_minor == QRT_ABI_VERSION_MINOR + 1);
  CHECK(report.plugin_name == "fake-newer");

  Device device = runtime.open("fake.newer:shots=3,scale=2.5");
  std::vector<Wire> wires = device.allocate(2);
  CHECK(wires == std::vector<Wire>{0, 1});
  device.apply("PauliX", {}, std::vector<Wire>{1});
  CHECK(device.measure(0) == 0);
  CHECK(device.expval(qrt::Observable::pauli_word("Z", {0})) == 2.5);
  CHECK(device.shots() == 3);
  CHECK(device.num_qubits() == 2);
}

TEST_CASE("A plugin from an earlier minor works for what its table has", "[abi]") {
  PluginFolder folder{fake_plugin("fake_older_minor")};
  Runtime runtime(folder.options());
  REQUIRE(runtime.load_failures().empty());
  Device device = runtime.open("fake.older");

  std::vector<Wire> wires = device.allocate(2);  // inside the short table: all work
  device.apply("PauliX", {}, std::vector<Wire>{0});
  CHECK(device.measure(1) == 0);
  CHECK(device.num_qubits() == 2);
  device.release_qubits(wires);
  CHECK(device.num_qubits() == 0);

  // Past the table's end the slots hold working functions (see fake_plugin.c): calling them would
  // succeed, so Unsupported proves the host honours struct_size.
  const auto z0 = qrt::Observable::pauli_word("Z", {0});
  const std::map<std::string, std::function<void(Device&)>> past_the_end = {
      {"expval", [&](Device& d) { d.expval(z0); }},
      {"var", [&](Device& d) { d.var(z0); }},
      {"probs", [](Device& d) { d.probs(std::vector<Wire>{0}); }},
      {"sample", [](Device& d) { d.sample(); }},
      {"counts", [](Device& d) { d.counts(); }},
      {"set_shots", [](Device& d) { d.set_shots(10); }},
      {"shots", [](Device& d) { d.shots(); }},
      {"set_seed", [](Device& d) { d.set_seed(1); }},
      {"memory_bytes", [](Device& d) { d.memory_bytes(); }},
  };
  device.allocate(1);
  for (const auto& [operation, call] : past_the_end) {
    DYNAMIC_SECTION(operation) {
      std::string message = error_message(ErrorCode::Unsupported, [&] { call(device); });
      CHECK_THAT(message, Contains("fake.older") && Contains("not implemented"));
    }
  }
}

TEST_CASE("NULL optional functions inside struct_size are Unsupported", "[abi]") {
  PluginFolder folder{fake_plugin("fake_good")};
  Runtime runtime(folder.options());
  Device device = runtime.open("fake.good");
  std::vector<Wire> wires = device.allocate(1);
  const std::vector<std::complex<double>> x_matrix = {0, 1, 1, 0};

  std::string message = error_message(ErrorCode::Unsupported, [&] { device.apply_matrix(x_matrix, wires); });
  CHECK_THAT(message, Contains("fake.good: apply_matrix is not implemented"));
  message = error_message(ErrorCode::Unsupported, [&] { device.reset_wire(wires[0]); });
  CHECK_THAT(message, Contains("fake.good cannot reset a qubit: it does not offer \"reset\" (its measurements: "));
  message = error_message(ErrorCode::Unsupported, [&] { device.state(); });
  CHECK_THAT(message, Contains("state_size"));
  message = error_message(ErrorCode::Unsupported, [&] { device.apply("CNOT", {}, wires); });  // not in its gate list
  CHECK_THAT(message, Contains("fake.good: gate 'CNOT' is not supported"));
  CHECK(device.num_qubits() == 1);  // the device is untouched and usable
}

TEST_CASE("Without a counts function the host aggregates samples itself", "[abi]") {
  PluginFolder folder{fake_plugin("fake_good")};
  Runtime runtime(folder.options());
  Device device = runtime.open("fake.good:shots=5");
  std::vector<Wire> wires = device.allocate(3);

  // The fake samples row r, column c as (r + c) % 2: rows alternate 0 1 0 / 1 0 1 (first wire = MSB).
  const std::vector<std::uint8_t> expected_samples = {0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0};
  CHECK(device.sample() == expected_samples);
  CHECK(device.counts() == std::map<std::uint64_t, std::uint64_t>{{0b010, 3}, {0b101, 2}});
  // Two of the wires, in the order given: columns (r + c) % 2 over 2 columns.
  CHECK(device.counts(std::vector<Wire>{wires[2], wires[0]}) ==
        std::map<std::uint64_t, std::uint64_t>{{0b01, 3}, {0b10, 2}});
}

TEST_CASE("A plugin's own counts function is used when it has one", "[abi]") {
  PluginFolder folder{fake_plugin("fake_newer_minor")};
  FakeCounters counters(fake_plugin("fake_newer_minor"));
  Runtime runtime(folder.options());
  Device device = runtime.open("fake.newer:shots=5");
  std::vector<Wire> wires = device.allocate(3);
  const fake_plugin_counters before = counters.read();

  // The same samples as above, aggregated by the plugin and handed over through the sink.
  CHECK(device.counts() == std::map<std::uint64_t, std::uint64_t>{{0b010, 3}, {0b101, 2}});
  CHECK(device.counts(std::vector<Wire>{wires[2], wires[0]}) ==
        std::map<std::uint64_t, std::uint64_t>{{0b01, 3}, {0b10, 2}});
  CHECK((counters.read() - before).counts_calls == 2);
}

TEST_CASE("counts over zero qubits puts every shot on the empty outcome", "[abi]") {
  PluginFolder folder{fake_plugin("fake_good"), fake_plugin("fake_newer_minor")};
  Runtime runtime(folder.options());
  for (const char* config : {"fake.good:shots=5", "fake.newer:shots=5"}) {  // host-aggregated, plugin's own
    INFO(config);
    Device device = runtime.open(config);
    CHECK(device.sample().empty());
    CHECK(device.counts() == std::map<std::uint64_t, std::uint64_t>{{0, 5}});
  }
}

// SDK bug: adapter.hpp CommonFunctions::sample requires `out_len / (cols ? cols : 1) == shots`, which for
// zero columns demands out_len == shots, while the ABI (and its own second condition) says out_len ==
// shots * columns == 0. So sampling with no qubits fails on every SDK device, and the host's zero-column
// branch of Device::counts is unreachable for them. Expected: as the C fakes above.
TEST_CASE("counts over zero qubits on an SDK device", "[abi][!mayfail]") {
  PluginFolder folder{real_plugin("qrt_null_qubit")};
  Runtime runtime(folder.options());
  Device device = runtime.open("null.qubit:shots=5");
  CHECK(device.sample().empty());
  CHECK(device.counts() == std::map<std::uint64_t, std::uint64_t>{{0, 5}});
}

TEST_CASE("Errors through the ABI keep their code and are destroyed exactly once", "[abi]") {
  PluginFolder folder{fake_plugin("fake_good")};
  FakeCounters counters(fake_plugin("fake_good"));
  Runtime runtime(folder.options());
  const fake_plugin_counters before = counters.read();
  {
    Device device = runtime.open("fake.good");
    std::vector<Wire> wires = device.allocate(1);
    std::string message = error_message(ErrorCode::InvalidArgument, [&] { device.measure(wires[0] + 7); });
    CHECK_THAT(message, Contains("fake.good: measure: fake: measure: wire 7 is not allocated"));
    message = error_message(ErrorCode::FailedPrecondition, [&] { device.measure(wires[0], 1); });
    CHECK_THAT(message, Contains("probability 0"));
    message = error_message(ErrorCode::OutOfRange, [&] { device.allocate(64); });
    CHECK_THAT(message, Contains("cannot allocate 64 more qubits"));
    CHECK(device.num_qubits() == 1);
  }
  const fake_plugin_counters delta = counters.read() - before;
  CHECK(delta.errors_created == 3);
  CHECK(delta.errors_destroyed == 3);
}
