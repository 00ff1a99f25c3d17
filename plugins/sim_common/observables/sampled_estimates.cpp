#include "observables/sampled_estimates.hpp"

#include "measure/bits.hpp"
#include "measure/errors.hpp"
#include "measure/sampling.hpp"
#include "measure/validation.hpp"
#include "observables/compiled_term.hpp"
#include "observables/eigenbasis.hpp"
#include "observables/local_matrix.hpp"

#include <optional>
#include <string>
#include <vector>

namespace qrt::sv {

namespace {

// Hermitian factors count as the same measurement when their matrices agree to this precision.
constexpr double kSameMatrixTolerance = 1e-12;

bool same_measurement(const Factor& a, const Factor& b) {
  if (a.kind != b.kind || a.qubits != b.qubits) return false;
  if (a.kind != FactorKind::Hermitian) return true;
  for (std::size_t i = 0; i < a.matrix.size(); ++i) {
    if (std::abs(a.matrix[i] - b.matrix[i]) > kSameMatrixTolerance) return false;
  }
  return true;
}

// Groups terms [first, last) of `observable` into one measurement; nullopt when two factors on a common
// qubit differ.
std::optional<ShotMeasurement> group_terms(const Observable& observable, std::size_t first, std::size_t last,
                                           std::size_t num_qubits) {
  std::vector<const Factor*> factors;  // one representative per basis
  std::vector<ShotMeasurement::Term> terms;
  std::vector<bool> owned(num_qubits, false);
  for (std::size_t t = first; t < last; ++t) {
    const Term& term = observable.terms[t];
    ShotMeasurement::Term plan{term.coefficient, {}};
    for (const Factor& factor : term.factors) {
      if (factor.kind == FactorKind::Identity) continue;
      std::size_t basis = 0;
      while (basis < factors.size() && !same_measurement(*factors[basis], factor)) ++basis;
      if (basis == factors.size()) {
        for (std::size_t q : factor.qubits) {
          if (owned[q]) return std::nullopt;
          owned[q] = true;
        }
        factors.push_back(&factor);
      }
      plan.bases.push_back(basis);
    }
    terms.push_back(std::move(plan));
  }
  std::vector<FactorEigenbasis> bases;
  bases.reserve(factors.size());
  for (const Factor* factor : factors) bases.push_back(eigenbasis_of(*factor));
  return ShotMeasurement(std::move(bases), std::move(terms));
}

// The measurement's value for each of `shots` shots drawn from `state`.
template <class T>
std::vector<double> sample_values(const std::complex<T>* state, std::size_t num_qubits, const ShotMeasurement& plan,
                                  std::uint64_t shots, std::mt19937_64& rng, int threads,
                                  MeasurementWorkspace& workspace) {
  std::complex<T>* rotated = nullptr;  // a copy of the state in the eigenbasis, made only if some factor needs it
  for (const FactorEigenbasis& basis : plan.bases()) {
    if (basis.rotation.empty()) continue;
    if (rotated == nullptr) {
      const std::span<std::complex<T>> copy = workspace.state_copy_as<T>(std::size_t{1} << num_qubits);
      copy_state(state, num_qubits, copy, threads);
      rotated = copy.data();
    }
    apply_local_matrix(rotated, num_qubits, basis.qubits, basis.rotation, threads);
  }
  const std::span<const std::uint64_t> outcomes =
      draw_outcomes(rotated ? static_cast<const std::complex<T>*>(rotated) : state, num_qubits, plan.measured(), shots,
                    rng, threads, workspace);
  std::vector<double> values(shots);
  for (std::uint64_t shot = 0; shot < shots; ++shot) values[shot] = plan.value_of(outcomes[shot]);
  return values;
}

void check_arguments(const void* state, std::size_t num_qubits, const Observable& observable, std::uint64_t shots,
                     int threads, const char* operation) {
  check_state(state, num_qubits, operation);
  check_threads(threads, operation);
  if (shots == 0) fail(ErrorKind::InvalidArgument, std::string(operation) + ": shots must be at least 1");
  compile_observable(observable, num_qubits);  // validation only
}

}  // namespace

ShotMeasurement::ShotMeasurement(std::vector<FactorEigenbasis> bases, std::vector<Term> terms)
    : bases_(std::move(bases)), terms_(std::move(terms)), shift_(bases_.size()) {
  for (const FactorEigenbasis& basis : bases_)
    measured_.insert(measured_.end(), basis.qubits.begin(), basis.qubits.end());
  for (std::size_t b = 0, start = 0; b < bases_.size(); start += bases_[b].qubits.size(), ++b)
    shift_[b] = measured_.size() - start - bases_[b].qubits.size();
}

double ShotMeasurement::value_of(std::uint64_t outcome) const {
  double value = 0.0;
  for (const Term& term : terms_) {
    double product = term.coefficient;
    for (std::size_t b : term.bases)
      product *= bases_[b].eigenvalues[(outcome >> shift_[b]) & bits::low_mask(bases_[b].qubits.size())];
    value += product;
  }
  return value;
}

std::vector<ShotMeasurement> expval_measurements(const Observable& observable, std::size_t num_qubits) {
  const std::size_t count = observable.terms.size();
  std::vector<ShotMeasurement> plans;
  if (auto together = group_terms(observable, 0, count, num_qubits)) {
    plans.push_back(std::move(*together));
    return plans;
  }
  for (std::size_t t = 0; t < count; ++t)
    plans.push_back(*group_terms(observable, t, t + 1, num_qubits));  // one term always groups
  return plans;
}

ShotMeasurement var_measurement(const Observable& observable, std::size_t num_qubits) {
  auto plan = group_terms(observable, 0, observable.terms.size(), num_qubits);
  if (!plan) {
    fail(ErrorKind::Unsupported,
         "var_sampled: the terms of the observable do not share an eigenbasis (two factors on a common qubit "
         "differ), so its variance cannot be estimated from samples");
  }
  return std::move(*plan);
}

double sample_mean(std::span<const double> values) {
  double sum = 0.0;
  for (double v : values) sum += v;
  return sum / static_cast<double>(values.size());
}

double sample_variance(std::span<const double> values) {
  const double m = sample_mean(values);
  double sum = 0.0;
  for (double v : values) sum += (v - m) * (v - m);
  return sum / static_cast<double>(values.size());
}

template <class T>
double expval_sampled(const std::complex<T>* state, std::size_t num_qubits, const Observable& observable,
                      std::uint64_t shots, std::mt19937_64& rng, int threads, MeasurementWorkspace* workspace) {
  check_arguments(state, num_qubits, observable, shots, threads, "expval_sampled");
  MeasurementWorkspace local;
  MeasurementWorkspace& scratch = workspace ? *workspace : local;
  double total = 0.0;
  for (const ShotMeasurement& plan : expval_measurements(observable, num_qubits))
    total += sample_mean(sample_values(state, num_qubits, plan, shots, rng, threads, scratch));
  return total;
}

template <class T>
double var_sampled(const std::complex<T>* state, std::size_t num_qubits, const Observable& observable,
                   std::uint64_t shots, std::mt19937_64& rng, int threads, MeasurementWorkspace* workspace) {
  check_arguments(state, num_qubits, observable, shots, threads, "var_sampled");
  const ShotMeasurement plan = var_measurement(observable, num_qubits);
  MeasurementWorkspace local;
  return sample_variance(sample_values(state, num_qubits, plan, shots, rng, threads, workspace ? *workspace : local));
}

#define QRT_SV_INSTANTIATE(T)                                                                              \
  template double expval_sampled<T>(const std::complex<T>*, std::size_t, const Observable&, std::uint64_t, \
                                    std::mt19937_64&, int, MeasurementWorkspace*);                         \
  template double var_sampled<T>(const std::complex<T>*, std::size_t, const Observable&, std::uint64_t,    \
                                 std::mt19937_64&, int, MeasurementWorkspace*);
QRT_SV_INSTANTIATE(double)
QRT_SV_INSTANTIATE(float)
#undef QRT_SV_INSTANTIATE

}  // namespace qrt::sv
