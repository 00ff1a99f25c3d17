// The per-operation calls on an isolated device (isolated_backend.hpp): a random circuit over every gate of
// statevector.qubit, with controls, adjoints, matrices, mid-circuit measurements and resets, gives
// bit-identical probabilities, expectation values, variances, samples, counts and state to the same calls
// in process; errors of queued calls surface on the call that sent them, naming the call; a worker killed
// mid-batch is a clear error on that call, never a hang.
#include "isolation/isolated_backend.hpp"
#include "isolation_support.hpp"

#include <qrt/device_type.hpp>

#include <catch2/catch.hpp>

#include <signal.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <random>

using namespace isolation_test;
using Catch::Matchers::Contains;

namespace {

struct Shape {
  std::size_t params, wires;
};

// statevector.qubit's gates: parameters and target wires (MultiRZ / Identity / GlobalPhase take any).
const std::map<std::string, Shape>& gate_shapes() {
  static const std::map<std::string, Shape> shapes{{"Identity", {0, 1}},
                                                   {"PauliX", {0, 1}},
                                                   {"PauliY", {0, 1}},
                                                   {"PauliZ", {0, 1}},
                                                   {"Hadamard", {0, 1}},
                                                   {"S", {0, 1}},
                                                   {"T", {0, 1}},
                                                   {"SX", {0, 1}},
                                                   {"PhaseShift", {1, 1}},
                                                   {"RX", {1, 1}},
                                                   {"RY", {1, 1}},
                                                   {"RZ", {1, 1}},
                                                   {"Rot", {3, 1}},
                                                   {"CNOT", {0, 2}},
                                                   {"CY", {0, 2}},
                                                   {"CZ", {0, 2}},
                                                   {"CH", {0, 2}},
                                                   {"SWAP", {0, 2}},
                                                   {"ISWAP", {0, 2}},
                                                   {"PSWAP", {1, 2}},
                                                   {"SISWAP", {0, 2}},
                                                   {"SQISW", {0, 2}},
                                                   {"ECR", {0, 2}},
                                                   {"IsingXX", {1, 2}},
                                                   {"IsingXY", {1, 2}},
                                                   {"IsingYY", {1, 2}},
                                                   {"IsingZZ", {1, 2}},
                                                   {"ControlledPhaseShift", {1, 2}},
                                                   {"CRX", {1, 2}},
                                                   {"CRY", {1, 2}},
                                                   {"CRZ", {1, 2}},
                                                   {"CRot", {3, 2}},
                                                   {"Toffoli", {0, 3}},
                                                   {"CSWAP", {0, 3}},
                                                   {"MultiRZ", {1, 3}},
                                                   {"GlobalPhase", {1, 0}},
                                                   {"SingleExcitation", {1, 2}},
                                                   {"SingleExcitationPlus", {1, 2}},
                                                   {"SingleExcitationMinus", {1, 2}},
                                                   {"DoubleExcitation", {1, 4}},
                                                   {"DoubleExcitationPlus", {1, 4}},
                                                   {"DoubleExcitationMinus", {1, 4}}};
  return shapes;
}

struct Outcome {
  std::vector<int> measured;
  std::vector<double> probs, probs_some;
  std::vector<double> values;  // expvals and variances
  std::vector<std::complex<double>> state, state_into;
  std::size_t state_size = 0;
  std::vector<std::uint8_t> samples;
  std::map<std::uint64_t, std::uint64_t> counts;
  std::size_t num_qubits = 0;
};

// The same calls, from the same random stream, on any device.
Outcome drive(qrt::Device& device) {
  constexpr std::size_t kQubits = 6;
  std::mt19937_64 rng(20261204);
  std::uniform_real_distribution<double> angle(-M_PI, M_PI);
  device.set_seed(77);
  const std::vector<qrt::Wire> wires = device.allocate(kQubits);
  const auto& gates = device.type().capabilities().gates;
  Outcome out;
  for (int round = 0; round < 3; ++round) {
    for (std::uint32_t id = 0; id < gates.size(); ++id) {
      const Shape shape = gate_shapes().at(gates[id]);
      std::vector<qrt::Wire> order = wires;
      std::shuffle(order.begin(), order.end(), rng);
      std::vector<double> params(shape.params);
      for (double& p : params) p = angle(rng);
      const std::vector<qrt::Wire> targets(order.begin(), order.begin() + shape.wires);
      std::vector<qrt::Wire> controls;
      std::vector<std::uint8_t> values;
      if (rng() % 3 == 0) {  // one or two controls on the wires left, random control values
        const std::size_t n = 1 + rng() % 2;
        controls.assign(order.begin() + shape.wires, order.begin() + shape.wires + n);
        for (std::size_t i = 0; i < n; ++i) values.push_back(static_cast<std::uint8_t>(rng() % 2));
      }
      device.apply(id, params, targets, controls, values, rng() % 2 == 0);
    }
    const double a = angle(rng), b = angle(rng);  // a unitary matrix, controlled and adjoint
    const std::vector<std::complex<double>> u{std::cos(a), -std::sin(a) * std::polar(1.0, b), std::sin(a),
                                              std::cos(a) * std::polar(1.0, b)};
    device.apply_matrix(u, on({wires[round]}), on({wires[round + 1]}), {}, round == 1);
    out.measured.push_back(device.measure(wires[round * 2]));  // mid-circuit, seeded
    device.reset_wire(wires[5 - round]);
  }
  out.num_qubits = device.num_qubits();
  out.probs = device.probs();
  const std::vector<qrt::Wire> some{wires[4], wires[1]};
  out.probs_some = device.probs(some);
  auto zx = qrt::Observable::pauli_word("ZX", {wires[0], wires[3]}, 0.5);
  zx += qrt::Observable::pauli_word("Y", {wires[2]}, -1.25);
  const auto herm = qrt::Observable::hermitian({{2, 0}, {0, 1}, {0, -1}, {-1, 0}}, {wires[5]});
  out.values = {device.expval(zx), device.var(zx), device.expval(herm), device.var(herm)};
  out.state = device.state();
  out.state_size = device.state_size();  // its own call, no copy of the state
  out.state_into.resize(out.state_size);
  device.state_into(out.state_into);
  CHECK_THROWS_WITH(device.state_into(std::span<std::complex<double>>(out.state_into).first(3)),
                    Catch::Matchers::Contains("the buffer holds 3 amplitudes"));
  device.set_shots(64);
  out.samples = device.sample(some);
  out.counts = device.counts();
  return out;
}

void check_same(const Outcome& a, const Outcome& b) {
  CHECK(a.measured == b.measured);
  CHECK(a.num_qubits == b.num_qubits);
  CHECK(a.probs == b.probs);  // exact: doubles cross as their bits
  CHECK(a.probs_some == b.probs_some);
  CHECK(a.values == b.values);
  CHECK(a.state == b.state);
  CHECK(a.state_size == b.state.size());
  CHECK(a.state_into == b.state);
  CHECK(a.samples == b.samples);
  CHECK(a.counts == b.counts);
}

}  // namespace

