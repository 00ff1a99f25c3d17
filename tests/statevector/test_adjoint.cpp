// statevector.qubit's "qrt.adjoint_jacobian/1" extension through the C ABI: analytic gradients of small
// circuits, random circuits with every differentiable gate against central finite differences of the
// device's own exact expval (both precisions), the final state, and every error case of the header.
#include "adjoint_harness.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <memory>

using namespace adjoint_test;

namespace {

const std::string kDouble = R"({"seed": 1})";
const std::string kSingle = R"({"seed": 1, "precision": "single"})";

// Runs the Jacobian and requires success.
JacobianResult jacobian_ok(Instance& dev, const Circuit& c, const std::vector<qrt_trainable_param>& t,
                           const std::vector<Obs>& obs) {
  JacobianResult r = dev.jacobian(c, t, obs);
  INFO(r.outcome.message);
  REQUIRE(r.outcome.ok);
  return r;
}

Op gate(std::string name, std::vector<double> params, std::vector<qrt_wire> wires) {
  Op op;
  op.gate = std::move(name);
  op.params = std::move(params);
  op.wires = std::move(wires);
  return op;
}

}  // namespace

TEST_CASE("statevector.qubit offers the adjoint extension and lists its differentiable gates", "[adjoint]") {
  Plugin plugin;
  const std::vector<std::string> listed = Plugin::names_in(plugin.ext->differentiable_gates_json);
  const std::vector<std::string> gates = plugin.gates();
  for (const char* expected : {"RX", "RY", "RZ", "PhaseShift", "CRX", "CRY", "CRZ", "ControlledPhaseShift", "IsingXX",
                               "IsingYY", "IsingZZ", "Rot"})
    CHECK(std::count(listed.begin(), listed.end(), expected) == 1);
  for (const std::string& name : listed) CHECK(std::count(gates.begin(), gates.end(), name) == 1);
  CHECK(std::count(listed.begin(), listed.end(), "Hadamard") == 0);
  CHECK(plugin.f->get_extension("qrt.adjoint_jacobian/2") == nullptr);
}

TEST_CASE("adjoint gradients of one- and two-qubit circuits match their closed forms", "[adjoint]") {
  Plugin plugin;
  for (const std::string& kwargs : {kDouble, kSingle}) {
    const double tol = kwargs == kDouble ? 1e-12 : 1e-6;
    INFO(kwargs);
    SECTION("<Z> after RX(t) is cos t, its derivative -sin t") {
      Instance dev(plugin, kwargs, 1);
      for (double t : {-2.5, -0.3, 0.0, 0.7, 1.9}) {
        dev.fresh();
        const JacobianResult r =
            jacobian_ok(dev, {gate("RX", {t}, {0})}, {{0, 0}}, {single(QRT_OBSERVABLE_PAULI_Z, 0)});
        CHECK(std::abs(r.expvals[0] - std::cos(t)) < tol);
        CHECK(std::abs(r.jacobian[0] + std::sin(t)) < tol);
      }
    }
    SECTION("PhaseShift after Hadamard: <X> = cos p, <Y> = sin p") {
      Instance dev(plugin, kwargs, 1);
      const double p = 0.83;
      const JacobianResult r = jacobian_ok(dev, {gate("Hadamard", {}, {0}), gate("PhaseShift", {p}, {0})}, {{1, 0}},
                                           {single(QRT_OBSERVABLE_PAULI_X, 0), single(QRT_OBSERVABLE_PAULI_Y, 0)});
      CHECK(std::abs(r.expvals[0] - std::cos(p)) < tol);
      CHECK(std::abs(r.expvals[1] - std::sin(p)) < tol);
      CHECK(std::abs(r.jacobian[0] + std::sin(p)) < tol);
      CHECK(std::abs(r.jacobian[1] - std::cos(p)) < tol);
    }
    SECTION("CRX: <Z1> = (1 + cos t) / 2 with the control in |+>") {
      Instance dev(plugin, kwargs, 2);
      const double t = 1.1;
      const JacobianResult r = jacobian_ok(dev, {gate("Hadamard", {}, {0}), gate("CRX", {t}, {0, 1})}, {{1, 0}},
                                           {single(QRT_OBSERVABLE_PAULI_Z, 1)});
      CHECK(std::abs(r.expvals[0] - (1 + std::cos(t)) / 2) < tol);
      CHECK(std::abs(r.jacobian[0] + std::sin(t) / 2) < tol);
    }
    SECTION("IsingZZ on |++>: <X0> = cos p") {
      Instance dev(plugin, kwargs, 2);
      const double p = -0.45;
      const JacobianResult r =
          jacobian_ok(dev, {gate("Hadamard", {}, {0}), gate("Hadamard", {}, {1}), gate("IsingZZ", {p}, {0, 1})},
                      {{2, 0}}, {single(QRT_OBSERVABLE_PAULI_X, 0)});
      CHECK(std::abs(r.expvals[0] - std::cos(p)) < tol);
      CHECK(std::abs(r.jacobian[0] + std::sin(p)) < tol);
    }
    SECTION("an adjoint-flagged RY with an extra control: active on 1, inert on 0") {
      const double t = 0.6;
      for (std::uint8_t value : {std::uint8_t{1}, std::uint8_t{0}}) {
        Instance dev(plugin, kwargs, 2);
        Op ry = gate("RY", {t}, {0});
        ry.adjoint = true;
        ry.controls = {1};
        ry.values = {value};
        const JacobianResult r = jacobian_ok(dev, {gate("PauliX", {}, {1}), ry}, {{1, 0}},
                                             {single(QRT_OBSERVABLE_PAULI_X, 0), single(QRT_OBSERVABLE_PAULI_Z, 0)});
        // RY(t)† |0> = cos(t/2)|0> - sin(t/2)|1>: <X> = -sin t, <Z> = cos t.
        CHECK(std::abs(r.expvals[0] - (value ? -std::sin(t) : 0.0)) < tol);
        CHECK(std::abs(r.expvals[1] - (value ? std::cos(t) : 1.0)) < tol);
        CHECK(std::abs(r.jacobian[0] - (value ? -std::cos(t) : 0.0)) < tol);
        CHECK(std::abs(r.jacobian[1] - (value ? -std::sin(t) : 0.0)) < tol);
      }
    }
  }
}

