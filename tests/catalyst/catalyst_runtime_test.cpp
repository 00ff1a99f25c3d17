// Catalyst's runtime C API, function by function, against a dense reference: every gate with every
// Modifiers combination (PennyLane's matrices, global phase included), the gates qrt builds (PauliRot,
// PCPhase, state preparation), observables, measurements (wire 0 the most significant bit), memrefs
// with offsets and strides, the adjoint Gradient against finite differences, printing, memory, qubits,
// and the error of each. Functions are called through the table a module binds to, with the signatures
// qjit declares.
#include "catalyst_support.hpp"

#include "catalyst/apply.hpp"
#include "catalyst/gate_table.hpp"
#include "catalyst/memref.hpp"
#include "reference/dense_matrix.hpp"
#include "reference/reference_gates.hpp"

#include <cmath>
#include <complex>
#include <numbers>
#include <random>

using namespace qrt::catalyst;
using catalyst_test::Harness;
using catalyst_test::succeeds;
using qrt::reference::Complex;
using qrt::reference::Matrix;

namespace {

constexpr double kTolerance = 1e-10;
const Complex kI{0.0, 1.0};

using GateQ1 = void(QubitId, const Modifiers*);
using GateP1Q1 = void(double, QubitId, const Modifiers*);
using GateP3Q1 = void(double, double, double, QubitId, const Modifiers*);
using GateQ2 = void(QubitId, QubitId, const Modifiers*);
using GateP1Q2 = void(double, QubitId, QubitId, const Modifiers*);
using GateP3Q2 = void(double, double, double, QubitId, QubitId, const Modifiers*);
using GateQ3 = void(QubitId, QubitId, QubitId, const Modifiers*);
using GateP1Q4 = void(double, QubitId, QubitId, QubitId, QubitId, const Modifiers*);

// PennyLane's definitions of the gates the conformance kit's reference lacks.
Matrix two_qubit(std::initializer_list<Complex> entries) { return Matrix(4, entries); }

Matrix extra_reference(std::string_view name, std::span<const double> p) {
  const double c = std::cos(p.empty() ? 0 : p[0] / 2), s = std::sin(p.empty() ? 0 : p[0] / 2);
  const double r = 1 / std::sqrt(2.0);
  if (name == "IsingXY") return two_qubit({1, 0, 0, 0, 0, c, kI * s, 0, 0, kI * s, c, 0, 0, 0, 0, 1});
  if (name == "PSWAP") {
    const Complex e = std::polar(1.0, p[0]);
    return two_qubit({1, 0, 0, 0, 0, 0, e, 0, 0, e, 0, 0, 0, 0, 0, 1});
  }
  if (name == "SISWAP" || name == "SQISW") return two_qubit({1, 0, 0, 0, 0, r, kI * r, 0, 0, kI * r, r, 0, 0, 0, 0, 1});
  if (name == "ECR") return two_qubit({0, 0, r, kI * r, 0, 0, kI * r, r, r, -kI * r, 0, 0, -kI * r, r, 0, 0});
  if (name.starts_with("SingleExcitation")) {
    const Complex e = name.ends_with("Plus")    ? std::polar(1.0, p[0] / 2)
                      : name.ends_with("Minus") ? std::polar(1.0, -p[0] / 2)
                                                : 1.0;
    return two_qubit({e, 0, 0, 0, 0, c, -s, 0, 0, s, c, 0, 0, 0, 0, e});
  }
  if (name.starts_with("DoubleExcitation")) {
    const Complex e = name.ends_with("Plus")    ? std::polar(1.0, p[0] / 2)
                      : name.ends_with("Minus") ? std::polar(1.0, -p[0] / 2)
                                                : 1.0;
    Matrix m(16);
    for (std::size_t i = 0; i < 16; ++i) m(i, i) = e;
    m(3, 3) = c, m(3, 12) = -s, m(12, 3) = s, m(12, 12) = c;  // |0011> and |1100> rotate
    return m;
  }
  FAIL("no reference for " << name);
  return Matrix();
}

Matrix reference(std::string_view name, std::span<const double> params, unsigned wires) {
  if (name == "SQISW") name = "SISWAP";
  if (const auto* g = qrt::reference::find_reference_gate(name)) return g->matrix(params, wires);
  return extra_reference(name, params);
}

// A register of n qubits on a device, mirrored by a dense state.
struct Register {
  Session& s;
  std::size_t n;
  void* handle = nullptr;
  std::vector<QubitId> q;
  std::vector<Complex> psi;

