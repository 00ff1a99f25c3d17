// The device class: kwargs, qubit allocation and release, reset, reads, SIMD levels, errors.
#include "device_helpers.hpp"

#include <catch2/catch.hpp>

#include <cmath>

using namespace sv_test;
using qrt::sdk::Wire;

namespace {
GateInvocation g(std::string name, std::vector<Wire> wires, std::vector<double> params = {}) {
  return {std::move(name), std::move(params), std::move(wires), {}, {}, false};
}
const double r = M_SQRT1_2;
}  // namespace

TEST_CASE("a Bell pair, read as state and probabilities in allocation order", "[device]") {
  auto device = make_device();
  const auto wires = device->allocate_qubits(2);
  REQUIRE(wires.size() == 2);
  apply(*device, g("Hadamard", {wires[0]}));
  apply(*device, g("CNOT", {wires[0], wires[1]}));
  const State s = read_state(*device);
  CHECK(max_difference(s, State{r, 0, 0, r}) < 1e-15);
  apply(*device, g("PauliX", {wires[1]}));  // (|01> + |10>)/sqrt2: wires[0] is the most significant bit
  std::vector<double> p(4);
  const Wire reversed[] = {wires[1], wires[0]};
  device->probs({}, p);
  CHECK(max_difference(State(p.begin(), p.end()), State{0, 0.5, 0.5, 0}) < 1e-15);
  device->probs(reversed, p);
  CHECK(std::abs(p[1] - 0.5) < 1e-15);
  CHECK(std::abs(p[2] - 0.5) < 1e-15);
}

TEST_CASE("qubits allocated later are appended in allocation order", "[device][allocation]") {
  auto device = make_device();
  device->allocate_qubits(2);
  apply(*device, g("RY", {0}, {0.8}));
  apply(*device, g("CNOT", {0, 1}));
  const State before = read_state(*device);
  const auto extra = device->allocate_qubits(1);
  REQUIRE(extra == std::vector<Wire>{2});
  CHECK(device->num_qubits() == 3);
  State expected(8);
  for (std::size_t i = 0; i < 4; ++i) expected[2 * i] = before[i];  // the new wire is least significant
  CHECK(max_difference(read_state(*device), expected) < 1e-15);

  // Gates on the new wire act on it, not on the old qubits.
  apply(*device, g("PauliX", {2}));
  for (std::size_t i = 0; i < 4; ++i) std::swap(expected[2 * i], expected[2 * i + 1]);
  CHECK(max_difference(read_state(*device), expected) < 1e-15);
}

TEST_CASE("releasing a qubit in a basis state keeps the others unchanged", "[device][allocation]") {
  auto device = make_device(R"({"seed": 3})");
  device->allocate_qubits(3);
  apply(*device, g("RY", {0}, {1.1}));
  apply(*device, g("PauliX", {1}));  // wire 1 is |1>, not entangled
  apply(*device, g("CRX", {0, 2}, {0.7}));
  State full = read_state(*device);
  const Wire middle[] = {1};
  device->release_qubits(middle);
  CHECK(device->num_qubits() == 2);
  State expected(4);  // wires 0, 2 with wire 1 fixed to 1: full index (w0, 1, w2)
  for (std::size_t w0 = 0; w0 < 2; ++w0)
    for (std::size_t w2 = 0; w2 < 2; ++w2) expected[w0 * 2 + w2] = full[w0 * 4 + 2 + w2];
  CHECK(max_difference(read_state(*device), expected) < 1e-15);

  CHECK_THROWS_WITH(apply(*device, g("PauliX", {1})), Catch::Contains("wire 1 has been released"));
  const auto fresh = device->allocate_qubits(1);
  CHECK(fresh == std::vector<Wire>{3});  // ids are never reused
  // The survivors still hold their amplitudes after more allocation and gates.
  apply(*device, g("CNOT", {0, 3}));
  std::vector<double> p(2);
  const Wire w3[] = {3}, w0[] = {0};
  device->probs(w3, p);
  std::vector<double> p0(2);
  device->probs(w0, p0);
  CHECK(std::abs(p[1] - p0[1]) < 1e-14);
}

