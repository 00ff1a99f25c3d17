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

// Terms measured together: the distinct factor eigenbases (on disjoint qubits) and, per term, its
// coefficient and the bases whose eigenvalues it multiplies.
struct MeasurementGroup {
  struct TermPlan {
    double coefficient;
    std::vector<std::size_t> bases;
  };
  std::vector<const Factor*> factors;  // one representative per basis
  std::vector<TermPlan> terms;
};

// Groups terms [first, last) of `observable`; nullopt when two factors on a common qubit differ.
std::optional<MeasurementGroup> group_terms(const Observable& observable, std::size_t first, std::size_t last,
                                            std::size_t num_qubits) {
  MeasurementGroup group;
  std::vector<bool> owned(num_qubits, false);
  for (std::size_t t = first; t < last; ++t) {
    const Term& term = observable.terms[t];
    MeasurementGroup::TermPlan plan{term.coefficient, {}};
    for (const Factor& factor : term.factors) {
      if (factor.kind == FactorKind::Identity) continue;
      std::size_t basis = 0;
      while (basis < group.factors.size() && !same_measurement(*group.factors[basis], factor)) ++basis;
      if (basis == group.factors.size()) {
        for (std::size_t q : factor.qubits) {
          if (owned[q]) return std::nullopt;
          owned[q] = true;
        }
        group.factors.push_back(&factor);
      }
      plan.bases.push_back(basis);
    }
    group.terms.push_back(std::move(plan));
  }
  return group;
}

// The group's eigenvalue for each of `shots` shots.
template <class T>
std::vector<double> sample_group(const std::complex<T>* state, std::size_t num_qubits, const MeasurementGroup& group,
                                 std::uint64_t shots, std::mt19937_64& rng, int threads,
                                 MeasurementWorkspace& workspace) {
  std::vector<FactorEigenbasis> bases;
  std::vector<std::size_t> measured;
  for (const Factor* factor : group.factors) {
    bases.push_back(eigenbasis_of(*factor));
    measured.insert(measured.end(), bases.back().qubits.begin(), bases.back().qubits.end());
  }
  std::complex<T>* rotated = nullptr;  // a copy of the state in the eigenbasis, made only if some factor needs it
  for (const FactorEigenbasis& basis : bases) {
    if (basis.rotation.empty()) continue;
    if (rotated == nullptr) {
      const std::span<std::complex<T>> copy = workspace.state_copy_as<T>(std::size_t{1} << num_qubits);
      copy_state(state, num_qubits, copy, threads);
      rotated = copy.data();
    }
    apply_local_matrix(rotated, num_qubits, basis.qubits, basis.rotation, threads);
  }
  const std::span<const std::uint64_t> outcomes =
      draw_outcomes(rotated ? static_cast<const std::complex<T>*>(rotated) : state, num_qubits, measured, shots, rng, threads, workspace);

  // Outcome bits of basis b: the shift below its last measured qubit, and its width.
  std::vector<std::size_t> shift(bases.size());
  for (std::size_t b = 0, start = 0; b < bases.size(); start += bases[b].qubits.size(), ++b) {
    shift[b] = measured.size() - start - bases[b].qubits.size();
  }
  std::vector<double> values(shots);
  std::vector<double> eigenvalue(bases.size());
  for (std::uint64_t shot = 0; shot < shots; ++shot) {
    for (std::size_t b = 0; b < bases.size(); ++b) {
      const std::uint64_t index = (outcomes[shot] >> shift[b]) & bits::low_mask(bases[b].qubits.size());
      eigenvalue[b] = bases[b].eigenvalues[index];
    }
    double value = 0.0;
    for (const MeasurementGroup::TermPlan& term : group.terms) {
      double product = term.coefficient;
      for (std::size_t b : term.bases) product *= eigenvalue[b];
      value += product;
    }
    values[shot] = value;
  }
  return values;
}

double mean(const std::vector<double>& values) {
  double sum = 0.0;
  for (double v : values) sum += v;
  return sum / static_cast<double>(values.size());
}

double variance(const std::vector<double>& values) {
  const double m = mean(values);
  double sum = 0.0;
  for (double v : values) sum += (v - m) * (v - m);
  return sum / static_cast<double>(values.size());
}

void check_arguments(const void* state, std::size_t num_qubits, const Observable& observable, std::uint64_t shots,
                     int threads, const char* operation) {
  check_state(state, num_qubits, operation);
  check_threads(threads, operation);
  if (shots == 0) fail(ErrorKind::InvalidArgument, std::string(operation) + ": shots must be at least 1");
  compile_observable(observable, num_qubits);  // validation only
}

}  // namespace

template <class T>
double expval_sampled(const std::complex<T>* state, std::size_t num_qubits, const Observable& observable, std::uint64_t shots,
                      std::mt19937_64& rng, int threads, MeasurementWorkspace* workspace) {
  check_arguments(state, num_qubits, observable, shots, threads, "expval_sampled");
  MeasurementWorkspace local;
  MeasurementWorkspace& scratch = workspace ? *workspace : local;
  const std::size_t count = observable.terms.size();
  if (auto group = group_terms(observable, 0, count, num_qubits)) {
    return mean(sample_group(state, num_qubits, *group, shots, rng, threads, scratch));
  }
  double total = 0.0;
  for (std::size_t t = 0; t < count; ++t) {
    const auto single = group_terms(observable, t, t + 1, num_qubits);  // one term always groups
    total += mean(sample_group(state, num_qubits, *single, shots, rng, threads, scratch));
  }
  return total;
}

template <class T>
double var_sampled(const std::complex<T>* state, std::size_t num_qubits, const Observable& observable, std::uint64_t shots,
                   std::mt19937_64& rng, int threads, MeasurementWorkspace* workspace) {
  check_arguments(state, num_qubits, observable, shots, threads, "var_sampled");
  const auto group = group_terms(observable, 0, observable.terms.size(), num_qubits);
  if (!group) {
    fail(ErrorKind::Unsupported,
         "var_sampled: the terms of the observable do not share an eigenbasis (two factors on a common qubit "
         "differ), so its variance cannot be estimated from samples");
  }
  MeasurementWorkspace local;
  return variance(sample_group(state, num_qubits, *group, shots, rng, threads, workspace ? *workspace : local));
}


#define QRT_SV_INSTANTIATE(T)                                                                                    \
  template double expval_sampled<T>(const std::complex<T>*, std::size_t, const Observable&, std::uint64_t,      \
                                    std::mt19937_64&, int, MeasurementWorkspace*);                              \
  template double var_sampled<T>(const std::complex<T>*, std::size_t, const Observable&, std::uint64_t,         \
                                 std::mt19937_64&, int, MeasurementWorkspace*);
QRT_SV_INSTANTIATE(double)
QRT_SV_INSTANTIATE(float)
#undef QRT_SV_INSTANTIATE

}  // namespace qrt::sv