  Register(Harness& h, std::size_t qubits, const char* device = "LightningSimulator", std::int64_t shots = 0)
      : s(h.session()), n(qubits), psi(std::size_t{1} << qubits) {
    psi[0] = 1;
    auto* init = Harness::function<void(const char*, const char*, const char*, std::int64_t, bool)>(
        "__catalyst__rt__device_init", "void (ptr, ptr, ptr, i64, i1)");
    auto* alloc = Harness::function<void*(std::int64_t)>("__catalyst__rt__qubit_allocate_array", "ptr (i64)");
    auto* element =
        Harness::function<QubitId*(void*, std::int64_t)>("__catalyst__rt__array_get_element_ptr_1d", "ptr (ptr, i64)");
    REQUIRE(succeeds(s, [&] { init("lib", device, "{}", shots, false); }));
    REQUIRE(succeeds(s, [&] { handle = alloc(static_cast<std::int64_t>(n)); }));
    for (std::size_t i = 0; i < n; ++i) q.push_back(*element(handle, static_cast<std::int64_t>(i)));
  }
  std::size_t position(QubitId id) const {
    for (std::size_t i = 0; i < n; ++i)
      if (q[i] == id) return i;
    FAIL("no qubit " << id);
    return 0;
  }
  // Applies m on `targets` under `controls` to the dense state.
  void mirror(const Matrix& m, std::span<const QubitId> targets, std::span<const QubitId> controls = {},
              std::span<const std::uint8_t> values = {}) {
    std::vector<std::size_t> t, c;
    for (QubitId id : targets) t.push_back(position(id));
    for (QubitId id : controls) c.push_back(position(id));
    psi = c.empty() ? qrt::reference::apply_on_positions(psi, n, m, t)
                    : qrt::reference::apply_controlled(psi, n, m, t, c, values);
  }
  std::vector<Complex> device_state() { return s.device().state(); }
  double state_error() {
    const auto state = device_state();
    return qrt::reference::max_difference<Complex>(state, psi);
  }
  // A generic state: RY, RZ on every qubit and a CNOT chain, on the device and the reference.
  void scramble(std::mt19937& rng) {
    auto* ry = Harness::function<GateP1Q1>("__catalyst__qis__RY", "void (double, ptr, ptr)");
    auto* rz = Harness::function<GateP1Q1>("__catalyst__qis__RZ", "void (double, ptr, ptr)");
    auto* cnot = Harness::function<GateQ2>("__catalyst__qis__CNOT", "void (ptr, ptr, ptr)");
    std::uniform_real_distribution<double> angle(-3, 3);
    for (std::size_t i = 0; i < n; ++i) {
      const double a = angle(rng), b = angle(rng);
      REQUIRE(succeeds(s, [&] { ry(a, q[i], nullptr); }));
      REQUIRE(succeeds(s, [&] { rz(b, q[i], nullptr); }));
      mirror(reference("RY", std::array{a}, 1), std::array{q[i]});
      mirror(reference("RZ", std::array{b}, 1), std::array{q[i]});
    }
    for (std::size_t i = 0; i + 1 < n; ++i) {
      REQUIRE(succeeds(s, [&] { cnot(q[i], q[i + 1], nullptr); }));
      mirror(reference("CNOT", {}, 2), std::array{q[i], q[i + 1]});
    }
  }
};

// Calls gate `g` in its current-qjit form.
void call_gate(Session& s, const GateSpec& g, std::span<const double> p, std::span<const QubitId> q,
               const Modifiers* m) {
  const std::string name = "__catalyst__qis__" + std::string(g.name);
  bool ok = false;
  if (g.name == "Identity") {
    auto* f = Harness::function<void(const Modifiers*, std::int64_t, ...)>(name, "void (ptr, i64, ...)");
    ok = succeeds(s, [&] { q.size() == 1 ? f(m, 1, q[0]) : f(m, 2, q[0], q[1]); });
  } else if (g.name == "MultiRZ") {
    auto* f =
        Harness::function<void(double, const Modifiers*, std::int64_t, ...)>(name, "void (double, ptr, i64, ...)");
    ok = succeeds(s, [&] { q.size() == 1 ? f(p[0], m, 1, q[0]) : f(p[0], m, 3, q[0], q[1], q[2]); });
  } else if (g.name == "GlobalPhase") {
    auto* f = Harness::function<void(double, const Modifiers*)>(name, "void (double, ptr)");
    ok = succeeds(s, [&] { f(p[0], m); });
  } else if (g.params == 0 && g.wires == 1) {
    ok = succeeds(s, [&] { Harness::function<GateQ1>(name, "void (ptr, ptr)")(q[0], m); });
  } else if (g.params == 1 && g.wires == 1) {
    ok = succeeds(s, [&] { Harness::function<GateP1Q1>(name, "void (double, ptr, ptr)")(p[0], q[0], m); });
  } else if (g.params == 3 && g.wires == 1) {
    ok = succeeds(s, [&] {
      Harness::function<GateP3Q1>(name, "void (double, double, double, ptr, ptr)")(p[0], p[1], p[2], q[0], m);
    });
  } else if (g.params == 0 && g.wires == 2) {
    ok = succeeds(s, [&] { Harness::function<GateQ2>(name, "void (ptr, ptr, ptr)")(q[0], q[1], m); });
  } else if (g.params == 1 && g.wires == 2) {
    ok = succeeds(s, [&] { Harness::function<GateP1Q2>(name, "void (double, ptr, ptr, ptr)")(p[0], q[0], q[1], m); });
  } else if (g.params == 3 && g.wires == 2) {
    ok = succeeds(s, [&] {
      Harness::function<GateP3Q2>(name, "void (double, double, double, ptr, ptr, ptr)")(p[0], p[1], p[2], q[0], q[1],
                                                                                        m);
    });
  } else if (g.params == 0 && g.wires == 3) {
    ok = succeeds(s, [&] { Harness::function<GateQ3>(name, "void (ptr, ptr, ptr, ptr)")(q[0], q[1], q[2], m); });
  } else if (g.params == 1 && g.wires == 4) {
    ok = succeeds(s, [&] {
      Harness::function<GateP1Q4>(name, "void (double, ptr, ptr, ptr, ptr, ptr)")(p[0], q[0], q[1], q[2], q[3], m);
    });
  } else {
    FAIL("no call form for " << g.name);
  }
  INFO(s.failure);
  REQUIRE(ok);
}

}  // namespace

TEST_CASE("every gate under every Modifiers combination is PennyLane's matrix, global phase included",
          "[catalyst][runtime]") {
  std::mt19937 rng(11);
  const std::array<double, 3> params = {0.37, -1.21, 2.05};
  struct ControlCase {
    std::vector<std::uint8_t> values;
  };
  const std::vector<ControlCase> control_cases = {{{}}, {{1}}, {{0}}, {{1, 0}}};
  for (const GateSpec& g : kGateSpecs) {
    const unsigned wires = g.wires ? g.wires : (g.name == "GlobalPhase" ? 0u : g.name == "MultiRZ" ? 3u : 2u);
    for (bool adjoint : {false, true})
      for (const auto& controls : control_cases) {
        DYNAMIC_SECTION(g.name << (adjoint ? " adjoint" : "") << " with " << controls.values.size() << " controls") {
          Harness h;
          Register r(h, 6);
          r.scramble(rng);
          // Targets in a scrambled order, controls after them.
          std::vector<QubitId> order = {r.q[4], r.q[1], r.q[5], r.q[0], r.q[3], r.q[2]};
          const std::span<const QubitId> targets(order.data(), wires);
          const std::span<const QubitId> control_wires(order.data() + wires, controls.values.size());
          std::array<bool, 2> values{};
          for (std::size_t i = 0; i < controls.values.size(); ++i) values[i] = controls.values[i] != 0;
          const Modifiers m{adjoint, controls.values.size(), control_wires.data(), values.data()};
          const std::span<const double> p(params.data(), g.params);
          call_gate(r.s, g, p, targets, &m);
          Matrix u = reference(g.name, p, std::max(wires, 1u));
          if (adjoint) u = qrt::reference::adjoint(u);
          // A global phase acts on no wire: under controls, it is a phase on a bystander (a gate without
          // controls multiplies the whole state).
          const std::span<const QubitId> acted = wires ? targets : std::span<const QubitId>(order.data() + 5, 1);
          r.mirror(u, acted, control_wires, controls.values);
          CHECK(r.state_error() < kTolerance);
        }
      }
  }
}