TEST_CASE("per-operation calls on an isolated device equal the same calls in process", "[isolation][ops]") {
  qrt::Runtime runtime(bundled_plugins());
  qrt::Device here = runtime.open("statevector.qubit");
  for (const auto& gate : here.type().capabilities().gates)
    REQUIRE(gate_shapes().count(gate) == 1);  // a new gate must join the random circuit
  const Outcome expected = drive(here);
  here.release();
  REQUIRE(expected.probs.size() == 64);
  REQUIRE(expected.counts.size() > 1);

  qrt::Device isolated = runtime.open("statevector.qubit:isolate=true");
  REQUIRE(qrt::isolation::isolated_backend_of(isolated) != nullptr);
  check_same(drive(isolated), expected);
  CHECK(qrt::isolation::isolated_backend_of(isolated)->queued() == 0);
  // Released and reused: the pooled worker's device is as good as a fresh one.
  isolated.release();
  qrt::Device reused = runtime.open("statevector.qubit:isolate=true");
  CHECK(runtime.pool_stats().hits == 1);
  check_same(drive(reused), expected);
}

TEST_CASE("an isolated device reports a queued call's error on the call that sent it", "[isolation][ops]") {
  qrt::Runtime runtime(bundled_plugins());
  qrt::Device here = runtime.open("statevector.qubit");
  qrt::Device device = runtime.open("statevector.qubit:isolate=true");
  const auto w = device.allocate(2);
  here.allocate(2);
  const std::uint32_t h = *device.gate_id("Hadamard");
  device.apply(h, {}, on({w[0]}));
  device.apply(h, {}, on({qrt::Wire{99}}));  // queued: no error yet
  qrt::ErrorCode in_process = qrt::ErrorCode::Internal;
  try {
    here.apply(h, {}, on({qrt::Wire{99}}));
  } catch (const qrt::Error& e) {
    in_process = e.code();
  }
  try {
    device.probs();
    FAIL("probs after a gate on a bad wire did not throw");
  } catch (const qrt::Error& e) {
    CHECK(e.code() == in_process);
    CHECK_THAT(e.what(), Contains("operation 1 of the batch (apply)") && Contains("99"));
  }
  // The calls before the failing one were applied, those after it were not; the device lives on.
  const auto probs = device.probs();
  REQUIRE(probs.size() == 4);
  CHECK(probs[0] == Approx(0.5));
  CHECK(probs[1] == 0);
  CHECK(probs[2] == Approx(0.5));
  CHECK(probs[3] == 0);
  device.apply(std::uint32_t{9999}, {}, on({w[0]}));  // a gate id the device lacks: found in the worker
  CHECK_THROWS_WITH(device.state(), Contains("operation 0 of the batch (apply)"));
  // A gate name the device lacks is refused at once, as in process.
  CHECK_THROWS_AS(device.apply("NoSuchGate", {}, on({w[0]})), qrt::Error);
  CHECK_THROWS_WITH(device.measure(w[0], 2), Contains("postselect"));
}

