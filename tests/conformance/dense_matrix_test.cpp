// The reference simulator (host/src/reference): bit order (position 0 = most significant), gates on
// chosen positions, controls with values, marginals and expectations, on states whose results are
// written out here.
#include "reference/dense_matrix.hpp"

#include <catch2/catch.hpp>

#include <cmath>

using qrt::reference::Complex;
using qrt::reference::Matrix;

namespace {

std::vector<Complex> basis(std::size_t num_qubits, std::size_t index) {
  std::vector<Complex> s(std::size_t{1} << num_qubits);
  s[index] = 1.0;
  return s;
}

const Matrix x(2, {0, 1, 1, 0});
const Matrix cnot(4, {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0, 0, 1, 0});

}  // namespace

TEST_CASE("Position 0 is the most significant bit", "[conformance][reference]") {
  using qrt::reference::apply_on_positions;
  const std::vector<std::size_t> first{0}, last{2};
  CHECK(apply_on_positions(basis(3, 0), 3, x, first) == basis(3, 0b100));
  CHECK(apply_on_positions(basis(3, 0), 3, x, last) == basis(3, 0b001));
  // CNOT with the control on position 2 and the target on position 0: |001> -> |101>; |100> unchanged.
  const std::vector<std::size_t> control_last{2, 0};
  CHECK(apply_on_positions(basis(3, 0b001), 3, cnot, control_last) == basis(3, 0b101));
  CHECK(apply_on_positions(basis(3, 0b100), 3, cnot, control_last) == basis(3, 0b100));
}

TEST_CASE("Controls act on their values only", "[conformance][reference]") {
  using qrt::reference::apply_controlled;
  const std::vector<std::size_t> target{1}, control{0};
  const std::vector<std::uint8_t> zero{0};
  CHECK(apply_controlled(basis(2, 0b00), 2, x, target, control, {}) == basis(2, 0b00));
  CHECK(apply_controlled(basis(2, 0b10), 2, x, target, control, {}) == basis(2, 0b11));
  CHECK(apply_controlled(basis(2, 0b00), 2, x, target, control, zero) == basis(2, 0b01));
  CHECK(apply_controlled(basis(2, 0b10), 2, x, target, control, zero) == basis(2, 0b10));
  CHECK(qrt::reference::controlled(x).entries() == cnot.entries());
}

TEST_CASE("kron puts its first factor on the more significant bits", "[conformance][reference]") {
  const Matrix z(2, {1, 0, 0, -1});
  const Matrix zx = kron(z, x);
  const Matrix expected(4, {0, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0, -1, 0, 0, -1, 0});
  CHECK(zx.entries() == expected.entries());
}

TEST_CASE("Marginals and expectations", "[conformance][reference]") {
  // (|010> + |111>) / sqrt(2): position 1 is always 1; positions 0 and 2 agree.
  std::vector<Complex> s(8);
  s[0b010] = s[0b111] = std::sqrt(0.5);
  const std::vector<double> p = qrt::reference::probabilities(s);
  const std::vector<std::size_t> middle{1}, ends_reversed{2, 0};
  CHECK_THAT(qrt::reference::marginal(p, 3, middle), Catch::Matchers::Approx(std::vector<double>{0.0, 1.0}));
  CHECK_THAT(qrt::reference::marginal(p, 3, ends_reversed),
             Catch::Matchers::Approx(std::vector<double>{0.5, 0.0, 0.0, 0.5}));
  const Matrix z(2, {1, 0, 0, -1});
  CHECK(qrt::reference::expectation(s, 3, z, middle).real() == Approx(-1.0));
  const std::vector<std::size_t> first{0};
  CHECK(qrt::reference::expectation(s, 3, z, first).real() == Approx(0.0).margin(1e-15));
  CHECK(qrt::reference::expectation(s, 3, x, first).real() == Approx(0.0).margin(1e-15));
}

TEST_CASE("max_difference treats NaN and size mismatches as the largest difference", "[conformance][reference]") {
  const std::vector<double> a{0.0, 1.0}, nan{0.0, std::nan("")}, longer{0.0, 1.0, 0.0};
  CHECK(qrt::reference::max_difference<double>(a, a) == 0.0);
  CHECK(qrt::reference::max_difference<double>(a, nan) == HUGE_VAL);
  CHECK(qrt::reference::max_difference<double>(a, longer) == HUGE_VAL);
  CHECK_THROWS_AS(Matrix(2, {1, 0, 0}), std::invalid_argument);
}
