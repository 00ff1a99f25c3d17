// The reference matrices (host/src/reference) against matrices written out here entry by entry from
// PennyLane's definitions (and Rot/CRot against the product of their factors, multiplied here by hand).
#include "reference/reference_gates.hpp"
#include "conformance/random_unitary.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <numbers>
#include <random>
#include <set>

using qrt::reference::Complex;
using qrt::reference::find_reference_gate;
using qrt::reference::Matrix;

namespace {

constexpr Complex i1{0.0, 1.0};
const double h = 1.0 / std::sqrt(2.0);

Complex e(double angle) { return {std::cos(angle), std::sin(angle)}; }

Matrix written(std::size_t dim, std::vector<Complex> entries) { return Matrix(dim, std::move(entries)); }

Matrix reference(const std::string& name, std::vector<double> params = {}, unsigned wires = 0) {
  const auto* g = find_reference_gate(name);
  REQUIRE(g != nullptr);
  return g->matrix(params, wires ? wires : g->min_wires);
}

void require_equal(const Matrix& got, const Matrix& expected) {
  REQUIRE(got.dim() == expected.dim());
  for (std::size_t r = 0; r < got.dim(); ++r)
    for (std::size_t c = 0; c < got.dim(); ++c) {
      INFO("entry (" << r << ", " << c << "): got " << got(r, c) << ", expected " << expected(r, c));
      CHECK(std::abs(got(r, c) - expected(r, c)) < 1e-14);
    }
}

// 2x2 product, written out (independent of the kit's Matrix operator*).
Matrix mul2(const Matrix& a, const Matrix& b) {
  return written(2, {a(0, 0) * b(0, 0) + a(0, 1) * b(1, 0), a(0, 0) * b(0, 1) + a(0, 1) * b(1, 1),
                     a(1, 0) * b(0, 0) + a(1, 1) * b(1, 0), a(1, 0) * b(0, 1) + a(1, 1) * b(1, 1)});
}

// [[1, 0], [0, u]] as a 4x4 with the control first.
Matrix controlled_by_first(const Matrix& u) {
  return written(4, {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, u(0, 0), u(0, 1), 0, 0, u(1, 0), u(1, 1)});
}

Matrix permutation(std::size_t dim, std::vector<std::size_t> image) {
  Matrix m(dim);
  for (std::size_t c = 0; c < dim; ++c) m(image[c], c) = 1.0;
  return m;
}

}  // namespace

TEST_CASE("The reference set is exactly the PennyLane gates the kit promises", "[conformance][reference]") {
  const std::set<std::string> promised = {"Identity",   "PauliX",
                                          "PauliY",     "PauliZ",
                                          "Hadamard",   "S",
                                          "T",          "SX",
                                          "PhaseShift", "RX",
                                          "RY",         "RZ",
                                          "Rot",        "CNOT",
                                          "CY",         "CZ",
                                          "CH",         "SWAP",
                                          "ISWAP",      "CSWAP",
                                          "Toffoli",    "ControlledPhaseShift",
                                          "CRX",        "CRY",
                                          "CRZ",        "CRot",
                                          "IsingXX",    "IsingYY",
                                          "IsingZZ",    "MultiRZ",
                                          "GlobalPhase"};
  std::set<std::string> table;
  for (const auto& g : qrt::reference::reference_gates()) table.emplace(g.name);
  CHECK(table == promised);
  for (const auto& name : promised) CHECK(find_reference_gate(name)->name == name);
  CHECK(find_reference_gate("PSWAP") == nullptr);
  CHECK(find_reference_gate("paulix") == nullptr);
  CHECK(find_reference_gate("") == nullptr);
}

TEST_CASE("One-qubit reference matrices", "[conformance][reference]") {
  const double t = 0.7, c = std::cos(t / 2), s = std::sin(t / 2);
  require_equal(reference("Identity"), written(2, {1, 0, 0, 1}));
  require_equal(reference("PauliX"), written(2, {0, 1, 1, 0}));
  require_equal(reference("PauliY"), written(2, {0, -i1, i1, 0}));
  require_equal(reference("PauliZ"), written(2, {1, 0, 0, -1}));
  require_equal(reference("Hadamard"), written(2, {h, h, h, -h}));
  require_equal(reference("S"), written(2, {1, 0, 0, i1}));
  require_equal(reference("T"), written(2, {1, 0, 0, Complex(h, h)}));
  require_equal(reference("SX"),
                written(2, {Complex(0.5, 0.5), Complex(0.5, -0.5), Complex(0.5, -0.5), Complex(0.5, 0.5)}));
  require_equal(reference("PhaseShift", {t}), written(2, {1, 0, 0, e(t)}));
  require_equal(reference("RX", {t}), written(2, {c, -i1 * s, -i1 * s, c}));
  require_equal(reference("RY", {t}), written(2, {c, -s, s, c}));
  require_equal(reference("RZ", {t}), written(2, {e(-t / 2), 0, 0, e(t / 2)}));
  require_equal(reference("GlobalPhase", {t}, 1), written(2, {e(-t), 0, 0, e(-t)}));
  require_equal(reference("MultiRZ", {t}, 1), reference("RZ", {t}));
  // SX^2 = X, S^2 = Z, T^2 = S.
  require_equal(mul2(reference("SX"), reference("SX")), reference("PauliX"));
  require_equal(mul2(reference("S"), reference("S")), reference("PauliZ"));
  require_equal(mul2(reference("T"), reference("T")), reference("S"));
}

