// Bad input gets a clear error with the right status code, and leaves the device usable.
#include "device_harness.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <functional>
#include <numbers>

using namespace stab_test;

namespace {

bool mentions(const std::string& message, const std::string& part) { return message.find(part) != std::string::npos; }

}  // namespace

TEST_CASE("non-Clifford operations are refused with a message naming them", "[stabilizer][errors]") {
  const auto gates = Device::capabilities().gates;
  for (const char* absent : {"T", "Toffoli", "CSWAP", "CH"})
    CHECK(std::find(gates.begin(), gates.end(), absent) == gates.end());
  // Rotations are declared, and run only at multiples of pi/2 (to 1e-12).
  for (const char* rotation : {"RX", "RY", "RZ", "PhaseShift", "Rot"})
    CHECK(std::find(gates.begin(), gates.end(), rotation) != gates.end());

  auto device = make_device();
  const std::vector<Wire> w = device->allocate_qubits(3);

  for (double angle : {0.5, std::numbers::pi / 4, std::numbers::pi / 2 + 1e-9}) {
    CAPTURE(angle);
    auto [rz_code, rz_message] = failure_of([&] { apply(*device, "RZ", {w[0]}, {false, {}, {}, {angle}}); });
    CHECK(rz_code == QRT_ERROR_UNSUPPORTED);
    CHECK(mentions(rz_message, "RZ("));
    CHECK(mentions(rz_message, "multiples of pi/2"));
  }
  auto [rot_code, rot_message] = failure_of([&] {
    apply(*device, "RY", {w[2]}, {false, {w[0], w[1]}, {1, 1}, {std::numbers::pi}});
  });
  CHECK(rot_code == QRT_ERROR_UNSUPPORTED);  // two controls: not Clifford
  CHECK(mentions(rot_message, "RY"));
  std::tie(rot_code, rot_message) = failure_of([&] { apply(*device, "RX", {w[0]}, {false, {}, {}, {1.0, 2.0}}); });
  CHECK(rot_code == QRT_ERROR_INVALID_ARGUMENT);
  CHECK(mentions(rot_message, "takes 1 parameter(s), got 2"));
  apply(*device, "RZ", {w[0]}, {false, {}, {}, {std::numbers::pi / 2 + 1e-13}});  // a written pi/2, rounded

  auto [code, message] = failure_of([&] { apply(*device, "Hadamard", {w[0]}, {false, {}, {}, {0.5}}); });
  CHECK(code == QRT_ERROR_INVALID_ARGUMENT);
  CHECK(mentions(message, "Hadamard"));
  CHECK(mentions(message, "no parameters"));

  std::tie(code, message) = failure_of([&] { apply(*device, "Hadamard", {w[1]}, {false, {w[0]}, {1}, {}}); });
  CHECK(code == QRT_ERROR_UNSUPPORTED);
  CHECK(mentions(message, "Hadamard"));
  CHECK(mentions(message, "Clifford"));

  std::tie(code, message) = failure_of([&] { apply(*device, "S", {w[1]}, {true, {w[0]}, {0}, {}}); });
  CHECK(code == QRT_ERROR_UNSUPPORTED);
  CHECK(mentions(message, "'S'"));

  std::tie(code, message) = failure_of([&] { apply(*device, "PauliX", {w[2]}, {false, {w[0], w[1]}, {1, 1}, {}}); });
  CHECK(code == QRT_ERROR_UNSUPPORTED);  // Toffoli
  CHECK(mentions(message, "PauliX"));

  std::tie(code, message) = failure_of([&] { apply(*device, "CNOT", {w[1], w[2]}, {false, {w[0]}, {1}, {}}); });
  CHECK(code == QRT_ERROR_UNSUPPORTED);
  CHECK(mentions(message, "CNOT"));

  std::tie(code, message) = failure_of([&] {
    device->apply_gate({99, "Bogus", {}, std::vector<Wire>{w[0]}, {}, {}, false});
  });
  CHECK(code == QRT_ERROR_INVALID_ARGUMENT);
  CHECK(mentions(message, "99"));

  // An explicit T matrix is unitary but not Clifford.
  const std::vector<Complex> t_gate{1, 0, 0, std::polar(1.0, std::numbers::pi / 4)};
  std::tie(code, message) = failure_of([&] { device->apply_matrix({t_gate, std::vector<Wire>{w[0]}, {}, {}, false}); });
  CHECK(code == QRT_ERROR_UNSUPPORTED);
  CHECK(mentions(message, "Clifford"));

  const std::vector<Complex> not_unitary{1, 1, 0, 1};
  std::tie(code, message) = failure_of([&] {
    device->apply_matrix({not_unitary, std::vector<Wire>{w[0]}, {}, {}, false});
  });
  CHECK(code == QRT_ERROR_INVALID_ARGUMENT);
  CHECK(mentions(message, "unitary"));

  // Nothing above changed the state.
  std::vector<double> p(8);
  device->probs({}, p);
  CHECK(p[0] == 1.0);
}