namespace {

struct GateShape {
  unsigned params, wires;
};

// The differentiable gates' parameter and wire counts (own controls included).
const std::map<std::string, GateShape>& shapes() {
  static const std::map<std::string, GateShape> s = {{"PhaseShift", {1, 1}},
                                                     {"RX", {1, 1}},
                                                     {"RY", {1, 1}},
                                                     {"RZ", {1, 1}},
                                                     {"Rot", {3, 1}},
                                                     {"PSWAP", {1, 2}},
                                                     {"IsingXX", {1, 2}},
                                                     {"IsingXY", {1, 2}},
                                                     {"IsingYY", {1, 2}},
                                                     {"IsingZZ", {1, 2}},
                                                     {"ControlledPhaseShift", {1, 2}},
                                                     {"CRX", {1, 2}},
                                                     {"CRY", {1, 2}},
                                                     {"CRZ", {1, 2}},
                                                     {"CRot", {3, 2}},
                                                     {"MultiRZ", {1, 3}},
                                                     {"GlobalPhase", {1, 1}},
                                                     {"SingleExcitation", {1, 2}},
                                                     {"SingleExcitationPlus", {1, 2}},
                                                     {"SingleExcitationMinus", {1, 2}},
                                                     {"DoubleExcitation", {1, 4}},
                                                     {"DoubleExcitationPlus", {1, 4}},
                                                     {"DoubleExcitationMinus", {1, 4}}};
  return s;
}

struct RandomProblem {
  Circuit circuit;
  std::vector<qrt_trainable_param> trainable;
  std::vector<Obs> observables;
};

// Every differentiable gate twice (some adjoint-flagged, some with an extra control of either value),
// fixed gates and a QubitUnitary in between, a non-trainable RX; three observables: a Pauli word, a
// product, and a Hamiltonian with coefficients, a Hermitian factor, a Hadamard and an identity term.
RandomProblem random_problem(const Plugin& plugin, unsigned n, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> angle(-3.0, 3.0);
  RandomProblem p;
  for (qrt_wire w = 0; w < n; ++w)
    p.circuit.push_back(
        gate(w % 2 ? "Hadamard" : "RY", w % 2 ? std::vector<double>{} : std::vector<double>{angle(rng)}, {w}));
  const std::vector<std::string> listed = Plugin::names_in(plugin.ext->differentiable_gates_json);
  std::vector<std::string> names = listed;
  names.insert(names.end(), listed.begin(), listed.end());
  std::shuffle(names.begin(), names.end(), rng);
  const std::vector<std::pair<std::string, unsigned>> fixed = {{"CNOT", 2}, {"Hadamard", 1}, {"S", 1},     {"T", 1},
                                                               {"SWAP", 2}, {"Toffoli", 3},  {"ISWAP", 2}, {"SX", 1}};
  const auto wires = [&](unsigned) {
    std::vector<qrt_wire> order(n);
    for (qrt_wire w = 0; w < n; ++w) order[w] = w;
    std::shuffle(order.begin(), order.end(), rng);
    return order;
  };
  for (std::size_t g = 0; g < names.size(); ++g) {
    const auto shape = shapes().find(names[g]);
    INFO(names[g]);
    REQUIRE(shape != shapes().end());  // the test knows every gate the device lists
    const auto order = wires(n);
    Op op = gate(names[g], {}, std::vector<qrt_wire>(order.begin(), order.begin() + shape->second.wires));
    for (unsigned k = 0; k < shape->second.params; ++k) op.params.push_back(angle(rng));
    op.adjoint = rng() % 4 == 0;
    if (rng() % 3 == 0 && shape->second.wires < n) {
      op.controls = {order[shape->second.wires]};
      op.values = {static_cast<std::uint8_t>(rng() % 4 != 0)};  // mostly 1: a 0 control would hide the gate
    }
    for (unsigned k = 0; k < shape->second.params; ++k) p.trainable.push_back({p.circuit.size(), k});
    p.circuit.push_back(op);
    const auto& [fixed_name, fixed_wires] = fixed[rng() % fixed.size()];
    const auto fixed_order = wires(n);
    p.circuit.push_back(
        gate(fixed_name, {}, std::vector<qrt_wire>(fixed_order.begin(), fixed_order.begin() + fixed_wires)));
    if (g % 7 == 3) {
      Op m;
      const auto o = wires(n);
      m.wires = {o[0], o[1]};
      m.matrix = random_unitary(2, rng);
      m.adjoint = g % 2 == 0;
      p.circuit.push_back(m);
    }
    if (g == names.size() / 2) p.circuit.push_back(gate("RX", {angle(rng)}, {wires(n)[0]}));  // not trainable
  }
  std::shuffle(p.trainable.begin(), p.trainable.end(), rng);  // columns in any order
  p.observables.push_back(single(QRT_OBSERVABLE_PAULI_Z, 0));
  p.observables.push_back({{1.0, {{QRT_OBSERVABLE_PAULI_X, {1}, {}}, {QRT_OBSERVABLE_PAULI_Y, {2}, {}}}}});
  p.observables.push_back(
      {{0.7, {{QRT_OBSERVABLE_PAULI_Z, {0}, {}}, {QRT_OBSERVABLE_PAULI_Z, {3}, {}}}},
       {-1.3, {{QRT_OBSERVABLE_PAULI_X, {4}, {}}}},
       {0.5, {{QRT_OBSERVABLE_HERMITIAN, {5, 1}, random_hermitian(2, rng)}, {QRT_OBSERVABLE_PAULI_Z, {2}, {}}}},
       {0.25, {{QRT_OBSERVABLE_HADAMARD, {3}, {}}}},
       {0.4, {}}});
  return p;
}

}  // namespace