TEST_CASE("the older gate forms: the 2023 runtime's bool adjoint and the runtime examples' qubit-first order",
          "[catalyst][runtime]") {
  Harness h;
  Register r(h, 2);
  auto* ry_2023 = Harness::function<void(double, QubitId, bool)>("__quantum__qis__RY", "void (double, ptr, i1)");
  auto* ry_examples =
      Harness::function<void(QubitId, double, std::int8_t)>("__catalyst__qis__RY", "void (ptr, double, i8)");
  auto* crx_examples = Harness::function<void(QubitId, QubitId, double, std::int8_t)>("__quantum__qis__CRX",
                                                                                      "void (ptr, ptr, double, i8)");
  REQUIRE(succeeds(r.s, [&] { ry_2023(0.4, r.q[0], true); }));
  r.mirror(qrt::reference::adjoint(reference("RY", std::array{0.4}, 1)), std::array{r.q[0]});
  REQUIRE(succeeds(r.s, [&] { ry_examples(r.q[1], 1.1, 0); }));
  r.mirror(reference("RY", std::array{1.1}, 1), std::array{r.q[1]});
  REQUIRE(succeeds(r.s, [&] { crx_examples(r.q[1], r.q[0], 0.7, 1); }));
  r.mirror(qrt::reference::adjoint(reference("CRX", std::array{0.7}, 2)), std::array{r.q[1], r.q[0]});
  CHECK(r.state_error() < kTolerance);
}

TEST_CASE("PauliRot, PCPhase and QubitUnitary (a strided, offset matrix memref) against their definitions",
          "[catalyst][runtime]") {
  std::mt19937 rng(5);
  Harness h;
  Register r(h, 4);
  r.scramble(rng);
  // PauliRot(θ, "XYZ") = exp(-iθ/2 X⊗Y⊗Z) under a control and adjoint.
  const double theta = 0.81;
  auto* pauli_rot = Harness::function<void(const char*, double, const Modifiers*, bool, std::int64_t, ...)>(
      "__catalyst__qis__PauliRot", "void (ptr, double, ptr, i1, i64, ...)");
  const QubitId control = r.q[3];
  const bool on = true;
  const Modifiers m{true, 1, &control, &on};
  REQUIRE(succeeds(r.s, [&] { pauli_rot("XYZ", theta, &m, true, 3, r.q[2], r.q[0], r.q[1]); }));
  REQUIRE(succeeds(r.s, [&] { pauli_rot("XYZ", 5.0, nullptr, false, 3, r.q[2], r.q[0], r.q[1]); }));  // condition false
  const Matrix x = reference("PauliX", {}, 1), y = reference("PauliY", {}, 1), z = reference("PauliZ", {}, 1);
  const Matrix p = qrt::reference::kron(qrt::reference::kron(x, y), z);
  Matrix u(8);
  for (std::size_t i = 0; i < 8; ++i)
    for (std::size_t j = 0; j < 8; ++j)
      u(i, j) = (i == j ? std::cos(theta / 2) : 0.0) - kI * std::sin(theta / 2) * p(i, j);
  r.mirror(qrt::reference::adjoint(u), std::array{r.q[2], r.q[0], r.q[1]}, std::array{control},
           std::array<std::uint8_t, 1>{1});
  CHECK(r.state_error() < kTolerance);

  // PCPhase(φ, dim 3) on two wires: e^{iφ} on |00>, |01>, |10>; e^{-iφ} on |11>.
  auto* pc_phase = Harness::function<void(double, std::int64_t, const Modifiers*, std::int64_t, ...)>(
      "__catalyst__qis__PCPhase", "void (double, i64, ptr, i64, ...)");
  REQUIRE(succeeds(r.s, [&] { pc_phase(0.6, 3, nullptr, 2, r.q[1], r.q[3]); }));
  const std::array<Complex, 4> diagonal = {std::polar(1.0, 0.6), std::polar(1.0, 0.6), std::polar(1.0, 0.6),
                                           std::polar(1.0, -0.6)};
  r.mirror(Matrix::diagonal(diagonal), std::array{r.q[1], r.q[3]});
  CHECK(r.state_error() < kTolerance);

  // QubitUnitary: a 2-qubit unitary stored transposed (strides {1, 4}) after an offset of 2 elements.
  const Matrix v = reference("CRot", std::array{0.3, -0.9, 1.7}, 2) * reference("ISWAP", {}, 2);
  std::vector<std::complex<double>> storage(2 + 16);
  for (std::size_t row = 0; row < 4; ++row)
    for (std::size_t col = 0; col < 4; ++col) storage[2 + col * 4 + row] = v(row, col);
  const Descriptor<2> matrix{storage.data(), storage.data(), 2, {4, 4}, {1, 4}};
  auto* unitary = Harness::function<void(const Descriptor<2>*, const Modifiers*, std::int64_t, ...)>(
      "__catalyst__qis__QubitUnitary", "void (ptr, ptr, i64, ...)");
  REQUIRE(succeeds(r.s, [&] { unitary(&matrix, nullptr, 2, r.q[0], r.q[2]); }));
  r.mirror(v, std::array{r.q[0], r.q[2]});
  CHECK(r.state_error() < kTolerance);
  // The wrong size is refused, naming what was expected.
  CHECK_FALSE(succeeds(r.s, [&] { unitary(&matrix, nullptr, 1, r.q[0]); }));
  CHECK_THAT(r.s.failure, Catch::Contains("QubitUnitary") && Catch::Contains("2x2"));
}