TEST_CASE("explicit Clifford matrices are applied, controls and adjoint included", "[stabilizer][matrix]") {
  std::mt19937_64 rng(3);
  const double r = 1 / std::sqrt(2.0);
  const Complex i{0, 1};
  // sqrt(Y) up to phase (Clifford), applied via apply_matrix, against the dense reference.
  const Matrix sqrt_y{Complex(0.5, 0.5), Complex(-0.5, -0.5), Complex(0.5, 0.5), Complex(0.5, 0.5)};
  const Matrix phased_h{r * i, r * i, r * i, -r * i};  // a global phase does not matter
  for (int trial = 0; trial < 10; ++trial) {
    auto device = make_device();
    const std::vector<Wire> w = device->allocate_qubits(3);
    DenseState reference(3);
    random_clifford_layer(*device, w, reference, 8, rng);
    device->apply_matrix({sqrt_y, std::vector<Wire>{w[1]}, {}, {}, trial % 2 == 1});
    reference.apply(trial % 2 ? dagger(sqrt_y) : sqrt_y, {1});
    device->apply_matrix({phased_h, std::vector<Wire>{w[2]}, {}, {}, false});
    reference.apply(phased_h, {2});
    // Controlled-Z given as PauliZ's matrix with a control on 0.
    const Matrix z{1, 0, 0, -1};
    device->apply_matrix({z, std::vector<Wire>{w[0]}, std::vector<Wire>{w[2]}, std::vector<std::uint8_t>{0}, false});
    reference.apply(with_control(z, 0), {2, 0});
    device->apply_matrix({reference_gate("ISWAP").matrix, std::vector<Wire>{w[2], w[0]}, {}, {}, true});
    reference.apply(dagger(reference_gate("ISWAP").matrix), {2, 0});
    random_clifford_layer(*device, w, reference, 8, rng);
    std::vector<double> p(8);
    device->probs({}, p);
    const std::vector<double> want = reference.probs({0, 1, 2});
    for (std::size_t k = 0; k < 8; ++k) REQUIRE(std::abs(p[k] - want[k]) < 1e-12);
  }
}