TEST_CASE("releasing an entangled qubit measures it first", "[device][allocation]") {
  for (std::uint64_t seed = 0; seed < 8; ++seed) {
    auto device = make_device(R"({"seed": )" + std::to_string(seed) + "}");
    device->allocate_qubits(2);
    apply(*device, g("Hadamard", {0}));
    apply(*device, g("CNOT", {0, 1}));
    const Wire first[] = {0};
    device->release_qubits(first);
    const State s = read_state(*device);
    REQUIRE(s.size() == 2);
    // The remaining qubit collapsed to the same value the released one was measured in.
    CHECK(std::abs(std::norm(s[0]) + std::norm(s[1]) - 1.0) < 1e-14);
    CHECK(std::min(std::norm(s[0]), std::norm(s[1])) < 1e-28);
  }
}

TEST_CASE("reset makes the device like new but keeps its memory", "[device]") {
  auto device = make_device(R"({"seed": 11, "shots": 16})");
  auto sample_once = [&] {
    device->allocate_qubits(3);
    for (Wire w = 0; w < 3; ++w) apply(*device, g("Hadamard", {w}));
    std::vector<std::uint8_t> out(16 * 3);
    device->sample({}, out);
    return out;
  };
  const auto first = sample_once();
  const auto bytes = device->memory_bytes();
  device->set_shots(4);
  device->set_seed(99);
  device->reset();
  CHECK(device->num_qubits() == 0);
  CHECK(device->shots() == 16);
  CHECK(device->memory_bytes() == bytes);
  CHECK(sample_once() == first);  // same wires (ids restart), same seed, same samples
}

TEST_CASE("every SIMD level gives the same state", "[device][simd]") {
  const RandomCircuit circuit = random_circuit(8, 80, 77);  // above the small-state path
  auto reference = make_device(R"({"simd": "portable", "fusion": false})");
  reference->allocate_qubits(8);
  run(*reference, circuit);
  const State expected = read_state(*reference);
  for (const char* level : {"avx2", "avx512"}) {
    if (!qrt::sv::simd_level_supported(*qrt::sv::parse_simd_level(level))) {
      CHECK_THROWS_WITH(make_device(std::string(R"({"simd": ")") + level + "\"}"), Catch::Contains("does not support"));
      continue;
    }
    auto device = make_device(std::string(R"({"fusion": false, "simd": ")") + level + "\"}");
    device->allocate_qubits(8);
    run(*device, circuit);
    INFO(level);
    CHECK(max_difference(read_state(*device), expected) < 1e-12);
  }
}

TEST_CASE("threaded execution gives the same state", "[device][threads]") {
  const RandomCircuit circuit = random_circuit(8, 60, 5);
  auto single = make_device(R"({"threads": 1})");
  auto threaded = make_device(R"({"threads": 2, "parallel_min_qubits": 0, "fusion_min_qubits": 0})");
  single->allocate_qubits(8);
  threaded->allocate_qubits(8);
  run(*single, circuit);
  run(*threaded, circuit);
  CHECK(max_difference(read_state(*single), read_state(*threaded)) < 1e-12);
}

TEST_CASE("observables, measurement and sampling go through the measurement libraries", "[device]") {
  auto device = make_device(R"({"seed": 1})");
  device->allocate_qubits(2);
  apply(*device, g("RX", {0}, {0.6}));
  qrt::sdk::Observable z0{{{1.0, {{qrt::sdk::ObservableKind::PauliZ, {0}, {}}}}}};
  CHECK(device->expval(z0) == Approx(std::cos(0.6)).margin(1e-14));
  CHECK(device->var(z0) == Approx(1 - std::cos(0.6) * std::cos(0.6)).margin(1e-14));
  CHECK(device->measure(1, std::nullopt) == 0);
  CHECK_THROWS_WITH(device->measure(1, 1), Catch::Contains("postselect"));
  device->reset_wire(0);
  CHECK(device->expval(z0) == Approx(1.0).margin(1e-14));
  device->set_shots(5);
  std::vector<std::uint8_t> rows(10);
  device->sample({}, rows);
  CHECK(rows == std::vector<std::uint8_t>(10, 0));
}

