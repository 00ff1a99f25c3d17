// Resource limits of stabilizer.qubit: a tableau or shot buffer larger than the memory this process may
// have is an OUT_OF_MEMORY error naming the bytes, raised before allocating; absurd wires and huge
// matrices are clear errors; the device stays usable.
#include "device_harness.hpp"

#include <catch2/catch.hpp>

#include <string>

using Catch::Matchers::Contains;
using namespace stab_test;

TEST_CASE("allocate_qubits refuses a tableau larger than memory, before allocating", "[stabilizer][limits]") {
  auto device = make_device(R"({"max_qubits": 1048576})");  // 2^20 qubits: a 512 GiB tableau
  const auto [code, message] = failure_of([&] { device->allocate_qubits(std::size_t{1} << 20); });
  INFO(message);
  CHECK(code == QRT_ERROR_OUT_OF_MEMORY);
  CHECK_THAT(message, Contains("a tableau of 1048576 qubits needs 549757911040 bytes") && Contains("available"));
  CHECK(device->num_qubits() == 0);

  const auto wires = device->allocate_qubits(2);  // still usable
  apply(*device, "Hadamard", {wires[0]});
  apply(*device, "CNOT", {wires[0], wires[1]});
  CHECK(device->expval(pauli_observable("ZZ", wires)) == Approx(1.0));
}

TEST_CASE("shot-based expval and var refuse shot counts that cannot fit in memory", "[stabilizer][limits]") {
  auto device = make_device(R"({"shots": 1000000000000000, "seed": 3})");
  const auto wires = device->allocate_qubits(1);
  const auto [code, message] = failure_of([&] { device->expval(pauli_observable("Z", wires)); });
  INFO(message);
  CHECK(code == QRT_ERROR_OUT_OF_MEMORY);
  CHECK_THAT(message, Contains("expval: 1000000000000000 shots") && Contains("needs 8000000000000000 bytes"));
  CHECK(failure_of([&] { device->var(pauli_observable("Z", wires)); }).first == QRT_ERROR_OUT_OF_MEMORY);
}

TEST_CASE("absurd wires and matrices on too many wires are clear errors", "[stabilizer][limits]") {
  auto device = make_device();
  device->allocate_qubits(2);
  const Wire absurd = Wire{1} << 40;
  const auto [code, message] = failure_of([&] { apply(*device, "PauliX", {absurd}); });
  CHECK(code == QRT_ERROR_INVALID_ARGUMENT);
  CHECK_THAT(message, Contains("1099511627776"));

  const std::vector<Wire> three = {0, 1, 0};
  const auto matrix = failure_of([&] { device->apply_matrix({{}, three, {}, {}, false}); });
  CHECK(matrix.first == QRT_ERROR_UNSUPPORTED);
  CHECK_THAT(matrix.second, Contains("at most 2 wires"));
}