TEST_CASE("adjoint Jacobians of random circuits match finite differences of the exact expval", "[adjoint]") {
  Plugin plugin;
  const unsigned n = 6;
  for (std::uint64_t seed : {11u, 12u}) {
    INFO("seed " << seed);
    const RandomProblem p = random_problem(plugin, n, seed);
    Instance reference(plugin, kDouble, n);
    const std::vector<double> fd = reference.finite_differences(p.circuit, p.trainable, p.observables, 1e-6);
    reference.fresh();
    reference.run(p.circuit);
    const std::vector<Complex> forward_state = reference.state();
    std::vector<double> exact(p.observables.size());
    for (std::size_t i = 0; i < exact.size(); ++i) exact[i] = reference.expval(p.observables[i]);
    double largest = 0.0;
    for (double v : fd) largest = std::max(largest, std::abs(v));
    CHECK(largest > 0.1);  // the circuits are not trivially flat

    SECTION("double precision: within 1e-7, expvals exact, the final state left in place") {
      Instance dev(plugin, kDouble, n);
      const JacobianResult r = jacobian_ok(dev, p.circuit, p.trainable, p.observables);
      for (std::size_t i = 0; i < exact.size(); ++i) CHECK(std::abs(r.expvals[i] - exact[i]) < 1e-12);
      for (std::size_t e = 0; e < fd.size(); ++e) {
        INFO("observable " << e / p.trainable.size() << ", trainable " << e % p.trainable.size() << " (op "
                           << p.trainable[e % p.trainable.size()].op_index << ", "
                           << p.circuit[p.trainable[e % p.trainable.size()].op_index].gate << ")");
        CHECK(std::abs(r.jacobian[e] - fd[e]) < 1e-7);
      }
      const std::vector<Complex> after = dev.state();
      REQUIRE(after.size() == forward_state.size());
      double worst = 0.0;
      for (std::size_t i = 0; i < after.size(); ++i) worst = std::max(worst, std::abs(after[i] - forward_state[i]));
      CHECK(worst < 1e-14);
      for (std::size_t i = 0; i < exact.size(); ++i) CHECK(std::abs(dev.expval(p.observables[i]) - exact[i]) < 1e-12);
    }
    SECTION("single precision: within 1e-4 of the double-precision differences") {
      Instance dev(plugin, kSingle, n);
      const JacobianResult r = jacobian_ok(dev, p.circuit, p.trainable, p.observables);
      for (std::size_t i = 0; i < exact.size(); ++i) CHECK(std::abs(r.expvals[i] - exact[i]) < 1e-4);
      for (std::size_t e = 0; e < fd.size(); ++e) CHECK(std::abs(r.jacobian[e] - fd[e]) < 1e-4);
    }
  }
}