TEST_CASE("SetState and SetBasisState prepare the state as Lightning does (other wires |0>)", "[catalyst][runtime]") {
  std::mt19937 rng(3);
  Harness h;
  Register r(h, 3);
  r.scramble(rng);
  std::vector<std::complex<double>> amplitudes = {{0.5, 0.1}, {-0.3, 0.4}, {0.2, -0.2}, {0.0, 0.0}};
  double norm = 0;
  for (auto a : amplitudes) norm += std::norm(a);
  for (auto& a : amplitudes) a /= std::sqrt(norm);
  // One amplitude per element, stride 2: every other slot of the buffer.
  std::vector<std::complex<double>> strided(8);
  for (std::size_t i = 0; i < 4; ++i) strided[2 * i] = amplitudes[i];
  const Descriptor<1> state{strided.data(), strided.data(), 0, {4}, {2}};
  auto* set_state = Harness::function<void(const Descriptor<1>*, std::uint64_t, ...)>("__catalyst__qis__SetState",
                                                                                      "void (ptr, i64, ...)");
  REQUIRE(succeeds(r.s, [&] { set_state(&state, 2, r.q[2], r.q[0]); }));
  std::vector<Complex> expected(8);
  for (std::size_t k = 0; k < 4; ++k) expected[((k & 1) << 2) | (k >> 1)] = amplitudes[k];  // q[2] is bit 0 of k
  CHECK(qrt::reference::max_difference<Complex>(r.device_state(), expected) < kTolerance);

  std::vector<std::int8_t> bits = {1, 0, 1};
  const Descriptor<1> basis{bits.data(), bits.data(), 0, {3}, {1}};
  auto* set_basis = Harness::function<void(const Descriptor<1>*, std::uint64_t, ...)>("__catalyst__qis__SetBasisState",
                                                                                      "void (ptr, i64, ...)");
  REQUIRE(succeeds(r.s, [&] { set_basis(&basis, 3, r.q[1], r.q[0], r.q[2]); }));
  std::vector<Complex> basis_state(8);
  basis_state[0b011] = 1;  // q0 = 0, q1 = 1, q2 = 1
  CHECK(qrt::reference::max_difference<Complex>(r.device_state(), basis_state) < kTolerance);

  bits[1] = 2;
  CHECK_FALSE(succeeds(r.s, [&] { set_basis(&basis, 3, r.q[1], r.q[0], r.q[2]); }));
  CHECK_THAT(r.s.failure, Catch::Contains("not 0 or 1"));
  amplitudes[0] *= 2;
  const Descriptor<1> unnormalised{amplitudes.data(), amplitudes.data(), 0, {4}, {1}};
  CHECK_FALSE(succeeds(r.s, [&] { set_state(&unnormalised, 2, r.q[2], r.q[0]); }));
  CHECK_THAT(r.s.failure, Catch::Contains("norm"));
}

TEST_CASE("observables and measurements against the dense reference; wire 0 is the most significant bit",
          "[catalyst][runtime]") {
  std::mt19937 rng(7);
  Harness h;
  Register r(h, 3);
  r.scramble(rng);
  using namespace qrt::reference;
  auto* named = Harness::function<std::intptr_t(std::int64_t, QubitId)>("__catalyst__qis__NamedObs", "i64 (i64, ptr)");
  auto* hermitian = Harness::function<std::intptr_t(const Descriptor<2>*, std::int64_t, ...)>(
      "__catalyst__qis__HermitianObs", "i64 (ptr, i64, ...)");
  auto* tensor = Harness::function<std::intptr_t(std::int64_t, ...)>("__catalyst__qis__TensorObs", "i64 (i64, ...)");
  auto* hamiltonian = Harness::function<std::intptr_t(const Descriptor<1>*, std::int64_t, ...)>(
      "__catalyst__qis__HamiltonianObs", "i64 (ptr, i64, ...)");
  auto* expval = Harness::function<double(std::intptr_t)>("__catalyst__qis__Expval", "double (i64)");
  auto* variance = Harness::function<double(std::intptr_t)>("__catalyst__qis__Variance", "double (i64)");
  const Matrix hm(4, {2, Complex(0.5, 1), 0, 0.3, Complex(0.5, -1), -1, 0.2, 0, 0, 0.2, 0.7, Complex(0, 0.4), 0.3, 0,
                      Complex(0, -0.4), 1.5});
  std::vector<std::complex<double>> hm_data(hm.entries().begin(), hm.entries().end());
  const Descriptor<2> hm_desc{hm_data.data(), hm_data.data(), 0, {4, 4}, {4, 1}};
  std::intptr_t x0 = 0, y1 = 0, h2 = 0, z2 = 0, herm = 0, prod = 0, ham = 0;
  std::vector<double> coefficients = {0.5, -1.2, 0.3};
  const Descriptor<1> coeffs{coefficients.data(), coefficients.data(), 0, {3}, {1}};
  REQUIRE(succeeds(r.s, [&] {
    x0 = named(1, r.q[0]);
    y1 = named(2, r.q[1]);
    h2 = named(4, r.q[2]);
    z2 = named(3, r.q[2]);
    herm = hermitian(&hm_desc, 2, r.q[2], r.q[0]);
    prod = tensor(2, x0, y1);
    ham = hamiltonian(&coeffs, 3, z2, prod, herm);
  }));
  const std::array<std::size_t, 1> p0{0}, p2{2};
  const Matrix X = reference("PauliX", {}, 1), Y = reference("PauliY", {}, 1), Z = reference("PauliZ", {}, 1);
  const Matrix H = reference("Hadamard", {}, 1);
  const std::vector<Complex>& psi = r.psi;
  auto ref = [&](const Matrix& m, std::span<const std::size_t> positions) {
    return expectation(psi, 3, m, positions).real();
  };
  const std::array<std::size_t, 2> p01{0, 1}, p20{2, 0};
  const double e_prod = ref(kron(X, Y), p01);
  const double e_ham = 0.5 * ref(Z, p2) - 1.2 * e_prod + 0.3 * ref(hm, p20);
  double values[5] = {};
  REQUIRE(succeeds(r.s, [&] {
    values[0] = expval(x0);
    values[1] = expval(h2);
    values[2] = expval(herm);
    values[3] = expval(ham);
    values[4] = variance(prod);
  }));
  CHECK(values[0] == Approx(ref(X, p0)).margin(kTolerance));
  CHECK(values[1] == Approx(ref(H, p2)).margin(kTolerance));
  CHECK(values[2] == Approx(ref(hm, p20)).margin(kTolerance));
  CHECK(values[3] == Approx(e_ham).margin(kTolerance));
  CHECK(values[4] == Approx(1 - e_prod * e_prod).margin(kTolerance));  // (X⊗Y)² = I

  // Probs of all wires and of [q2, q0]; State; into memrefs with an offset and a stride.
  auto* probs = Harness::function<void(const Descriptor<1>*, std::int64_t, ...)>("__catalyst__qis__Probs",
                                                                                 "void (ptr, i64, ...)");
  auto* state = Harness::function<void(const Descriptor<1>*, std::int64_t, ...)>("__catalyst__qis__State",
                                                                                 "void (ptr, i64, ...)");
  std::vector<double> all(1 + 8 * 2, -1), part(4, -1);
  std::vector<std::complex<double>> amplitudes(8);
  const Descriptor<1> all_desc{all.data(), all.data(), 1, {8}, {2}};
  const Descriptor<1> part_desc{part.data(), part.data(), 0, {4}, {1}};
  const Descriptor<1> state_desc{amplitudes.data(), amplitudes.data(), 0, {8}, {1}};
  REQUIRE(succeeds(r.s, [&] {
    probs(&all_desc, 0);
    probs(&part_desc, 2, r.q[2], r.q[0]);
    state(&state_desc, 0);
  }));
  const auto reference_probs = probabilities(psi);
  std::vector<double> got_all;
  for (std::size_t i = 0; i < 8; ++i) got_all.push_back(all[1 + 2 * i]);
  CHECK(max_difference<double>(got_all, reference_probs) < kTolerance);
  CHECK(max_difference<double>(part, marginal(reference_probs, 3, p20)) < kTolerance);
  CHECK(max_difference<Complex>(std::vector<Complex>(amplitudes.begin(), amplitudes.end()), psi) < kTolerance);
  // A result of the wrong size, a partial state, an unknown observable: refused, never written past.
  const Descriptor<1> short_desc{part.data(), part.data(), 0, {3}, {1}};
  CHECK_FALSE(succeeds(r.s, [&] { probs(&short_desc, 2, r.q[2], r.q[0]); }));
  CHECK_THAT(r.s.failure, Catch::Contains("Probs") && Catch::Contains("holds 3"));
  CHECK_FALSE(succeeds(r.s, [&] { state(&state_desc, 1, r.q[0]); }));
  CHECK_THAT(r.s.failure, Catch::Contains("the state of some of the wires"));
  CHECK_FALSE(succeeds(r.s, [&] { expval(99); }));
  CHECK_THAT(r.s.failure, Catch::Contains("observable 99"));
  CHECK_FALSE(succeeds(r.s, [&] { named(7, r.q[0]); }));
  CHECK_THAT(r.s.failure, Catch::Contains("unknown named observable 7"));
  CHECK_FALSE(succeeds(r.s, [&] { tensor(2, x0, h2 == x0 ? y1 : named(3, r.q[0])); }));
  CHECK_THAT(r.s.failure, Catch::Contains("share wire"));
}

