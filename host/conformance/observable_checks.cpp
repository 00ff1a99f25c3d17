// measurements "expval" and "var": Z on |0> (1 and 0), Z on |1>, and every declared observable on a
// random state against <psi|O|psi> computed by the kit from the device's own state (with `state`) or
// against the probabilities (PauliZ, with `probs` only). Analytic: shots are set to 0 first.
#include "conformance/measurement_checks.hpp"

#include "conformance/observation.hpp"
#include "conformance/random_unitary.hpp"

#include <cmath>

namespace qrt::conformance {
namespace {

enum class Statistic { Expval, Var };

const char* name_of(Statistic s) { return s == Statistic::Expval ? "expval" : "var"; }

std::unique_ptr<NativeInstance> analytic_instance(CheckContext& c) {
  auto instance = c.create();
  if (QRT_HAS_FUNCTION(&c.functions(), qrt_device_functions, set_shots)) instance->set_shots(0);
  else if (QRT_HAS_FUNCTION(&c.functions(), qrt_device_functions, get_shots) && instance->shots() != 0)
    not_applicable("shots are non-zero and the device has no set_shots, so values are estimates");
  return instance;
}

double measure_statistic(NativeInstance& instance, Statistic s, const SimpleObservable& o) {
  return s == Statistic::Expval ? instance.expval(o) : instance.var(o);
}

std::string z_on_basis_states(CheckContext& c, Statistic s) {
  auto instance = analytic_instance(c);
  const std::vector<qrt_wire> wires = instance->allocate(1);
  const SimpleObservable z{QRT_OBSERVABLE_PAULI_Z, {wires[0]}, {}};
  const double expected_zero = s == Statistic::Expval ? 1.0 : 0.0;
  const double got = measure_statistic(*instance, s, z);
  if (!(std::abs(got - expected_zero) <= c.options().tolerance))
    c.value_mismatch(std::string(name_of(s)) + " of PauliZ on |0> is " + format_number(got) + ", expected " +
                     format_number(expected_zero));
  if (!c.simulating()) return std::string(name_of(s)) + " of PauliZ on |0> is " + format_number(expected_zero);
  flip(c, *instance, wires, {0});
  const double expected_one = s == Statistic::Expval ? -1.0 : 0.0;
  const double got_one = measure_statistic(*instance, s, z);
  if (!(std::abs(got_one - expected_one) <= c.options().tolerance))
    fail(std::string(name_of(s)) + " of PauliZ on |1> is " + format_number(got_one) + ", expected " +
         format_number(expected_one));
  return std::string(name_of(s)) + " of PauliZ is " + format_number(expected_zero) + " on |0> and " +
         format_number(expected_one) + " on |1>";
}

// A random Hermitian matrix: U diag(real) U†.
Matrix random_hermitian(std::size_t dim, std::mt19937_64& rng) {
  const Matrix u = random_unitary(dim, rng);
  std::vector<Complex> eigenvalues(dim);
  for (auto& e : eigenvalues) e = std::uniform_real_distribution<double>(-2.0, 2.0)(rng);
  return u * Matrix::diagonal(eigenvalues) * adjoint(u);
}

struct NamedObservable {
  std::string_view name;
  qrt_observable_kind kind;
  std::string_view reference_gate;  // the gate whose matrix is the observable's (Hermitian: none)
};
constexpr NamedObservable kObservables[] = {
    {"Identity", QRT_OBSERVABLE_IDENTITY, "Identity"}, {"PauliX", QRT_OBSERVABLE_PAULI_X, "PauliX"},
    {"PauliY", QRT_OBSERVABLE_PAULI_Y, "PauliY"},      {"PauliZ", QRT_OBSERVABLE_PAULI_Z, "PauliZ"},
    {"Hadamard", QRT_OBSERVABLE_HADAMARD, "Hadamard"}, {"Hermitian", QRT_OBSERVABLE_HERMITIAN, ""},
};

std::string declared_observables(CheckContext& c, Statistic s) {
  if (!c.why_values_unchecked().empty()) not_applicable(c.why_values_unchecked());
  CircuitMaker maker(c);
  if (!maker.can_mix()) not_applicable("no declared gate prepares a superposition");
  auto instance = analytic_instance(c);
  const std::size_t n = c.fit(2);
  const std::vector<qrt_wire> wires = instance->allocate(n);
  const std::vector<KitOp> prepared = maker.random_state(n, c.rng());
  apply(*instance, wires, prepared);
  const std::vector<Complex> psi =
      c.observation == Observation::State ? instance->state() : apply(zero_state(n), n, prepared);

  std::string checked, skipped;
  for (const std::string& name : c.capabilities().observables) {
    const NamedObservable* known = nullptr;
    for (const auto& o : kObservables)
      if (o.name == name) known = &o;
    // With probs only, the kit can judge diagonal observables alone.
    const bool diagonal = known && (known->kind == QRT_OBSERVABLE_PAULI_Z || known->kind == QRT_OBSERVABLE_IDENTITY);
    if (!known || (c.observation != Observation::State && !diagonal)) {
      skipped += (skipped.empty() ? "" : ", ") + name;
      continue;
    }
    SimpleObservable o{known->kind, {wires.back()}, {}};
    std::vector<std::size_t> positions{n - 1};
    Matrix m(2);
    if (known->kind == QRT_OBSERVABLE_HERMITIAN) {
      o.wires = n >= 2 ? std::vector<qrt_wire>{wires[n - 1], wires[0]} : std::vector<qrt_wire>{wires[0]};
      positions = n >= 2 ? std::vector<std::size_t>{n - 1, 0} : std::vector<std::size_t>{0};
      m = random_hermitian(std::size_t{1} << positions.size(), c.rng());
      o.matrix = m.entries();
    } else {
      m = find_reference_gate(known->reference_gate)->matrix({}, 1);
    }
    const double mean = expectation(psi, n, m, positions).real();
    const double expected = s == Statistic::Expval ? mean : expectation(psi, n, m * m, positions).real() - mean * mean;
    const double got = measure_statistic(*instance, s, o);
    if (!(std::abs(got - expected) <= c.options().tolerance))
      fail(std::string(name_of(s)) + " of " + name + " on wires " + format_wires(o.wires) + " is " +
           format_number(got) + ", expected " + format_number(expected) + " from the " + c.report().observed_through);
    checked += (checked.empty() ? "" : ", ") + name;
  }
  if (checked.empty())
    not_applicable("no declared observable the kit can judge through " + c.report().observed_through);
  return std::string(name_of(s)) + " on a random " + std::to_string(n) + "-qubit state matches for " + checked +
         (skipped.empty() ? "" : "; not checked: " + skipped);
}

}  // namespace

void check_expval(CheckContext& c) {
  c.run(kMeasurementGroup, "expval of PauliZ on basis states", [&] { return z_on_basis_states(c, Statistic::Expval); });
  c.run(kMeasurementGroup, "expval of declared observables",
        [&] { return declared_observables(c, Statistic::Expval); });
}

void check_var(CheckContext& c) {
  c.run(kMeasurementGroup, "var of PauliZ on basis states", [&] { return z_on_basis_states(c, Statistic::Var); });
  c.run(kMeasurementGroup, "var of declared observables", [&] { return declared_observables(c, Statistic::Var); });
}

}  // namespace qrt::conformance