TEST_CASE("the adjoint Jacobian does not depend on the thread count or the batch of observables", "[adjoint]") {
  Plugin plugin;
  const unsigned n = 15;  // large enough for the threaded loops
  RandomProblem p = random_problem(plugin, 6, 5);
  Instance one(plugin, R"({"threads": 1})", n), four(plugin, R"({"threads": 4})", n);
  const JacobianResult a = jacobian_ok(one, p.circuit, p.trainable, p.observables);
  const JacobianResult b = jacobian_ok(four, p.circuit, p.trainable, p.observables);
  CHECK(a.jacobian == b.jacobian);
  CHECK(a.expvals == b.expvals);
  // Each observable alone gives its own row.
  for (std::size_t i = 0; i < p.observables.size(); ++i) {
    one.fresh();
    const JacobianResult alone = jacobian_ok(one, p.circuit, p.trainable, {p.observables[i]});
    for (std::size_t j = 0; j < p.trainable.size(); ++j)
      CHECK(std::abs(alone.jacobian[j] - a.jacobian[i * p.trainable.size() + j]) < 1e-13);
  }
}

TEST_CASE("on states larger than a tile the sweep matches finite differences", "[adjoint]") {
  // Above 2^14 amplitudes runs of segments on the low qubits share tiled passes and the others take
  // one pass each (adjoint/segment_pass.hpp): every gate, on wires spread over 15 qubits; 16 of the
  // parameters trained (finite differences cost two runs each).
  Plugin plugin;
  const unsigned n = 15;
  RandomProblem p = random_problem(plugin, n, 21);
  p.trainable.resize(16);
  Instance reference(plugin, R"({"threads": 1})", n);  // 32 short runs: no thread team to wake
  const std::vector<Obs> observables = {p.observables[0], p.observables[2]};
  const std::vector<double> fd = reference.finite_differences(p.circuit, p.trainable, observables, 1e-6);
  double largest = 0.0;
  for (double v : fd) largest = std::max(largest, std::abs(v));
  CHECK(largest > 0.01);  // not trivially flat
  Instance dev(plugin, R"({"threads": 2})", n);
  const JacobianResult r = jacobian_ok(dev, p.circuit, p.trainable, observables);
  for (std::size_t e = 0; e < fd.size(); ++e) {
    INFO("observable " << e / p.trainable.size() << ", trainable " << e % p.trainable.size());
    CHECK(std::abs(r.jacobian[e] - fd[e]) < 1e-7);
  }
}