TEST_CASE("Measure collapses (postselection included) and PauliMeasure measures a Pauli product",
          "[catalyst][runtime]") {
  std::mt19937 rng(9);
  Harness h;
  Register r(h, 3);
  r.scramble(rng);
  auto* measure = Harness::function<const bool*(QubitId, std::int32_t)>("__catalyst__qis__Measure", "ptr (ptr, i32)");
  const bool* outcome = nullptr;
  REQUIRE(succeeds(r.s, [&] { outcome = measure(r.q[1], 1); }));
  REQUIRE(outcome != nullptr);
  CHECK(*outcome);
  // The reference: project q1 (position 1) on |1> and normalise.
  double norm = 0;
  for (std::size_t i = 0; i < 8; ++i) {
    if (!(i & 0b010)) r.psi[i] = 0;
    norm += std::norm(r.psi[i]);
  }
  for (auto& a : r.psi) a /= std::sqrt(norm);
  CHECK(r.state_error() < kTolerance);

  auto* pauli_measure = Harness::function<const bool*(const char*, bool, const char*, bool, bool, std::int64_t, ...)>(
      "__catalyst__qis__PauliMeasure", "ptr (ptr, i1, ptr, i1, i1, i64, ...)");
  REQUIRE(succeeds(r.s, [&] { outcome = pauli_measure("XZ", false, "ZZ", true, true, 2, r.q[0], r.q[2]); }));
  // After the measurement the state is an eigenstate of X0 Z2 with eigenvalue (-1)^outcome.
  const auto after = r.device_state();
  const Matrix xz = qrt::reference::kron(reference("PauliX", {}, 1), reference("PauliZ", {}, 1));
  const std::array<std::size_t, 2> positions{0, 2};
  CHECK(qrt::reference::expectation(after, 3, xz, positions).real() == Approx(*outcome ? -1.0 : 1.0).margin(1e-9));
  // The alternative word, negated.
  REQUIRE(succeeds(r.s, [&] { outcome = pauli_measure("XZ", false, "ZZ", true, false, 2, r.q[0], r.q[2]); }));
  const Matrix zz = qrt::reference::kron(reference("PauliZ", {}, 1), reference("PauliZ", {}, 1));
  CHECK(qrt::reference::expectation(r.device_state(), 3, zz, positions).real() ==
        Approx(*outcome ? 1.0 : -1.0).margin(1e-9));
}

TEST_CASE("Sample and Counts at shots, and their refusal at shots 0", "[catalyst][runtime]") {
  Harness h;
  Register r(h, 2, "LightningSimulator", 4000);
  auto* ry = Harness::function<GateP1Q1>("__catalyst__qis__RY", "void (double, ptr, ptr)");
  auto* sample = Harness::function<void(const Descriptor<2>*, std::int64_t, ...)>("__catalyst__qis__Sample",
                                                                                  "void (ptr, i64, ...)");
  auto* counts = Harness::function<void(void*, std::int64_t, ...)>("__catalyst__qis__Counts", "void (ptr, i64, ...)");
  REQUIRE(succeeds(r.s, [&] { ry(1.2, r.q[0], nullptr); }));  // P(q0 = 1) = sin²(0.6)
  std::vector<double> samples(4000 * 2, -1);
  const Descriptor<2> sample_desc{samples.data(), samples.data(), 0, {4000, 2}, {2, 1}};
  std::vector<double> outcomes(4, -1);
  std::vector<std::int64_t> tally(4, -1);
  struct {
    Descriptor<1> outcomes, counts;
  } pair{{outcomes.data(), outcomes.data(), 0, {4}, {1}}, {tally.data(), tally.data(), 0, {4}, {1}}};
  REQUIRE(succeeds(r.s, [&] {
    sample(&sample_desc, 0);
    counts(&pair, 2, r.q[1], r.q[0]);  // q1 most significant: outcomes 0b00 and 0b01
  }));
  double ones = 0;
  for (std::size_t shot = 0; shot < 4000; ++shot) {
    CHECK((samples[2 * shot] == 0 || samples[2 * shot] == 1));
    CHECK(samples[2 * shot + 1] == 0);
    ones += samples[2 * shot];
  }
  const double p1 = std::pow(std::sin(0.6), 2), sigma = std::sqrt(p1 * (1 - p1) / 4000);
  CHECK(std::abs(ones / 4000 - p1) < 5 * sigma);
  CHECK(outcomes == std::vector<double>{0, 1, 2, 3});
  CHECK(tally[0] + tally[1] == 4000);
  CHECK(tally[2] == 0);
  CHECK(tally[3] == 0);
  CHECK(std::abs(static_cast<double>(tally[1]) / 4000 - p1) < 5 * sigma);

  Harness analytic;
  Register a(analytic, 2);
  const Descriptor<2> two{samples.data(), samples.data(), 0, {0, 2}, {2, 1}};
  CHECK_FALSE(succeeds(a.s, [&] { sample(&two, 0); }));
  CHECK_THAT(a.s.failure, Catch::Contains("Sample") && Catch::Contains("shots 0"));
  CHECK_FALSE(succeeds(a.s, [&] { counts(&pair, 0); }));
  CHECK_THAT(a.s.failure, Catch::Contains("Counts") && Catch::Contains("shots 0"));
}