TEST_CASE("Rot(phi, theta, omega) = RZ(omega) RY(theta) RZ(phi)", "[conformance][reference]") {
  const double phi = 0.3, theta = -1.2, omega = 2.5;
  const Matrix product = mul2(reference("RZ", {omega}), mul2(reference("RY", {theta}), reference("RZ", {phi})));
  require_equal(reference("Rot", {phi, theta, omega}), product);
  require_equal(reference("CRot", {phi, theta, omega}), controlled_by_first(product));
}

TEST_CASE("Two-qubit reference matrices (first wire = most significant bit)", "[conformance][reference]") {
  const double t = 0.7, c = std::cos(t / 2), s = std::sin(t / 2);
  require_equal(reference("CNOT"), written(4, {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0, 0, 1, 0}));
  require_equal(reference("CY"), written(4, {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, -i1, 0, 0, i1, 0}));
  require_equal(reference("CZ"), written(4, {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, -1}));
  require_equal(reference("CH"), written(4, {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, h, h, 0, 0, h, -h}));
  require_equal(reference("SWAP"), written(4, {1, 0, 0, 0, 0, 0, 1, 0, 0, 1, 0, 0, 0, 0, 0, 1}));
  require_equal(reference("ISWAP"), written(4, {1, 0, 0, 0, 0, 0, i1, 0, 0, i1, 0, 0, 0, 0, 0, 1}));
  require_equal(reference("ControlledPhaseShift", {t}),
                written(4, {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, e(t)}));
  require_equal(reference("CRX", {t}), written(4, {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, c, -i1 * s, 0, 0, -i1 * s, c}));
  require_equal(reference("CRY", {t}), written(4, {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, c, -s, 0, 0, s, c}));
  require_equal(reference("CRZ", {t}), written(4, {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, e(-t / 2), 0, 0, 0, 0, e(t / 2)}));
  require_equal(reference("IsingXX", {t}),
                written(4, {c, 0, 0, -i1 * s, 0, c, -i1 * s, 0, 0, -i1 * s, c, 0, -i1 * s, 0, 0, c}));
  require_equal(reference("IsingYY", {t}),
                written(4, {c, 0, 0, i1 * s, 0, c, -i1 * s, 0, 0, -i1 * s, c, 0, i1 * s, 0, 0, c}));
  require_equal(reference("IsingZZ", {t}),
                written(4, {e(-t / 2), 0, 0, 0, 0, e(t / 2), 0, 0, 0, 0, e(t / 2), 0, 0, 0, 0, e(-t / 2)}));
  require_equal(reference("MultiRZ", {t}, 2), reference("IsingZZ", {t}));
  require_equal(reference("Identity", {}, 2), Matrix::identity(4));
  require_equal(reference("GlobalPhase", {t}, 2),
                written(4, {e(-t), 0, 0, 0, 0, e(-t), 0, 0, 0, 0, e(-t), 0, 0, 0, 0, e(-t)}));
}

TEST_CASE("Three-qubit reference matrices", "[conformance][reference]") {
  // Toffoli swaps |110> and |111>; CSWAP swaps |101> and |110>.
  require_equal(reference("Toffoli"), permutation(8, {0, 1, 2, 3, 4, 5, 7, 6}));
  require_equal(reference("CSWAP"), permutation(8, {0, 1, 2, 3, 4, 6, 5, 7}));
  const double t = -1.3;
  // MultiRZ on 3 wires: e^{-it/2} on even parity (000, 011, 101, 110), e^{+it/2} on odd.
  const Complex even = e(-t / 2), odd = e(t / 2);
  Matrix expected(8);
  const Complex diagonal[8] = {even, odd, odd, even, odd, even, even, odd};
  for (std::size_t i = 0; i < 8; ++i) expected(i, i) = diagonal[i];
  require_equal(reference("MultiRZ", {t}, 3), expected);
}

TEST_CASE("Every reference matrix is unitary at random parameters", "[conformance][reference]") {
  std::mt19937_64 rng(7);
  std::uniform_real_distribution<double> angle(-7.0, 7.0);
  for (const auto& g : qrt::reference::reference_gates())
    for (unsigned wires = g.min_wires; wires <= g.max_wires; ++wires) {
      std::vector<double> params(g.num_params);
      for (double& p : params) p = angle(rng);
      const Matrix u = g.matrix(params, wires);
      INFO(g.name << " on " << wires << " wires");
      REQUIRE(u.dim() == (std::size_t{1} << wires));
      CHECK(qrt::reference::max_difference(u * adjoint(u), Matrix::identity(u.dim())) < 1e-13);
    }
  for (std::size_t dim : {2, 4, 8}) {
    const Matrix u = qrt::conformance::random_unitary(dim, rng);
    CHECK(qrt::reference::max_difference(adjoint(u) * u, Matrix::identity(dim)) < 1e-13);
  }
}