TEST_CASE("with the tiled forward path (qubits relabelled) the Jacobian is the untiled one", "[adjoint]") {
  // Tiles of 2^10 amplitudes on 13 qubits: the forward pass is queued, planned and relabelled, and the
  // sweep's steps and observables must name the qubits as they are after it.
  Plugin plugin;
  const unsigned n = 13;
  RandomProblem p = random_problem(plugin, n, 33);
  // And a Hamiltonian over every wire (lambda = H psi from its grouped words, on the relabelled qubits).
  std::mt19937_64 rng(33);
  const qrt_observable_kind letters[] = {QRT_OBSERVABLE_PAULI_X, QRT_OBSERVABLE_PAULI_Y, QRT_OBSERVABLE_PAULI_Z};
  Obs h;
  for (int k = 0; k < 8; ++k) {
    Term word{0.1 * (k + 1) * (k % 2 ? -1.0 : 1.0), {}};
    for (qrt_wire w = 0; w < n; ++w)
      if (rng() % 4 == 0) word.factors.push_back({letters[rng() % 3], {w}, {}});
    h.push_back(word);
  }
  p.observables.push_back(h);
  Instance untiled(plugin, R"({"tiles": false})", n);
  Instance tiled(plugin, R"({"tiles": true, "tile_qubits": 10, "tile_min_qubits": 11})", n);
  const JacobianResult a = jacobian_ok(untiled, p.circuit, p.trainable, p.observables);
  const JacobianResult b = jacobian_ok(tiled, p.circuit, p.trainable, p.observables);
  REQUIRE(a.jacobian.size() == b.jacobian.size());
  for (std::size_t e = 0; e < a.jacobian.size(); ++e) CHECK(std::abs(a.jacobian[e] - b.jacobian[e]) < 1e-12);
  for (std::size_t e = 0; e < a.expvals.size(); ++e) CHECK(std::abs(a.expvals[e] - b.expvals[e]) < 1e-12);
  const std::vector<Complex> sa = untiled.state(), sb = tiled.state();
  double worst = 0.0;
  for (std::size_t i = 0; i < sa.size(); ++i) worst = std::max(worst, std::abs(sa[i] - sb[i]));
  CHECK(worst < 1e-12);
}

TEST_CASE("the adjoint extension reports each bad request as its error, and works again after a reset",
          "[adjoint][errors]") {
  Plugin plugin;
  Instance dev(plugin, kDouble, 2);
  const Circuit circuit = {gate("Hadamard", {}, {0}), gate("RX", {0.3}, {1}), gate("CNOT", {}, {0, 1})};
  const std::vector<Obs> obs = {single(QRT_OBSERVABLE_PAULI_Z, 1)};
  const auto expect = [&](const JacobianResult& r, qrt_status_code code, const std::string& fragment) {
    INFO(r.outcome.message);
    CHECK_FALSE(r.outcome.ok);
    CHECK(r.outcome.code == code);
    CHECK(r.outcome.message.find(fragment) != std::string::npos);
  };

  expect(dev.jacobian(circuit, {{0, 0}}, obs), QRT_ERROR_UNSUPPORTED, "'Hadamard'");
  expect(dev.jacobian(circuit, {{5, 0}}, obs), QRT_ERROR_INVALID_ARGUMENT, "operation 5");
  expect(dev.jacobian(circuit, {{1, 1}}, obs), QRT_ERROR_INVALID_ARGUMENT, "parameter 1");
  expect(dev.jacobian(circuit, {{1, 0}, {1, 0}}, obs), QRT_ERROR_INVALID_ARGUMENT,
         "both name parameter 0 of operation 1");
  Circuit with_matrix = circuit;
  with_matrix[0].matrix = {1.0, 0.0, 0.0, 1.0};
  expect(dev.jacobian(with_matrix, {{0, 0}}, obs), QRT_ERROR_INVALID_ARGUMENT, "a matrix");
  Circuit stranger = circuit;
  stranger[2].wires = {0, 7};
  expect(dev.jacobian(stranger, {{1, 0}}, obs), QRT_ERROR_INVALID_ARGUMENT, "wire 7");

  SECTION("NULL arrays with non-zero counts, a NULL request, an op that is neither gate nor matrix") {
    const CCircuit c(plugin, circuit);
    const CObservable z(obs[0]);
    const qrt_observable* observables[] = {z.get()};
    const qrt_trainable_param trainable[] = {{1, 0}};
    double expvals[1], jacobian[1];
    const auto call = [&](qrt_adjoint_jacobian_request r) {
      return Outcome::of(plugin.ext->jacobian(dev.handle(), &r));
    };
    const qrt_adjoint_jacobian_request good{
        sizeof(qrt_adjoint_jacobian_request), c.ops().data(), 3, trainable, 1, observables, 1, expvals, jacobian};
    auto r = good;
    r.ops = nullptr;
    CHECK(call(r).message.find("ops array is NULL") != std::string::npos);
    r = good;
    r.trainable = nullptr;
    CHECK(call(r).message.find("trainable array is NULL") != std::string::npos);
    r = good;
    r.observables = nullptr;
    CHECK(call(r).message.find("observables array is NULL") != std::string::npos);
    r = good;
    r.out_jacobian = nullptr;
    CHECK(call(r).code == QRT_ERROR_INVALID_ARGUMENT);
    CHECK(Outcome::of(plugin.ext->jacobian(dev.handle(), nullptr)).code == QRT_ERROR_INVALID_ARGUMENT);
    const qrt_circuit_op neither[] = {{nullptr, nullptr}};
    r = good;
    r.ops = neither;
    r.num_ops = 1;
    r.num_trainable = 0;
    CHECK(call(r).message.find("exactly one of a gate and a matrix") != std::string::npos);
    // Expectation values are optional; no trainables is a plain expval.
    r = good;
    r.out_expvals = nullptr;
    CHECK(call(r).ok);
  }

  SECTION("shots > 0: a failed precondition") {
    Instance shots(plugin, R"({"shots": 100})", 2);
    expect(shots.jacobian(circuit, {{1, 0}}, obs), QRT_ERROR_FAILED_PRECONDITION, "shots");
  }

  dev.fresh();
  const Obs zz = {{1.0, {{QRT_OBSERVABLE_PAULI_Z, {0}, {}}, {QRT_OBSERVABLE_PAULI_Z, {1}, {}}}}};
  const JacobianResult r = jacobian_ok(dev, circuit, {{1, 0}}, {zz});
  // H on 0, RX(t) on 1, CNOT: Z0 Z1 after the CNOT is Z1 before it, cos t.
  CHECK(std::abs(r.expvals[0] - std::cos(0.3)) < 1e-12);
  CHECK(std::abs(r.jacobian[0] + std::sin(0.3)) < 1e-12);
}