TEST_CASE("Gradient: the adjoint Jacobian of the recorded circuit equals finite differences", "[catalyst][runtime]") {
  // RX(a) q0, Rot(b, c, d) q1, CRZ(e) q0 -> q1, PauliRot(f, "XY") q0 q1, GlobalPhase(g) controlled by q1;
  // <Z0 Z1> and <X1>: derivatives with respect to all seven parameters, then a subset.
  const std::vector<double> x = {0.3, -0.4, 1.1, 0.6, -0.9, 0.45, 0.8};
  auto forward = [](Session& s, std::span<const QubitId> q, std::span<const double> v) {
    const Modifiers adjoint{true, 0, nullptr, nullptr};
    const bool one = true;
    const Modifiers controlled{false, 1, &q[1], &one};
    REQUIRE(succeeds(s, [&] {
      Harness::function<GateP1Q1>("__catalyst__qis__RX", "void (double, ptr, ptr)")(v[0], q[0], nullptr);
      Harness::function<GateP3Q1>("__catalyst__qis__Rot", "void (double, double, double, ptr, ptr)")(v[1], v[2], v[3],
                                                                                                     q[1], &adjoint);
      Harness::function<GateP1Q2>("__catalyst__qis__CRZ", "void (double, ptr, ptr, ptr)")(v[4], q[0], q[1], nullptr);
      Harness::function<void(const char*, double, const Modifiers*, bool, std::int64_t, ...)>(
          "__catalyst__qis__PauliRot", "void (ptr, double, ptr, i1, i64, ...)")("XY", v[5], nullptr, true, 2, q[0],
                                                                                q[1]);
      Harness::function<void(double, const Modifiers*)>("__catalyst__qis__GlobalPhase", "void (double, ptr)")(
          v[6], &controlled);
    }));
  };
  auto* named = Harness::function<std::intptr_t(std::int64_t, QubitId)>("__catalyst__qis__NamedObs", "i64 (i64, ptr)");
  auto* tensor = Harness::function<std::intptr_t(std::int64_t, ...)>("__catalyst__qis__TensorObs", "i64 (i64, ...)");
  auto* expval = Harness::function<double(std::intptr_t)>("__catalyst__qis__Expval", "double (i64)");
  auto* toggle = Harness::function<void(bool)>("__catalyst__rt__toggle_recorder", "void (i1)");
  auto* gradient = Harness::function<void(std::int64_t, ...)>("__catalyst__qis__Gradient", "void (i64, ...)");
  auto* gradient_params = Harness::function<void(const Descriptor<1>*, std::int64_t, ...)>(
      "__catalyst__qis__Gradient_params", "void (ptr, i64, ...)");
  auto values_at = [&](std::span<const double> v) {
    Harness h;
    Register r(h, 2);
    forward(r.s, r.q, v);
    std::array<double, 2> e{};
    REQUIRE(succeeds(r.s, [&] {
      e[0] = expval(tensor(2, named(3, r.q[0]), named(3, r.q[1])));
      e[1] = expval(named(1, r.q[1]));
    }));
    return e;
  };
  Harness h;
  REQUIRE(succeeds(h.session(), [&] { toggle(true); }));
  Register r(h, 2);
  forward(r.s, r.q, x);
  REQUIRE(succeeds(r.s, [&] {
    expval(tensor(2, named(3, r.q[0]), named(3, r.q[1])));
    expval(named(1, r.q[1]));
    toggle(false);
  }));
  const auto before = r.device_state();
  std::vector<double> g0(7), g1(7);
  const Descriptor<1> d0{g0.data(), g0.data(), 0, {7}, {1}}, d1{g1.data(), g1.data(), 0, {7}, {1}};
  REQUIRE(succeeds(r.s, [&] { gradient(2, &d0, &d1); }));
  INFO(r.s.failure);
  for (std::size_t j = 0; j < x.size(); ++j) {
    std::vector<double> plus = x, minus = x;
    plus[j] += 1e-6;
    minus[j] -= 1e-6;
    const auto ep = values_at(plus), em = values_at(minus);
    CHECK(g0[j] == Approx((ep[0] - em[0]) / 2e-6).margin(1e-6));
    CHECK(g1[j] == Approx((ep[1] - em[1]) / 2e-6).margin(1e-6));
  }
  // The running device's state is left as it was.
  CHECK(qrt::reference::max_difference<Complex>(r.device_state(), before) == 0);
  // A subset, in the order asked.
  std::vector<std::int64_t> chosen = {5, 0};
  std::vector<double> s0(2), s1(2);
  const Descriptor<1> c{chosen.data(), chosen.data(), 0, {2}, {1}};
  const Descriptor<1> e0{s0.data(), s0.data(), 0, {2}, {1}}, e1{s1.data(), s1.data(), 0, {2}, {1}};
  REQUIRE(succeeds(r.s, [&] { gradient_params(&c, 2, &e0, &e1); }));
  CHECK(s0[0] == Approx(g0[5]).margin(1e-12));
  CHECK(s0[1] == Approx(g0[0]).margin(1e-12));
  CHECK(s1[0] == Approx(g1[5]).margin(1e-12));
  // Wrong counts are refused, naming them.
  CHECK_FALSE(succeeds(r.s, [&] { gradient(1, &d0); }));
  CHECK_THAT(r.s.failure, Catch::Contains("1 gradient results for the 2 expectation values"));
  chosen[0] = 9;
  CHECK_FALSE(succeeds(r.s, [&] { gradient_params(&c, 2, &e0, &e1); }));
  CHECK_THAT(r.s.failure, Catch::Contains("trainable parameter 9 of 7"));
}

