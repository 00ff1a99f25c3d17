// Resource limits of statevector.qubit: requests larger than the memory this process may have are
// OUT_OF_MEMORY errors naming the bytes needed and available, raised before anything is allocated; huge
// matrices and absurd wires are clear errors; a refused request leaves the device usable.
#include "device_helpers.hpp"

#include <qrt/sdk/error.hpp>
#include <qrt/sdk/memory_budget.hpp>

#include <catch2/catch.hpp>

#include <cstdint>
#include <string>

using Catch::Matchers::Contains;
using namespace sv_test;

namespace {

GateInvocation g(std::string name, std::vector<qrt::sdk::Wire> wires) {
  return {std::move(name), {}, std::move(wires), {}, {}, false};
}

// The status and message of a call that must fail.
struct Failure {
  qrt_status_code code = QRT_OK;
  std::string message;
};

template <class Body>
Failure failure_of(Body&& body) {
  try {
    body();
  } catch (const qrt::sdk::Error& e) {
    return {e.code(), e.what()};
  }
  return {};
}

}  // namespace

TEST_CASE("allocate_qubits refuses a state larger than memory, before allocating", "[device][limits]") {
  auto device = make_device();  // max_qubits 40 by default: 16 TiB, more than any test machine has
  const Failure f = failure_of([&] { device->allocate_qubits(40); });
  INFO(f.message);
  CHECK(f.code == QRT_ERROR_OUT_OF_MEMORY);
  CHECK_THAT(f.message, Contains("a state of 40 qubits needs 17592186044416 bytes") && Contains("available") &&
                            Contains("limited by"));
  CHECK(device->num_qubits() == 0);
  CHECK(device->memory_bytes() < (std::uint64_t{1} << 30));  // nothing was reserved

  // Growing an existing state is checked against the total, and a refusal changes nothing.
  device->allocate_qubits(2);
  const Failure grow = failure_of([&] { device->allocate_qubits(38); });
  CHECK(grow.code == QRT_ERROR_OUT_OF_MEMORY);
  CHECK_THAT(grow.message, Contains("a state of 40 qubits"));
  CHECK(device->num_qubits() == 2);
  apply(*device, g("Hadamard", {0}));
  State s = read_state(*device);
  CHECK(std::abs(s[0]) == Approx(M_SQRT1_2));  // wire 0 is the leftmost bit in allocation order
  CHECK(std::abs(s[2]) == Approx(M_SQRT1_2));
}

TEST_CASE("shot-based results refuse a shot count whose outcomes cannot fit in memory", "[device][limits]") {
  auto device = make_device(R"({"shots": 1000000000000000, "seed": 1})");  // 10^15 shots: 8 PB of outcomes
  device->allocate_qubits(2);
  const Failure sample = failure_of([&] { device->sample({}, {}); });
  INFO(sample.message);
  CHECK(sample.code == QRT_ERROR_OUT_OF_MEMORY);
  CHECK_THAT(sample.message, Contains("sample: 1000000000000000 shots") && Contains("needs 8000000000000000 bytes"));

  qrt::sdk::Observable z{{{1.0, {{qrt::sdk::ObservableKind::PauliZ, {0}, {}}}}}};
  CHECK(failure_of([&] { device->expval(z); }).code == QRT_ERROR_OUT_OF_MEMORY);
  CHECK(failure_of([&] { device->var(z); }).code == QRT_ERROR_OUT_OF_MEMORY);
}

TEST_CASE("huge or mismatched matrices and absurd wires are clear errors", "[device][limits]") {
  auto device = make_device();
  device->allocate_qubits(3);
  const std::vector<qrt::sdk::Wire> eleven = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
  const Failure big = failure_of([&] { device->apply_matrix({{}, eleven, {}, {}, false}); });
  CHECK(big.code == QRT_ERROR_OUT_OF_RANGE);
  CHECK_THAT(big.message, Contains("a matrix on 11 wires") && Contains("at most 10 wires"));

  const std::vector<qrt::sdk::Complex> two_by_two = {1, 0, 0, 1};
  const std::vector<qrt::sdk::Wire> two = {0, 1};
  const Failure mismatch = failure_of([&] { device->apply_matrix({two_by_two, two, {}, {}, false}); });
  CHECK(mismatch.code == QRT_ERROR_INVALID_ARGUMENT);
  CHECK_THAT(mismatch.message, Contains("a matrix on 2 wire(s) needs 16 entries, got 4"));

  const qrt::sdk::Wire absurd = qrt::sdk::Wire{1} << 40;
  const Failure wire = failure_of([&] { apply(*device, g("PauliX", {absurd})); });
  CHECK(wire.code == QRT_ERROR_INVALID_ARGUMENT);
  CHECK_THAT(wire.message, Contains("wire 1099511627776 was never allocated"));
  CHECK(failure_of([&] { device->measure(absurd, std::nullopt); }).code == QRT_ERROR_INVALID_ARGUMENT);
}

TEST_CASE("the memory budget names a limit and formats bytes", "[limits]") {
  const qrt::sdk::MemoryBudget budget = qrt::sdk::memory_budget();
  CHECK(budget.available > 0);
  CHECK_FALSE(budget.source.empty());  // Linux always knows physical memory
  CHECK(qrt::sdk::format_bytes(std::uint64_t{16} << 30) == "17179869184 bytes (16 GiB)");
  CHECK(qrt::sdk::format_bytes(512) == "512 bytes");
  CHECK_FALSE(qrt::sdk::memory_shortfall(1024, "a little"));
  CHECK(qrt::sdk::saturating_product(std::uint64_t{1} << 40, std::uint64_t{1} << 40) == UINT64_MAX);
}
