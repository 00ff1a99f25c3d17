// Qubit allocation and release, reset, seeds and memory accounting.
#include "device_harness.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <numeric>

using namespace stab_test;

namespace {

std::vector<double> all_probs(Device& device) {
  std::vector<double> p(std::size_t{1} << device.num_qubits());
  device.probs({}, p);
  return p;
}

void require_same(const std::vector<double>& got, const std::vector<double>& want) {
  REQUIRE(got.size() == want.size());
  for (std::size_t i = 0; i < got.size(); ++i) REQUIRE(std::abs(got[i] - want[i]) < 1e-12);
}

// A circuit whose outcomes depend on the generator: Hadamards measured one by one, then samples.
std::vector<int> random_history(Device& device) {
  const std::vector<Wire> w = device.allocate_qubits(6);
  std::vector<int> history;
  for (Wire wire : w) {
    apply(device, "Hadamard", {wire});
    if (wire % 2) history.push_back(device.measure(wire, std::nullopt));
  }
  std::vector<std::uint8_t> samples(device.shots() * w.size());
  device.sample({}, samples);
  history.insert(history.end(), samples.begin(), samples.end());
  return history;
}

}  // namespace

TEST_CASE("release needs a qubit that is not entangled, and the rest of the state is kept", "[stabilizer][release]") {
  std::mt19937_64 rng(11);
  int refused = 0, released_unmeasured = 0;
  for (int trial = 0; trial < 60; ++trial) {
    CAPTURE(trial);
    const std::size_t n = 2 + rng() % 5;
    auto device = make_device("{\"seed\": " + std::to_string(trial) + "}");
    std::vector<Wire> wires = device->allocate_qubits(n);
    DenseState reference(n);
    random_clifford_layer(*device, wires, reference, trial % 3 == 0 ? n : 4 * n, rng);

    const std::size_t q = rng() % n;
    const bool entangled = reference.bloch_length(q) < 1 - 1e-9;
    CAPTURE(q, entangled);
    if (entangled) {
      // Refused, and nothing changes; a measurement makes it releasable.
      const std::vector<double> before = all_probs(*device);
      REQUIRE(error_code_of([&] { device->release_qubits(std::vector<Wire>{wires[q]}); }) ==
              QRT_ERROR_FAILED_PRECONDITION);
      REQUIRE(device->num_qubits() == n);
      require_same(all_probs(*device), before);
      ++refused;
    }
    if (entangled || rng() % 2) {
      const int outcome = device->measure(wires[q], std::nullopt);
      reference.project(q, outcome);
    } else {
      ++released_unmeasured;  // |0>, |1>, |+>, |->, |+i> or |-i>, released as it is
    }
    const Wire released = wires[q];
    device->release_qubits(std::vector<Wire>{released});
    reference.remove_qubit(q);
    wires.erase(wires.begin() + static_cast<std::ptrdiff_t>(q));
    REQUIRE(device->num_qubits() == n - 1);
    require_same(all_probs(*device), reference.probs([&] {
      std::vector<std::size_t> all(n - 1);
      std::iota(all.begin(), all.end(), 0);
      return all;
    }()));
    for (int k = 0; k < 4; ++k) {
      const std::string word = random_pauli_word(n - 1, rng);
      REQUIRE(std::abs(device->expval(pauli_observable(word, wires)) - reference.expval(word)) < 1e-12);
    }
    // The released id stays invalid; a new qubit gets a new id and joins as the last wire.
    REQUIRE(error_code_of([&] { device->measure(released, std::nullopt); }) == QRT_ERROR_INVALID_ARGUMENT);
    const Wire fresh = device->allocate_qubits(1)[0];
    REQUIRE(fresh == n);
    wires.push_back(fresh);
    reference.add_qubit();
    random_clifford_layer(*device, wires, reference, 3 * n, rng);
    std::vector<std::size_t> all(n);
    std::iota(all.begin(), all.end(), 0);
    require_same(all_probs(*device), reference.probs(all));
  }
  // Both branches ran.
  CHECK(refused > 5);
  CHECK(released_unmeasured > 5);
}