TEST_CASE("Gradient refuses what the adjoint method cannot take", "[catalyst][runtime]") {
  auto* toggle = Harness::function<void(bool)>("__catalyst__rt__toggle_recorder", "void (i1)");
  auto* gradient = Harness::function<void(std::int64_t, ...)>("__catalyst__qis__Gradient", "void (i64, ...)");
  auto* rx = Harness::function<GateP1Q1>("__catalyst__qis__RX", "void (double, ptr, ptr)");
  auto* measure = Harness::function<const bool*(QubitId, std::int32_t)>("__catalyst__qis__Measure", "ptr (ptr, i32)");
  auto* pc_phase = Harness::function<void(double, std::int64_t, const Modifiers*, std::int64_t, ...)>(
      "__catalyst__qis__PCPhase", "void (double, i64, ptr, i64, ...)");
  std::vector<double> g(1);
  const Descriptor<1> d{g.data(), g.data(), 0, {1}, {1}};
  SECTION("a recorder switched on after operations") {
    Harness h;
    Register r(h, 1);
    REQUIRE(succeeds(r.s, [&] {
      rx(0.1, r.q[0], nullptr);
      toggle(true);
      rx(0.2, r.q[0], nullptr);
    }));
    CHECK_FALSE(succeeds(r.s, [&] { gradient(0); }));
    CHECK_THAT(r.s.failure, Catch::Contains("switched on after operations"));
  }
  SECTION("a mid-circuit measurement") {
    Harness h;
    REQUIRE(succeeds(h.session(), [&] { toggle(true); }));
    Register r(h, 1);
    REQUIRE(succeeds(r.s, [&] {
      rx(0.2, r.q[0], nullptr);
      measure(r.q[0], -1);
    }));
    CHECK_FALSE(succeeds(r.s, [&] { gradient(0); }));
    CHECK_THAT(r.s.failure, Catch::Contains("mid-circuit measurement"));
  }
  SECTION("a parameter applied as a matrix") {
    Harness h;
    REQUIRE(succeeds(h.session(), [&] { toggle(true); }));
    Register r(h, 1);
    REQUIRE(succeeds(r.s, [&] { pc_phase(0.3, 1, nullptr, 1, r.q[0]); }));
    CHECK_FALSE(succeeds(r.s, [&] { gradient(0); }));
    CHECK_THAT(r.s.failure, Catch::Contains("PCPhase") && Catch::Contains("matrix"));
  }
  SECTION("a device without the adjoint extension") {
    Harness h;
    REQUIRE(succeeds(h.session(), [&] { toggle(true); }));
    Register r(h, 1, "NullQubit");
    auto* named =
        Harness::function<std::intptr_t(std::int64_t, QubitId)>("__catalyst__qis__NamedObs", "i64 (i64, ptr)");
    auto* expval = Harness::function<double(std::intptr_t)>("__catalyst__qis__Expval", "double (i64)");
    REQUIRE(succeeds(r.s, [&] {
      rx(0.2, r.q[0], nullptr);
      expval(named(3, r.q[0]));
    }));
    CHECK_FALSE(succeeds(r.s, [&] { gradient(1, &d); }));
    CHECK_THAT(r.s.failure, Catch::Contains("null.qubit does not offer the adjoint Jacobian"));
  }
}

TEST_CASE("qubits, registers and automatic qubit management", "[catalyst][runtime]") {
  Harness h;
  Session& s = h.session();
  auto* init = Harness::function<void(const char*, const char*, const char*, std::int64_t, bool)>(
      "__catalyst__rt__device_init", "void (ptr, ptr, ptr, i64, i1)");
  auto* release = Harness::function<void()>("__catalyst__rt__device_release", "void ()");
  auto* alloc = Harness::function<void*(std::int64_t)>("__catalyst__rt__qubit_allocate_array", "ptr (i64)");
  auto* free_array = Harness::function<void(void*)>("__catalyst__rt__qubit_release_array", "void (ptr)");
  auto* alloc_one = Harness::function<QubitId()>("__catalyst__rt__qubit_allocate", "ptr ()");
  auto* free_one = Harness::function<void(QubitId)>("__catalyst__rt__qubit_release", "void (ptr)");
  auto* size = Harness::function<std::int64_t(void*)>("__catalyst__rt__array_get_size_1d", "i64 (ptr)");
  auto* element =
      Harness::function<QubitId*(void*, std::int64_t)>("__catalyst__rt__array_get_element_ptr_1d", "ptr (ptr, i64)");
  auto* update = Harness::function<void(void*, std::int64_t, QubitId)>("__catalyst__rt__array_update_element_1d",
                                                                       "void (ptr, i64, ptr)");
  auto* num_qubits = Harness::function<std::int64_t()>("__catalyst__rt__num_qubits", "i64 ()");
  void* reg = nullptr;
  QubitId extra = 0;
  std::int64_t n = 0, length = 0;
  REQUIRE(succeeds(s, [&] {
    init("lib", "LightningSimulator", "{}", 0, false);
    reg = alloc(2);
    extra = alloc_one();
    n = num_qubits();
    length = size(reg);
  }));
  CHECK(n == 3);
  CHECK(length == 2);
  CHECK_FALSE(succeeds(s, [&] { element(reg, 2); }));
  CHECK_THAT(s.failure, Catch::Contains("holds 2 qubits; there is no qubit 2"));
  QubitId replaced = 0, now = 0;
  REQUIRE(succeeds(s, [&] {
    replaced = *element(reg, 1);
    update(reg, 1, extra);
    now = *element(reg, 1);
    free_one(replaced);
    n = num_qubits();
  }));
  CHECK(now == extra);
  CHECK(n == 2);
  CHECK_FALSE(succeeds(s, [&] { size(&n); }));
  CHECK_THAT(s.failure, Catch::Contains("was not allocated by qubit_allocate_array"));
  REQUIRE(succeeds(s, [&] {
    free_array(reg);
    release();
  }));
  // With automatic qubit management the register grows to the index used.
  REQUIRE(succeeds(s, [&] {
    init("lib", "LightningSimulator", "{}", 0, true);
    reg = alloc(0);
    element(reg, 4);
    length = size(reg);
    n = num_qubits();
    release();
  }));
  CHECK(length == 5);
  CHECK(n == 5);
  CHECK_FALSE(succeeds(s, [&] { release(); }));
  CHECK_THAT(s.failure, Catch::Contains("no device is active"));
}

