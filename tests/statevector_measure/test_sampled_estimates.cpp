// Shot-based expval / var: exact cases, statistical agreement with the exact values, grouping of
// commuting terms, the non-commuting variance error, reproducibility.
#include "observables/expectation.hpp"
#include "observables/sampled_estimates.hpp"
#include "reference.hpp"

using namespace qrt::sv;
using Qubits = std::vector<std::size_t>;

namespace {

// The estimate of an expval from `shots` shots must lie within 5 standard errors of the exact value.
void check_estimates(const reference::State& psi, std::size_t n, const Observable& observable, std::uint64_t shots,
                     std::mt19937_64& rng, bool with_variance = true) {
  const reference::Matrix m = reference::dense(observable, n);
  const double exact_mean = reference::expectation(m, psi);
  const double exact_var = reference::variance(m, psi);
  const double standard_error = std::sqrt(exact_var / static_cast<double>(shots));
  const double estimate = expval_sampled(psi.data(), n, observable, shots, rng, 1);
  CHECK(std::abs(estimate - exact_mean) <= 5 * standard_error + 1e-12);
  if (with_variance) {
    // Loose bound: the sample variance of a bounded variable concentrates at O(range^2 / sqrt(shots)).
    double range = 0.0;
    for (const auto& term : observable.terms) range += std::abs(term.coefficient);
    const double sampled_var = var_sampled(psi.data(), n, observable, shots, rng, 1);
    CHECK(std::abs(sampled_var - exact_var) <= 5 * range * range / std::sqrt(static_cast<double>(shots)) + 1e-12);
  }
}

}  // namespace

TEST_CASE("eigenstates give exact sampled values", "[sampled]") {
  std::mt19937_64 rng(1);
  const auto zero = reference::basis_state(2, 0);
  CHECK(expval_sampled(zero.data(), 2, single_term({1.0, {pauli_z(0)}}), 100, rng, 1) == 1.0);
  CHECK(var_sampled(zero.data(), 2, single_term({1.0, {pauli_z(1)}}), 100, rng, 1) == 0.0);
  // |+>|->: X eigenstates, exercising the basis rotation.
  const auto plus_minus =
      reference::product_state({std::numbers::pi / 2, std::numbers::pi / 2}, {0.0, std::numbers::pi});
  CHECK(expval_sampled(plus_minus.data(), 2, single_term({2.0, {pauli_x(0), pauli_x(1)}}), 100, rng, 1) ==
        Approx(-2.0));
  CHECK(var_sampled(plus_minus.data(), 2, single_term({2.0, {pauli_x(0), pauli_x(1)}}), 100, rng, 1) ==
        Approx(0.0).margin(1e-12));
  // Y eigenstate (|0> + i|1>)/sqrt(2) and the Hadamard eigenstate cos(pi/8)|0> + sin(pi/8)|1>.
  const auto y_plus = reference::product_state({std::numbers::pi / 2}, {std::numbers::pi / 2});
  CHECK(expval_sampled(y_plus.data(), 1, single_term({1.0, {pauli_y(0)}}), 100, rng, 1) == Approx(1.0));
  const auto h_plus = reference::product_state({std::numbers::pi / 4});
  CHECK(expval_sampled(h_plus.data(), 1, single_term({1.0, {hadamard(0)}}), 100, rng, 1) == Approx(1.0));
}

TEST_CASE("sampled estimates agree with exact values within their error", "[sampled][statistics]") {
  std::mt19937_64 rng(2024);
  const std::size_t n = 4;
  const auto psi = reference::random_state(n, 9);
  const std::uint64_t shots = 200000;
  check_estimates(psi, n, single_term({1.0, {pauli_z(0)}}), shots, rng);
  check_estimates(psi, n, single_term(pauli_word("XYZ", Qubits{3, 1, 0}, -0.5)), shots, rng);
  check_estimates(psi, n, single_term({1.5, {hadamard(2), pauli_y(0)}}), shots, rng);
  std::mt19937_64 matrices(4);
  check_estimates(psi, n, single_term({1.0, {hermitian({2, 0}, reference::random_hermitian(2, matrices))}}), shots,
                  rng);
  check_estimates(psi, n, single_term({0.8, {hermitian({1}, reference::random_hermitian(1, matrices)), pauli_x(3)}}),
                  shots, rng);
}

TEST_CASE("qubit-wise commuting terms are measured together", "[sampled][grouping]") {
  std::mt19937_64 rng(7);
  const std::size_t n = 3;
  const auto psi = reference::random_state(n, 21);
  Observable observable;
  observable.terms.push_back({1.0, {pauli_z(0)}});
  observable.terms.push_back({-0.7, {pauli_z(0), pauli_x(2)}});
  observable.terms.push_back({0.4, {pauli_x(2), hadamard(1)}});
  observable.terms.push_back({0.3, {}});
  check_estimates(psi, n, observable, 200000, rng);
}

TEST_CASE("non-commuting sums: expval term by term, var unsupported", "[sampled][grouping]") {
  std::mt19937_64 rng(8);
  const std::size_t n = 2;
  const auto psi = reference::random_state(n, 22);
  Observable observable;
  observable.terms.push_back({1.0, {pauli_x(0)}});
  observable.terms.push_back({0.5, {pauli_z(0), pauli_y(1)}});
  // Each term is estimated from its own shots: the error is the sum of the per-term errors.
  const std::uint64_t shots = 200000;
  double bound = 0.0;
  for (const auto& term : observable.terms) {
    bound += 5 * std::sqrt(reference::variance(reference::dense(Observable{{term}}, n), psi) / double(shots));
  }
  const double exact = reference::expectation(reference::dense(observable, n), psi);
  CHECK(std::abs(expval_sampled(psi.data(), n, observable, shots, rng, 1) - exact) <= bound);
  REQUIRE_THROWS_MATCHES(var_sampled(psi.data(), n, observable, shots, rng, 1), Error,
                         reference::is_error(ErrorKind::Unsupported, {"var_sampled", "eigenbasis"}));
}

TEST_CASE("sampled estimates are reproducible and thread-count independent", "[sampled][threads]") {
  const std::size_t n = 15;
  const auto psi = reference::random_state(n, 3);
  const Observable observable = single_term({1.0, {pauli_x(14), pauli_y(3), pauli_z(0)}});
  std::mt19937_64 a(10), b(10), c(11);
  const double first = expval_sampled(psi.data(), n, observable, 50000, a, 1);
  CHECK(expval_sampled(psi.data(), n, observable, 50000, b, 2) == first);
  CHECK(expval_sampled(psi.data(), n, observable, 50000, c, 2) != first);
}

TEST_CASE("sampled estimates reject bad arguments", "[sampled][errors]") {
  std::mt19937_64 rng(1);
  const auto psi = reference::random_state(2, 1);
  REQUIRE_THROWS_MATCHES(expval_sampled(psi.data(), 2, single_term({1.0, {pauli_z(0)}}), 0, rng, 1), Error,
                         reference::is_error(ErrorKind::InvalidArgument, {"shots"}));
  REQUIRE_THROWS_MATCHES(var_sampled(psi.data(), 2, single_term({1.0, {pauli_z(4)}}), 10, rng, 1), Error,
                         reference::is_error(ErrorKind::OutOfRange, {"qubit 4"}));
}