TEST_CASE("bad calls raise clear errors", "[device][errors]") {
  auto device = make_device();
  device->allocate_qubits(3);
  using qrt::sdk::Error;
  auto code_of = [&](auto&& body) {
    try {
      body();
    } catch (const Error& e) {
      return e.code();
    }
    return QRT_OK;
  };
  CHECK_THROWS_WITH(apply(*device, g("RX", {0})), Catch::Contains("RX takes 1 parameter(s), got 0"));
  CHECK_THROWS_WITH(apply(*device, g("RX", {0}, {1, 2})), Catch::Contains("got 2"));
  CHECK_THROWS_WITH(apply(*device, g("RX", {0}, {NAN})), Catch::Contains("parameter 0 is not finite"));
  CHECK_THROWS_WITH(apply(*device, g("CNOT", {0})), Catch::Contains("CNOT acts on 2 wire(s), got 1"));
  CHECK_THROWS_WITH(apply(*device, g("CNOT", {1, 1})), Catch::Contains("wire 1 is used more than once"));
  CHECK_THROWS_WITH(apply(*device, g("PauliX", {7})), Catch::Contains("wire 7 was never allocated"));
  CHECK_THROWS_WITH(apply(*device, g("MultiRZ", {}, {0.1})), Catch::Contains("at least 1"));
  GateInvocation self_controlled = g("PauliX", {0});
  self_controlled.controls = {0};
  self_controlled.control_values = {1};
  CHECK_THROWS_WITH(apply(*device, self_controlled), Catch::Contains("used more than once"));
  self_controlled.controls = {1};
  self_controlled.control_values = {2};
  CHECK_THROWS_WITH(apply(*device, self_controlled), Catch::Contains("control value 2"));
  CHECK(code_of([&] { apply(*device, g("PauliX", {9})); }) == QRT_ERROR_INVALID_ARGUMENT);

  qrt::sdk::GateCall unknown{1000, "Nope", {}, {}, {}, {}, false};
  CHECK_THROWS_WITH(device->apply_gate(unknown), Catch::Contains("gate id 1000"));

  const Matrix not_unitary = {1, 1, 0, 1};
  const Wire w0[] = {0}, w01[] = {0, 1};
  CHECK_THROWS_WITH(device->apply_matrix({not_unitary, w0, {}, {}, false}), Catch::Contains("not unitary"));
  CHECK_THROWS_WITH(device->apply_matrix({not_unitary, w01, {}, {}, false}),
                    Catch::Contains("needs 16 entries, got 4"));
  const Matrix nan_matrix = {NAN, 0, 0, 1};
  CHECK_THROWS_WITH(device->apply_matrix({nan_matrix, w0, {}, {}, false}), Catch::Contains("not finite"));

  CHECK(code_of([&] { device->allocate_qubits(100); }) == QRT_ERROR_OUT_OF_RANGE);
  CHECK_THROWS_WITH(device->allocate_qubits(100), Catch::Contains("exceeds max_qubits"));
  const Wire twice[] = {2, 2};
  CHECK_THROWS_WITH(device->release_qubits(twice), Catch::Contains("listed twice"));
  CHECK(device->num_qubits() == 3);  // nothing was released
  std::vector<double> p(4);
  CHECK_THROWS_WITH(device->probs(twice, p), Catch::Contains("listed twice"));
  qrt::sdk::Observable on_missing{{{1.0, {{qrt::sdk::ObservableKind::PauliZ, {42}, {}}}}}};
  CHECK_THROWS_WITH(device->expval(on_missing), Catch::Contains("expval: wire 42"));
  CHECK(code_of([&] { device->measure(0, 1); }) == QRT_ERROR_FAILED_PRECONDITION);

  CHECK_THROWS_WITH(make_device(R"({"fusion_max_qubits": 9})"), Catch::Contains("fusion_max_qubits"));
  CHECK_THROWS_WITH(make_device(R"({"simd": "sse9"})"), Catch::Contains("simd"));
}

TEST_CASE("QubitUnitary with controls and adjoint matches the reference", "[device][matrix]") {
  for (unsigned k = 1; k <= 4; ++k) {
    const unsigned n = 6;
    auto device = make_device(R"({"fusion": false})");
    device->allocate_qubits(n);
    // A non-trivial start: a random circuit, then the unitary under test.
    RandomCircuit circuit = random_circuit(n, 10, k);
    run(*device, circuit);
    State expected = reference_run(n, circuit);
    const Matrix u = random_unitary(k, 40 + k);
    std::vector<Wire> wires, controls = {static_cast<Wire>(n - 1)};
    for (unsigned j = 0; j < k; ++j) wires.push_back((j * 2 + 1) % (n - 1));
    const std::vector<std::uint8_t> values = {0};
    device->apply_matrix({u, wires, controls, values, true});
    std::vector<unsigned> q, c = {0};
    for (Wire w : wires) q.push_back(n - 1 - static_cast<unsigned>(w));
    const std::vector<int> cv = {0};
    expected = apply_reference(expected, n, dagger(u), q, c, cv);
    INFO("k=" << k);
    CHECK(max_difference(read_state(*device), expected) < 1e-12);
  }
}
