// measurements "probs" and "state": the values of a fresh register, normalisation, and probabilities
// consistent with themselves (marginals, wire order) and with the state.
#include "conformance/measurement_checks.hpp"

#include "conformance/observation.hpp"

#include <cmath>
#include <numeric>

namespace qrt::conformance {
namespace {

void require_distribution(std::span<const double> p, double tolerance, const std::string& what) {
  double sum = 0.0;
  for (std::size_t i = 0; i < p.size(); ++i) {
    if (!(p[i] >= -tolerance)) fail(what + ": probability " + std::to_string(i) + " is " + format_number(p[i]));
    sum += p[i];
  }
  if (!(std::abs(sum - 1.0) <= tolerance)) fail(what + ": the probabilities sum to " + format_number(sum));
}

void require_close(std::span<const double> got, std::span<const double> expected, double tolerance,
                   const std::string& what) {
  if (got.size() != expected.size())
    fail(what + ": " + std::to_string(got.size()) + " values, expected " + std::to_string(expected.size()));
  for (std::size_t i = 0; i < got.size(); ++i)
    if (!(std::abs(got[i] - expected[i]) <= tolerance))
      fail(what + ": value " + std::to_string(i) + " is " + format_number(got[i]) + ", expected " +
           format_number(expected[i]));
}

std::string probs_of_fresh_register(CheckContext& c) {
  auto instance = c.create();
  const std::size_t n = c.fit(2);
  instance->allocate(n);
  std::vector<double> expected(std::size_t{1} << n, 0.0);
  expected[0] = 1.0;
  require_close(instance->probs(), expected, c.options().tolerance, "probs of |0...0>");
  return "probs of a fresh " + std::to_string(n) + "-qubit register is a point mass on |0...0>";
}

std::string probs_consistency(CheckContext& c) {
  auto instance = c.create();
  const std::size_t n = c.fit(3);
  const std::vector<qrt_wire> wires = instance->allocate(n);
  const std::vector<KitOp> prepared = prepare_if_simulating(c, *instance, wires);
  const double tol = c.options().tolerance;

  const std::vector<double> full = instance->probs();
  require_distribution(full, tol, "probs of all wires");
  require_close(instance->probs(wires), full, tol, "probs of every wire listed in allocation order");
  std::vector<std::size_t> positions(n);
  std::iota(positions.rbegin(), positions.rend(), std::size_t{0});  // reversed: the order must be honoured
  std::vector<qrt_wire> reversed;
  reversed.reserve(n);
  for (std::size_t p : positions) reversed.push_back(wires[p]);
  require_close(instance->probs(reversed), marginal(full, n, positions), tol, "probs of the wires in reverse order");
  const std::vector<std::size_t> last{n - 1};
  require_close(instance->probs(std::span<const qrt_wire>(wires).last(1)), marginal(full, n, last), tol,
                "probs of the last wire");

  std::string detail = "normalised, marginals and wire order consistent";
  if (!prepared.empty()) {
    const std::vector<double> reference = c.observation == Observation::State
                                              ? probabilities(instance->state())
                                              : probabilities(apply(zero_state(n), n, prepared));
    require_close(full, reference, tol,
                  c.observation == Observation::State ? "probs against |state|^2" : "probs against the reference");
    detail +=
        c.observation == Observation::State ? ", equal to |amplitude|^2 of the state" : ", equal to the reference";
    detail += " (random " + std::to_string(n) + "-qubit state)";
  } else {
    detail +=
        " (on |0...0>: " +
        (c.why_values_unchecked().empty() ? std::string("no gates to prepare a state") : c.why_values_unchecked()) +
        ")";
  }
  return detail;
}

std::string state_of_fresh_register(CheckContext& c) {
  auto instance = c.create();
  const std::size_t n = c.fit(2);
  instance->allocate(n);
  const std::vector<Complex> state = instance->state();
  const std::vector<Complex> zero = zero_state(n);
  if (state.size() != zero.size())
    fail("state_size is " + std::to_string(state.size()) + " for " + std::to_string(n) + " qubits, expected " +
         std::to_string(zero.size()));
  const double d = max_difference<Complex>(state, zero);
  if (!(d <= c.options().tolerance))
    fail("the state of a fresh register is not |0...0> (largest deviation " + format_number(d) + ")");
  return "a fresh " + std::to_string(n) + "-qubit register has 2^" + std::to_string(n) + " amplitudes and is |0...0>";
}

std::string state_size_and_norm(CheckContext& c) {
  auto instance = c.create();
  const std::size_t n = c.fit(3);
  std::vector<qrt_wire> wires = instance->allocate(n);
  prepare_if_simulating(c, *instance, wires);
  std::vector<Complex> state = instance->state();
  if (state.size() != (std::size_t{1} << n))
    fail(std::to_string(state.size()) + " amplitudes for " + std::to_string(n) + " qubits");
  double norm = 0.0;
  for (const Complex& a : state) norm += std::norm(a);
  if (!(std::abs(norm - 1.0) <= c.options().tolerance)) fail("the state's norm^2 is " + format_number(norm));
  if (n >= 2) {
    instance->release_disentangled(std::span<const qrt_wire>(wires).last(1));
    state = instance->state();
    if (state.size() != (std::size_t{1} << (n - 1)))
      fail("after releasing one of " + std::to_string(n) + " qubits the state has " + std::to_string(state.size()) +
           " amplitudes");
    norm = 0.0;
    for (const Complex& a : state) norm += std::norm(a);
    if (!(std::abs(norm - 1.0) <= c.options().tolerance))
      fail("after a release the state's norm^2 is " + format_number(norm));
  }
  return "2^n amplitudes of norm 1, before and after releasing a qubit";
}

}  // namespace

void check_probs(CheckContext& c) {
  c.run(kMeasurementGroup, "probs of a fresh register", [&] { return probs_of_fresh_register(c); });
  c.run(kMeasurementGroup, "probs consistency", [&] { return probs_consistency(c); });
}

void check_state(CheckContext& c) {
  c.run(kMeasurementGroup, "state of a fresh register", [&] { return state_of_fresh_register(c); });
  c.run(kMeasurementGroup, "state size and norm", [&] { return state_size_and_norm(c); });
}

}  // namespace qrt::conformance
