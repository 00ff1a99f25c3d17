// Every malformed observable is rejected with an error naming the term, the factor and the problem.
#include "observables/expectation.hpp"
#include "observables/sampled_estimates.hpp"
#include "reference.hpp"

#include <limits>

using namespace qrt::sv;
using reference::is_error;
using Qubits = std::vector<std::size_t>;

namespace {

const reference::State kState = reference::random_state(3, 1);

// expval, var and the sampled estimates all validate the same way.
void require_rejected(const Observable& observable, ErrorKind kind, std::vector<std::string> fragments) {
  std::mt19937_64 rng(1);
  REQUIRE_THROWS_MATCHES(expval(kState.data(), 3, observable, 1), Error, is_error(kind, fragments));
  REQUIRE_THROWS_MATCHES(var(kState.data(), 3, observable, 1), Error, is_error(kind, fragments));
  REQUIRE_THROWS_MATCHES(expval_sampled(kState.data(), 3, observable, 10, rng, 1), Error, is_error(kind, fragments));
}

}  // namespace

TEST_CASE("qubit errors name the term and factor", "[observable][errors]") {
  require_rejected(single_term({1.0, {pauli_x(0), pauli_z(3)}}), ErrorKind::OutOfRange,
                   {"term 0, factor 1", "PauliZ", "qubit 3"});
  require_rejected(Observable{{{1.0, {pauli_x(0)}}, {1.0, {hermitian({1, 1}, std::vector<std::complex<double>>(16))}}}},
                   ErrorKind::InvalidArgument, {"term 1, factor 0", "Hermitian", "twice"});
  require_rejected(single_term({1.0, {pauli_x(2), hadamard(2)}}), ErrorKind::InvalidArgument,
                   {"factor 1", "overlaps", "qubit 2"});
  require_rejected(single_term({1.0, {Factor{FactorKind::PauliY, {0, 1}, {}}}}), ErrorKind::InvalidArgument,
                   {"PauliY", "exactly one qubit"});
  require_rejected(single_term({1.0, {Factor{FactorKind::PauliZ, {}, {}}}}), ErrorKind::InvalidArgument,
                   {"PauliZ", "exactly one qubit"});
}

TEST_CASE("Hermitian matrix errors", "[observable][errors][hermitian]") {
  require_rejected(single_term({1.0, {hermitian({0, 1}, std::vector<std::complex<double>>(9))}}),
                   ErrorKind::InvalidArgument, {"Hermitian on qubits [0, 1]", "9 entries", "4x4"});
  const std::vector<std::complex<double>> skewed = {1.0, std::complex<double>(0, 1), std::complex<double>(0, 1), 1.0};
  require_rejected(single_term({1.0, {hermitian({2}, skewed)}}), ErrorKind::InvalidArgument,
                   {"not Hermitian", "entry (0, 1)"});
  const std::vector<std::complex<double>> complex_diagonal = {std::complex<double>(1, 1), 0.0, 0.0, 1.0};
  require_rejected(single_term({1.0, {hermitian({2}, complex_diagonal)}}), ErrorKind::InvalidArgument,
                   {"not Hermitian", "entry (0, 0)"});
  const std::vector<std::complex<double>> not_finite = {1.0, 0.0, 0.0, std::numeric_limits<double>::quiet_NaN()};
  require_rejected(single_term({1.0, {hermitian({2}, not_finite)}}), ErrorKind::InvalidArgument,
                   {"entry (1, 1)", "not finite"});
  require_rejected(single_term({1.0, {hermitian({}, {1.0})}}), ErrorKind::InvalidArgument, {"at least one qubit"});
  require_rejected(single_term({1.0, {Factor{FactorKind::PauliX, {0}, {1.0, 0.0, 0.0, 1.0}}}}),
                   ErrorKind::InvalidArgument, {"only Hermitian factors take a matrix"});
}

TEST_CASE("coefficients, factor kinds and Pauli words", "[observable][errors]") {
  require_rejected(single_term({std::numeric_limits<double>::infinity(), {pauli_x(0)}}), ErrorKind::InvalidArgument,
                   {"term 0", "coefficient", "not finite"});
  require_rejected(single_term({1.0, {Factor{static_cast<FactorKind>(42), {0}, {}}}}), ErrorKind::InvalidArgument,
                   {"unknown factor kind 42"});
  REQUIRE_THROWS_MATCHES(pauli_word("XQ", Qubits{0, 1}), Error,
                         is_error(ErrorKind::InvalidArgument, {"letter 'Q'", "position 1"}));
  REQUIRE_THROWS_MATCHES(pauli_word("XYZ", Qubits{0, 1}), Error,
                         is_error(ErrorKind::InvalidArgument, {"3 letters", "2 qubits"}));
  // An 'I' still claims its qubit, so "XI" on {0, 0} is an overlap.
  require_rejected(single_term(pauli_word("XI", Qubits{0, 0})), ErrorKind::InvalidArgument, {"overlaps"});
}

TEST_CASE("state, thread and output errors", "[observable][errors]") {
  const Observable z0 = single_term({1.0, {pauli_z(0)}});
  const std::complex<double>* no_state = nullptr;  // typed: the functions take either precision
  REQUIRE_THROWS_MATCHES(expval(no_state, 3, z0, 1), Error, is_error(ErrorKind::InvalidArgument, {"expval", "null"}));
  REQUIRE_THROWS_MATCHES(var(kState.data(), 3, z0, 0), Error, is_error(ErrorKind::InvalidArgument, {"var", "thread"}));
  reference::State small(4);
  REQUIRE_THROWS_MATCHES(apply_observable(kState.data(), 3, z0, small, 1), Error,
                         is_error(ErrorKind::InvalidArgument, {"apply_observable", "4 amplitudes", "8"}));
}