TEST_CASE("a worker killed mid-batch is an error on the flushing call, and is replaced", "[isolation][ops]") {
  qrt::Runtime runtime(bundled_plugins());
  {
    qrt::Device device = runtime.open("statevector.qubit:isolate=true");
    const auto w = device.allocate(3);
    device.apply("Hadamard", {}, on({w[0]}));
    device.apply("CNOT", {}, on({w[0], w[1]}));
    const pid_t pid = qrt::isolation::isolated_backend_of(device)->worker().pid();
    REQUIRE(::kill(pid, SIGKILL) == 0);
    try {
      device.expval(qrt::Observable::pauli_word("ZZ", {w[0], w[1]}));
      FAIL("a call on a killed worker did not throw");
    } catch (const qrt::Error& e) {
      CHECK(e.code() == qrt::ErrorCode::Internal);
      CHECK_THAT(e.what(), Contains("statevector.qubit") && Contains(std::to_string(pid)) && Contains("signal 9") &&
                               Contains("applying operations"));
    }
    CHECK_THROWS_WITH(device.probs(), Contains("already failed"));
  }
  qrt::Device fresh = runtime.open("statevector.qubit:isolate=true");
  const auto w = fresh.allocate(1);
  fresh.apply("PauliX", {}, on({w[0]}));
  CHECK(fresh.probs() == std::vector<double>{0, 1});
}

TEST_CASE("a 20-qubit state comes back from an isolated device", "[isolation][ops]") {
  qrt::Runtime runtime(bundled_plugins());
  qrt::Device device = runtime.open("statevector.qubit:isolate=true");
  const auto w = device.allocate(20);
  for (auto wire : w) device.apply("Hadamard", {}, on({wire}));
  device.apply("PauliZ", {}, on({w[19]}));
  const auto state = device.state();
  REQUIRE(state.size() == (std::size_t{1} << 20));
  CHECK(state[0].real() == Approx(1.0 / 1024));
  CHECK(state[1].real() == Approx(-1.0 / 1024));
  CHECK(state.back().real() == Approx(-1.0 / 1024));
  double norm = 0;
  for (auto a : state) norm += std::norm(a);
  CHECK(norm == Approx(1.0));
}

TEST_CASE("the worker refuses a malformed batch with a clear error and lives on", "[isolation][ops]") {
  qrt::Runtime runtime(bundled_plugins());
  qrt::Device device = runtime.open("statevector.qubit:isolate=true");
  qrt::isolation::Worker& worker = qrt::isolation::isolated_backend_of(device)->worker();
  using boost::json::array;
  CHECK_THROWS_WITH(worker.apply_batch(array{array{"num_qubits"}, array{"bogus", 1}}),
                    Contains("operation 1 of the batch (bogus)") && Contains("unknown operation 'bogus'"));
  CHECK_THROWS_WITH(worker.apply_batch(array{array{42}}), Contains("not a string"));
  CHECK_THROWS_WITH(worker.apply_batch(array{array{"apply", 0}}), Contains("lacks argument"));
  CHECK_THROWS_WITH(worker.apply_batch(array{array{"allocate", "two"}}), Contains("expected an integer"));
  CHECK(device.allocate(2).size() == 2);
  CHECK(device.num_qubits() == 2);
}