TEST_CASE("releasing several qubits is all or nothing", "[stabilizer][release]") {
  auto device = make_device();
  const std::vector<Wire> w = device->allocate_qubits(4);
  apply(*device, "PauliX", {w[0]});
  apply(*device, "Hadamard", {w[2]});
  apply(*device, "CNOT", {w[2], w[3]});
  CHECK(error_code_of([&] {
          device->release_qubits(std::vector<Wire>{w[0], w[1], w[3]});
        }) == QRT_ERROR_FAILED_PRECONDITION);
  CHECK(device->num_qubits() == 4);
  CHECK(error_code_of([&] { device->release_qubits(std::vector<Wire>{w[0], w[0]}); }) == QRT_ERROR_INVALID_ARGUMENT);
  CHECK(error_code_of([&] { device->release_qubits(std::vector<Wire>{42}); }) == QRT_ERROR_INVALID_ARGUMENT);
  device->release_qubits(std::vector<Wire>{w[1], w[0]});  // |0> and |1>
  CHECK(device->num_qubits() == 2);
  const Wire plus_i = device->allocate_qubits(1)[0];  // |+i> = S H |0>: not entangled, released as it is
  apply(*device, "Hadamard", {plus_i});
  apply(*device, "S", {plus_i});
  device->release_qubits(std::vector<Wire>{plus_i});
  CHECK(device->expval(pauli_observable("XX", {w[2], w[3]})) == 1.0);
  CHECK(error_code_of([&] { apply(*device, "Hadamard", {w[0]}); }) == QRT_ERROR_INVALID_ARGUMENT);
  device->reset_wire(w[2]);  // random outcome, then back to |0>; its partner follows the outcome
  CHECK(device->expval(pauli_observable("Z", {w[2]})) == 1.0);
  device->release_qubits(std::vector<Wire>{w[2]});
  device->reset_wire(w[3]);
  device->release_qubits(std::vector<Wire>{w[3]});
  CHECK(device->num_qubits() == 0);
}

TEST_CASE("reset makes an instance indistinguishable from a fresh one", "[stabilizer][reset]") {
  const std::string kwargs = R"({"seed": 99, "shots": 16})";
  auto fresh = make_device(kwargs);
  const std::uint64_t fresh_memory = fresh->memory_bytes();
  const std::vector<int> expected = random_history(*fresh);

  auto used = make_device(kwargs);
  const std::vector<Wire> w = used->allocate_qubits(200);
  apply(*used, "Hadamard", {w[0]});
  apply(*used, "CNOT", {w[0], w[150]});
  used->measure(w[0], std::nullopt);
  used->set_shots(3);
  used->set_seed(5);
  CHECK(used->memory_bytes() > fresh_memory);
  used->reset();
  CHECK(used->num_qubits() == 0);
  CHECK(used->shots() == 16);
  CHECK(used->memory_bytes() == fresh_memory);
  CHECK(random_history(*used) == expected);
  // Wire ids start again from 0.
  used->reset();
  CHECK(used->allocate_qubits(1)[0] == 0);
}

TEST_CASE("seeds make runs reproducible, and different seeds give different runs", "[stabilizer][seed]") {
  auto a = make_device(R"({"seed": 1, "shots": 64})");
  auto b = make_device(R"({"seed": 1, "shots": 64})");
  auto c = make_device(R"({"seed": 2, "shots": 64})");
  const std::vector<int> ha = random_history(*a);
  CHECK(random_history(*b) == ha);
  CHECK(random_history(*c) != ha);
  // set_seed reseeds the generator in place.
  a->reset();
  auto d = make_device(R"({"seed": 7, "shots": 64})");
  a->set_seed(7);
  CHECK(random_history(*a) == random_history(*d));
}

TEST_CASE("memory_bytes reports the tableau, which grows with the square of the qubit count", "[stabilizer][memory]") {
  auto device = make_device();
  const std::uint64_t empty = device->memory_bytes();
  device->allocate_qubits(1000);
  const std::uint64_t thousand = device->memory_bytes();
  // 2n rows of 2 * ceil(n / 64) words: at least 2000 * 32 * 8 bytes.
  CHECK(thousand - empty >= 2000u * 32u * 8u);
  device->allocate_qubits(1000);
  CHECK(device->memory_bytes() >= 3 * thousand);
}