TEST_CASE("a Hamiltonian of many words is one row: the sum of its words' rows", "[adjoint][hamiltonian]") {
  // lambda = H psi from the words grouped by flip mask (one walk), then one sweep: the row equals
  // sum_k c_k row_k and the value sum_k c_k <P_k>, with repeated, commuting and overlapping words.
  Plugin plugin;
  for (const unsigned n : {6u, 12u}) {
    INFO(n << " qubits");
    RandomProblem p = random_problem(plugin, 6, 36);  // gates on wires 0..5; on 12 qubits, words flip above blocks
    std::mt19937_64 rng(n);
    std::uniform_real_distribution<double> coefficient(-1.0, 1.0);
    const qrt_observable_kind letters[] = {QRT_OBSERVABLE_PAULI_X, QRT_OBSERVABLE_PAULI_Y, QRT_OBSERVABLE_PAULI_Z};
    Obs h;
    for (int k = 0; k < 24; ++k) {
      Term word{coefficient(rng), {}};
      for (qrt_wire w = 0; w < n; ++w)
        if (rng() % 4 == 0) word.factors.push_back({letters[rng() % 3], {w}, {}});
      h.push_back(k % 9 == 8 ? Term{coefficient(rng), h[k / 2].factors} : word);  // some words twice
    }
    Instance dev(plugin, R"({"threads": 2})", n);
    const JacobianResult whole = jacobian_ok(dev, p.circuit, p.trainable, {h});
    std::vector<Obs> words;
    for (const Term& t : h) words.push_back({{1.0, t.factors}});
    dev.fresh();
    const JacobianResult each = jacobian_ok(dev, p.circuit, p.trainable, words);
    double value = 0.0;
    for (std::size_t k = 0; k < h.size(); ++k) value += h[k].coefficient * each.expvals[k];
    CHECK(std::abs(whole.expvals[0] - value) < 1e-10);
    const std::size_t columns = p.trainable.size();
    for (std::size_t j = 0; j < columns; ++j) {
      double row = 0.0;
      for (std::size_t k = 0; k < h.size(); ++k) row += h[k].coefficient * each.jacobian[k * columns + j];
      CHECK(std::abs(whole.jacobian[j] - row) < 1e-10);
    }
  }
}
