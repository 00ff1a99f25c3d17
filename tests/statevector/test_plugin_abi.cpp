// The built plugin, loaded with dlopen and driven through the C ABI only: entry point, descriptor,
// create from kwargs JSON, gates by id, state, errors as values.
#include <qrt/device_api.h>

#include "loaded_plugin.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <complex>
#include <string>
#include <vector>

namespace {

using Plugin = qrt::test::LoadedPlugin;

std::uint32_t gate_id(const qrt_device_descriptor* d, const std::string& name) {
  const std::string caps = d->capabilities_json;
  const std::string gates = caps.substr(caps.find('[') + 1, caps.find(']') - caps.find('[') - 1);
  std::uint32_t id = 0;
  for (std::size_t pos = 0; pos < gates.size(); ++id) {
    const std::size_t end = gates.find(',', pos);
    if (gates.substr(pos, end - pos) == '"' + name + '"') return id;
    if (end == std::string::npos) break;
    pos = end + 1;
  }
  FAIL("gate " << name << " not listed");
  return 0;
}

}  // namespace

TEST_CASE("the plugin runs a Bell circuit through the C ABI", "[plugin][abi]") {
  Plugin plugin;
  const qrt_device_descriptor* d = plugin.device;
  CHECK(std::string(d->name) == "statevector.qubit");
  CHECK(std::string(d->kwargs_schema_json).find("\"fusion\"") != std::string::npos);
  const qrt_device_functions* f = d->functions;

  qrt_device* dev = nullptr;
  REQUIRE(f->create(R"({"seed": 7, "threads": 1})", &dev) == nullptr);
  qrt_wire wires[2];
  REQUIRE(f->allocate_qubits(dev, 2, wires) == nullptr);

  qrt_gate_call h{sizeof(qrt_gate_call), gate_id(d, "Hadamard"), 0, nullptr, 0, &wires[0], 1, nullptr, nullptr, 0};
  qrt_gate_call cnot{sizeof(qrt_gate_call), gate_id(d, "CNOT"), 0, nullptr, 0, wires, 2, nullptr, nullptr, 0};
  REQUIRE(f->apply_gate(dev, &h) == nullptr);
  REQUIRE(f->apply_gate(dev, &cnot) == nullptr);

  std::size_t size = 0;
  REQUIRE(f->state_size(dev, &size) == nullptr);
  REQUIRE(size == 4);
  std::vector<std::complex<double>> state(4);
  REQUIRE(f->state(dev, reinterpret_cast<double*>(state.data()), 4) == nullptr);
  CHECK(std::abs(state[0] - M_SQRT1_2) < 1e-15);
  CHECK(std::abs(state[3] - M_SQRT1_2) < 1e-15);
  CHECK(std::abs(state[1]) + std::abs(state[2]) < 1e-15);

  qrt_wire stranger = 99;
  qrt_gate_call bad{sizeof(qrt_gate_call), gate_id(d, "PauliX"), 0, nullptr, 0, &stranger, 1, nullptr, nullptr, 0};
  qrt_error* error = f->apply_gate(dev, &bad);
  REQUIRE(error != nullptr);
  CHECK(error->code == QRT_ERROR_INVALID_ARGUMENT);
  CHECK(std::string(error->message).find("wire 99") != std::string::npos);
  error->destroy(error);

  qrt_error* bad_kwargs = nullptr;
  qrt_device* none = nullptr;
  bad_kwargs = f->create(R"({"threads": -1})", &none);
  REQUIRE(bad_kwargs != nullptr);
  CHECK(std::string(bad_kwargs->message).find("threads") != std::string::npos);
  bad_kwargs->destroy(bad_kwargs);

  REQUIRE(f->reset(dev) == nullptr);
  std::size_t n = 1;
  REQUIRE(f->num_qubits(dev, &n) == nullptr);
  CHECK(n == 0);
  f->destroy(dev);
}
