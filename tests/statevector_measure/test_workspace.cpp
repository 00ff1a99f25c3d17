// A reused MeasurementWorkspace gives the same results as per-call allocation, across calls of
// different sizes, and reports and releases its memory.
#include "measure/measurement_workspace.hpp"
#include "measure/sampling.hpp"
#include "observables/expectation.hpp"
#include "observables/sampled_estimates.hpp"
#include "reference.hpp"

using namespace qrt::sv;
using Qubits = std::vector<std::size_t>;

TEST_CASE("sampling with a reused workspace matches sampling without one", "[workspace][sample]") {
  MeasurementWorkspace workspace;
  for (std::size_t n : {3u, 6u, 4u}) {  // grow, then reuse a larger buffer for a smaller request
    const auto state = reference::random_state(n, 40 + n);
    Qubits qubits;
    for (std::size_t q = n; q-- > 0;) qubits.push_back(q);
    std::mt19937_64 a(n), b(n);
    const auto fresh = sample_outcomes(state.data(), n, qubits, 3000, a, 1);
    const auto reused = sample_outcomes(state.data(), n, qubits, 3000, b, 1, &workspace);
    CHECK(fresh == reused);
    std::mt19937_64 c(n), d(n);
    CHECK(counts(state.data(), n, qubits, 500, c, 1) == counts(state.data(), n, qubits, 500, d, 1, &workspace));
  }
  CHECK(workspace.capacity_bytes() >= (std::size_t{1} << 6) * sizeof(double) + 3000 * sizeof(std::uint64_t));
  workspace.release();
  CHECK(workspace.capacity_bytes() == 0);
}

TEST_CASE("observables with a reused workspace match those without one", "[workspace][expval]") {
  MeasurementWorkspace workspace;
  const std::size_t n = 11;
  const auto psi = reference::random_state(n, 3);
  Term wide{0.5, {}};
  for (std::size_t q = 0; q < n; ++q) wide.factors.push_back(hadamard(q));  // scratch-copy strategy
  Observable sum = single_term(wide);
  sum.terms.push_back({1.5, {pauli_x(2), pauli_z(9)}});
  CHECK(expval(psi.data(), n, sum, 1, &workspace) == expval(psi.data(), n, sum, 1));
  CHECK(var(psi.data(), n, sum, 1, &workspace) == var(psi.data(), n, sum, 1));
  CHECK(workspace.capacity_bytes() >= 2 * (std::size_t{1} << n) * sizeof(std::complex<double>));

  const Observable commuting = single_term({1.0, {pauli_x(0), pauli_y(5)}});
  std::mt19937_64 a(1), b(1);
  CHECK(expval_sampled(psi.data(), n, commuting, 2000, a, 1, &workspace) ==
        expval_sampled(psi.data(), n, commuting, 2000, b, 1));
  std::mt19937_64 c(2), d(2);
  CHECK(var_sampled(psi.data(), n, commuting, 2000, c, 1, &workspace) ==
        var_sampled(psi.data(), n, commuting, 2000, d, 1));
}