TEST_CASE("memory: MLIR's allocator, memrefCopy over strides, frees checked", "[catalyst][runtime]") {
  Harness h;
  Session& s = h.session();
  auto* alloc = Harness::function<void*(std::int64_t)>("_mlir_memref_to_llvm_alloc", "ptr (i64)");
  auto* aligned =
      Harness::function<void*(std::int64_t, std::int64_t)>("_mlir_memref_to_llvm_aligned_alloc", "ptr (i64, i64)");
  auto* release = Harness::function<void(void*)>("_mlir_memref_to_llvm_free", "void (ptr)");
  auto* transfer = Harness::function<bool(void*)>("_mlir_memory_transfer", "i1 (ptr)");
  auto* copy = Harness::function<void(std::int64_t, const void*, const void*)>("memrefCopy", "void (i64, ptr, ptr)");
  void *a = nullptr, *b = nullptr;
  REQUIRE(succeeds(s, [&] {
    a = alloc(24);
    b = aligned(128, 40);
  }));
  CHECK(reinterpret_cast<std::uintptr_t>(b) % 128 == 0);
  CHECK(transfer(a));
  // A 2 x 2 block of a 3 x 3 matrix (offset 1, strides {3, 1}) copied into a contiguous 2 x 2.
  std::vector<double> source = {0, 1, 2, 3, 4, 5, 6, 7, 8}, target(4, -1);
  const Descriptor<2> from{source.data(), source.data(), 1, {2, 2}, {3, 1}},
      to{target.data(), target.data(), 0, {2, 2}, {2, 1}};
  struct Unranked {
    std::int64_t rank;
    const void* descriptor;
  } u_from{2, &from}, u_to{2, &to};
  REQUIRE(succeeds(s, [&] { copy(8, &u_from, &u_to); }));
  CHECK(target == std::vector<double>{1, 2, 4, 5});
  REQUIRE(succeeds(s, [&] { release(a); }));
  CHECK_FALSE(transfer(a));
  CHECK_FALSE(succeeds(s, [&] { release(a); }));  // twice
  CHECK_THAT(s.failure, Catch::Contains("did not allocate (or already freed)"));
  CHECK_FALSE(succeeds(s, [&] { release(source.data()); }));
  // b is left for the session to free (checked by ASan's leak report).
}

TEST_CASE("printing: strings, tensors with and without their descriptor, the state", "[catalyst][runtime]") {
  qrt::catalyst::CallOptions options;
  options.print = PrintTo::Collect;
  Harness h(options);
  Register r(h, 1);
  auto* print_string = Harness::function<void(const char*)>("__catalyst__rt__print_string", "void (ptr)");
  auto* print_tensor = Harness::function<void(const void*, bool)>("__catalyst__rt__print_tensor", "void (ptr, i1)");
  auto* print_state = Harness::function<void()>("__catalyst__rt__print_state", "void ()");
  auto* x = Harness::function<GateQ1>("__catalyst__qis__PauliX", "void (ptr, ptr)");
  std::vector<std::int32_t> values = {1, -2, 3, 4, 5, 6};
  const Descriptor<2> m{values.data(), values.data(), 0, {2, 3}, {3, 1}};
  struct {
    std::int64_t rank;
    const void* descriptor;
    std::int8_t type;
  } opaque{2, &m, 4};  // NumericType i32
  REQUIRE(succeeds(r.s, [&] {
    print_string("hi");
    print_string(nullptr);
    print_tensor(&opaque, false);
    x(r.q[0], nullptr);
    print_state();
  }));
  CHECK(h.session().result().printed == "hi\nNone\n[[1, -2, 3],\n [4, 5, 6]]\nState = [\n  (0,0),\n  (1,0),\n]\n");
  opaque.type = 42;
  CHECK_FALSE(succeeds(r.s, [&] { print_tensor(&opaque, false); }));
  CHECK_THAT(r.s.failure, Catch::Contains("unknown element type code 42"));
}

TEST_CASE("a failing gate names the runtime function and the device's reason", "[catalyst][runtime]") {
  Harness h;
  Register r(h, 2);
  auto* cnot = Harness::function<GateQ2>("__catalyst__qis__CNOT", "void (ptr, ptr, ptr)");
  CHECK_FALSE(succeeds(r.s, [&] { cnot(r.q[0], 1000, nullptr); }));
  CHECK_THAT(r.s.failure, Catch::Contains("CNOT") && Catch::Contains("1000"));
  CHECK_FALSE(succeeds(r.s, [&] { cnot(r.q[0], r.q[0], nullptr); }));
  CHECK_THAT(r.s.failure, Catch::Contains("CNOT"));
  const Modifiers broken{false, 2, nullptr, nullptr};
  CHECK_FALSE(succeeds(r.s, [&] { cnot(r.q[0], r.q[1], &broken); }));
  CHECK_THAT(r.s.failure, Catch::Contains("NULL list of control wires"));
}

TEST_CASE("NullQubit takes every gate Catalyst's runtime applies, as Catalyst's NullQubit does",
          "[catalyst][runtime]") {
  Harness h;
  Register r(h, 6, "NullQubit");
  const std::array<double, 3> params = {0.1, 0.2, 0.3};
  const bool on = true;
  const Modifiers m{true, 1, &r.q[5], &on};
  for (const GateSpec& g : kGateSpecs) {
    INFO(g.name);
    const unsigned wires = g.wires ? g.wires : (g.name == "GlobalPhase" ? 0u : g.name == "MultiRZ" ? 3u : 2u);
    call_gate(r.s, g, std::span<const double>(params.data(), g.params), std::span<const QubitId>(r.q.data(), wires),
              &m);
  }
}
