// Mid-circuit measurement: collapse, renormalisation, postselection, reset, outcome statistics.
#include "measure/collapse.hpp"
#include "reference.hpp"

#include <cmath>
#include <numbers>

using qrt::sv::ErrorKind;
using reference::is_error;

namespace {

void require_state(const reference::State& actual, const reference::State& expected, double tolerance = 1e-12) {
  REQUIRE(actual.size() == expected.size());
  for (std::size_t i = 0; i < actual.size(); ++i) {
    INFO("amplitude " << i << ": " << actual[i] << " vs " << expected[i]);
    REQUIRE(std::abs(actual[i] - expected[i]) < tolerance);
  }
}

}  // namespace

TEST_CASE("measuring one qubit of a Bell state collapses both", "[measure]") {
  std::mt19937_64 rng(5);
  for (int repeat = 0; repeat < 20; ++repeat) {
    auto state = reference::ghz_state(2);
    const int outcome = qrt::sv::measure(state.data(), 2, 0, rng, std::nullopt, 1);
    REQUIRE((outcome == 0 || outcome == 1));
    require_state(state, reference::basis_state(2, outcome == 0 ? 0b00 : 0b11));
  }
}

TEST_CASE("measurement projects and renormalises", "[measure]") {
  // qubit 0: cos(a)|0> + sin(a)|1>, qubit 1: cos(b)|0> + i sin(b)|1>.
  const double a = 0.7, b = 1.2;
  const auto state = reference::product_state({2 * a, 2 * b}, {0.0, std::numbers::pi / 2});
  std::mt19937_64 rng(1);
  auto collapsed = state;
  REQUIRE(qrt::sv::measure(collapsed.data(), 2, 1, rng, 1, 1) == 1);
  // Qubit 1 now |1> with its phase i; qubit 0 untouched.
  require_state(collapsed, {0.0, 0.0, std::complex<double>(0, std::cos(a)), std::complex<double>(0, std::sin(a))});

  collapsed = state;
  REQUIRE(qrt::sv::measure(collapsed.data(), 2, 0, rng, 0, 1) == 0);
  require_state(collapsed, {std::cos(b), 0.0, std::complex<double>(0, std::sin(b)), 0.0});
}

TEST_CASE("measurement outcomes follow the Born rule", "[measure]") {
  const double theta = 1.0;  // P(1) = sin^2(0.5)
  const auto state = reference::product_state({0.3, theta});
  const double p1 = std::pow(std::sin(theta / 2), 2);
  std::mt19937_64 rng(99);
  const int trials = 20000;
  int ones = 0;
  for (int t = 0; t < trials; ++t) {
    auto copy = state;
    ones += qrt::sv::measure(copy.data(), 2, 1, rng, std::nullopt, 1);
  }
  const double sigma = std::sqrt(p1 * (1 - p1) / trials);
  CHECK(std::abs(ones / double(trials) - p1) < 5 * sigma);
}

TEST_CASE("measuring a qubit in a definite state always gives that state", "[measure]") {
  std::mt19937_64 rng(3);
  for (int repeat = 0; repeat < 100; ++repeat) {
    auto state = reference::basis_state(3, 0b101);
    CHECK(qrt::sv::measure(state.data(), 3, 0, rng, std::nullopt, 1) == 1);
    CHECK(qrt::sv::measure(state.data(), 3, 1, rng, std::nullopt, 1) == 0);
    require_state(state, reference::basis_state(3, 0b101));
  }
}

TEST_CASE("postselecting an impossible outcome is a failed precondition", "[measure][errors]") {
  std::mt19937_64 rng(3);
  auto state = reference::basis_state(2, 0b01);
  const auto before = state;
  REQUIRE_THROWS_MATCHES(qrt::sv::measure(state.data(), 2, 1, rng, 1, 1), qrt::sv::Error,
                         is_error(ErrorKind::FailedPrecondition, {"measure", "postselect", "outcome 1", "qubit 1"}));
  require_state(state, before);  // untouched
  REQUIRE_THROWS_MATCHES(qrt::sv::measure(state.data(), 2, 0, rng, 2, 1), qrt::sv::Error,
                         is_error(ErrorKind::InvalidArgument, {"postselect must be 0 or 1"}));
  REQUIRE_THROWS_MATCHES(qrt::sv::measure(state.data(), 2, 2, rng, std::nullopt, 1), qrt::sv::Error,
                         is_error(ErrorKind::OutOfRange, {"measure", "qubit 2"}));
  reference::State zero(4, 0.0);
  REQUIRE_THROWS_MATCHES(qrt::sv::measure(zero.data(), 2, 0, rng, std::nullopt, 1), qrt::sv::Error,
                         is_error(ErrorKind::InvalidArgument, {"norm"}));
}

TEST_CASE("reset_qubit leaves the qubit in |0> and the rest collapsed accordingly", "[measure][reset]") {
  std::mt19937_64 rng(11);
  // Product state: resetting qubit 1 only replaces its factor by |0>.
  const auto product = reference::product_state({0.8, 2.1});
  for (int repeat = 0; repeat < 10; ++repeat) {
    auto state = product;
    qrt::sv::reset_qubit(state.data(), 2, 1, rng, 1);
    require_state(state, reference::product_state({0.8, 0.0}));
  }
  // Bell state: qubit 0 ends in |0>, qubit 1 holds the measured outcome.
  for (int repeat = 0; repeat < 10; ++repeat) {
    auto state = reference::ghz_state(2);
    const int outcome = qrt::sv::reset_qubit(state.data(), 2, 0, rng, 1);
    require_state(state, reference::basis_state(2, outcome == 1 ? 0b10 : 0b00));
  }
}

TEST_CASE("measurement on a large state does not depend on the thread count", "[measure][threads]") {
  const std::size_t n = 15;
  const auto state = reference::random_state(n, 8);
  for (std::size_t qubit : {0u, 7u, 14u}) {
    auto one = state, two = state;
    std::mt19937_64 rng_one(21), rng_two(21);
    const int a = qrt::sv::measure(one.data(), n, qubit, rng_one, std::nullopt, 1);
    const int b = qrt::sv::measure(two.data(), n, qubit, rng_two, std::nullopt, 2);
    REQUIRE(a == b);
    REQUIRE(one == two);
    double norm = 0.0;
    for (const auto& x : one) norm += std::norm(x);
    CHECK(norm == Approx(1.0).epsilon(1e-12));
  }
}