TEST_CASE("wire and argument errors", "[stabilizer][errors]") {
  auto device = make_device(R"({"max_qubits": 4})");
  const std::vector<Wire> w = device->allocate_qubits(3);

  auto [code, message] = failure_of([&] { apply(*device, "Hadamard", {17}); });
  CHECK(code == QRT_ERROR_INVALID_ARGUMENT);
  CHECK(mentions(message, "wire 17 is not allocated"));

  std::tie(code, message) = failure_of([&] { apply(*device, "CNOT", {w[1], w[1]}); });
  CHECK(code == QRT_ERROR_INVALID_ARGUMENT);
  CHECK(mentions(message, "appears twice"));

  std::tie(code, message) = failure_of([&] { apply(*device, "PauliZ", {w[1]}, {false, {w[1]}, {1}, {}}); });
  CHECK(code == QRT_ERROR_INVALID_ARGUMENT);  // control on its own target

  std::tie(code, message) = failure_of([&] { apply(*device, "PauliX", {w[1]}, {false, {w[0]}, {2}, {}}); });
  CHECK(code == QRT_ERROR_INVALID_ARGUMENT);
  CHECK(mentions(message, "control values"));

  // Identity takes any number of wires (PennyLane) and any controls, and changes nothing.
  apply(*device, "Identity", {w[0], w[1], w[2]});
  apply(*device, "Identity", {w[2]}, {true, {w[0], w[1]}, {0, 1}, {}});
  std::tie(code, message) = failure_of([&] { apply(*device, "Identity", {}); });
  CHECK(code == QRT_ERROR_INVALID_ARGUMENT);
  CHECK(mentions(message, "Identity"));

  std::tie(code, message) = failure_of([&] { apply(*device, "CNOT", {w[0]}); });
  CHECK(code == QRT_ERROR_INVALID_ARGUMENT);
  CHECK(mentions(message, "CNOT"));
  CHECK(mentions(message, "2 wire"));

  std::tie(code, message) = failure_of([&] { device->allocate_qubits(2); });
  CHECK(code == QRT_ERROR_OUT_OF_RANGE);
  CHECK(mentions(message, "max_qubits"));

  std::tie(code, message) = failure_of([&] { device->measure(5, std::nullopt); });
  CHECK(code == QRT_ERROR_INVALID_ARGUMENT);
  CHECK(mentions(message, "measure"));

  std::tie(code, message) = failure_of([&] { device->measure(w[0], 1); });
  CHECK(code == QRT_ERROR_FAILED_PRECONDITION);
  CHECK(mentions(message, "probability 0"));

  // Observables: non-Pauli factors, factors on several wires, repeated wires, unknown wires.
  qrt::sdk::Observable hermitian{{{1.0, {{qrt::sdk::ObservableKind::Hermitian, {w[0]}, {1, 0, 0, 1}}}}}};
  std::tie(code, message) = failure_of([&] { device->expval(hermitian); });
  CHECK(code == QRT_ERROR_UNSUPPORTED);
  CHECK(mentions(message, "Hermitian"));
  qrt::sdk::Observable hadamard{{{1.0, {{qrt::sdk::ObservableKind::Hadamard, {w[0]}, {}}}}}};
  std::tie(code, message) = failure_of([&] { device->var(hadamard); });
  CHECK(code == QRT_ERROR_UNSUPPORTED);
  CHECK(mentions(message, "Hadamard"));
  qrt::sdk::Observable two_wires{{{1.0, {{qrt::sdk::ObservableKind::PauliX, {w[0], w[1]}, {}}}}}};
  std::tie(code, message) = failure_of([&] { device->expval(two_wires); });
  CHECK(code == QRT_ERROR_INVALID_ARGUMENT);
  CHECK(mentions(message, "exactly one wire"));
  std::tie(code, message) = failure_of([&] { device->expval(pauli_observable("XZ", {w[2], w[2]})); });
  CHECK(code == QRT_ERROR_INVALID_ARGUMENT);
  CHECK(mentions(message, "more than one factor"));
  std::tie(code, message) = failure_of([&] { device->expval(pauli_observable("X", {9})); });
  CHECK(code == QRT_ERROR_INVALID_ARGUMENT);
  CHECK(mentions(message, "wire 9"));
  std::tie(code, message) = failure_of([&] { device->expval(pauli_observable("X", {w[0]}, std::nan(""))); });
  CHECK(code == QRT_ERROR_INVALID_ARGUMENT);

  // Measurements: shots needed for samples; probs has a documented size limit; no state.
  std::vector<std::uint8_t> samples;
  std::tie(code, message) = failure_of([&] { device->sample({}, samples); });
  CHECK(code == QRT_ERROR_FAILED_PRECONDITION);
  CHECK(mentions(message, "shots"));
  std::tie(code, message) = failure_of([&] { device->state_size(); });
  CHECK(code == QRT_ERROR_UNSUPPORTED);
  CHECK(mentions(message, "state"));

  auto wide = make_device();
  const std::vector<Wire> many = wide->allocate_qubits(21);
  std::vector<double> p(std::size_t{1} << 21);
  std::tie(code, message) = failure_of([&] { wide->probs({}, p); });
  CHECK(code == QRT_ERROR_OUT_OF_RANGE);
  CHECK(mentions(message, "20 wires"));
  std::vector<double> p20(std::size_t{1} << 20);
  wide->probs(std::vector<Wire>(many.begin(), many.begin() + 20), p20);
  CHECK(p20[0] == 1.0);

  // Kwargs are validated against the schema.
  CHECK(error_code_of([] { make_device(R"({"shots": -1})"); }) == QRT_ERROR_INVALID_ARGUMENT);
  CHECK(error_code_of([] { make_device(R"({"max_qubits": 0})"); }) == QRT_ERROR_INVALID_ARGUMENT);
  CHECK(error_code_of([] { make_device(R"({"wires": 3})"); }) == QRT_ERROR_INVALID_ARGUMENT);
}
