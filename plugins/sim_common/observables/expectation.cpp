#include "observables/expectation.hpp"

#include "measure/errors.hpp"
#include "measure/parallel.hpp"
#include "measure/validation.hpp"
#include "observables/compiled_term.hpp"
#include "observables/pauli_sum_kernels.hpp"
#include "observables/term_evaluation.hpp"

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

namespace qrt::sv {

namespace {

std::vector<CompiledTerm> checked_terms(const void* state, std::size_t num_qubits, const Observable& observable,
                                        int threads, const char* operation) {
  check_state(state, num_qubits, operation);
  check_threads(threads, operation);
  return compile_observable(observable, num_qubits);
}

// How the terms are evaluated: two or more Pauli words together, grouped by flip mask (pauli_sum.hpp),
// in one walk over the state; every other term (dense factors, or a lone word) in a pass of its own.
struct TermPlan {
  std::optional<PauliSum> words;
  std::vector<const CompiledTerm*> others;
};

TermPlan plan_terms(const std::vector<CompiledTerm>& terms, std::size_t num_qubits) {
  std::vector<const CompiledTerm*> words;
  TermPlan plan;
  for (const CompiledTerm& term : terms) (is_pauli_word(term) ? words : plan.others).push_back(&term);
  if (words.size() >= 2) plan.words = group_pauli_words(words, num_qubits);
  else plan.others.insert(plan.others.end(), words.begin(), words.end());
  return plan;
}

// sum_t c_t T_t |state> into `out` (overwritten).
template <class T>
void accumulate_terms(const std::complex<T>* state, std::size_t num_qubits, const std::vector<CompiledTerm>& terms,
                      std::complex<T>* out, int threads, MeasurementWorkspace& workspace) {
  const std::size_t size = std::size_t{1} << num_qubits;
  parallel::for_each_chunk(
      size, parallel::kChunkAmplitudes, parallel::workers_for(size, threads),
      [&](std::size_t, std::size_t begin, std::size_t end) { std::fill(out + begin, out + end, std::complex<T>(0)); });
  const TermPlan plan = plan_terms(terms, num_qubits);
  if (plan.words) pauli_sum_accumulate(state, *plan.words, 1.0, out, threads);
  for (const CompiledTerm* term : plan.others) {
    term_accumulate(state, num_qubits, *term, term->coefficient, out, threads, workspace);
  }
}

template <class T>
double squared_norm(const std::complex<T>* vector, std::size_t num_qubits, int threads) {
  const std::size_t size = std::size_t{1} << num_qubits;
  return parallel::ordered_sum<double>(size, parallel::kChunkAmplitudes, parallel::workers_for(size, threads),
                                       [&](std::size_t begin, std::size_t end) {
                                         double sum = 0.0;
                                         for (std::size_t i = begin; i < end; ++i)
                                           sum += std::norm(std::complex<double>(vector[i]));
                                         return sum;
                                       });
}

MeasurementWorkspace& workspace_or(MeasurementWorkspace* given, MeasurementWorkspace& local) {
  return given ? *given : local;
}

}  // namespace

template <class T>
double expval(const std::complex<T>* state, std::size_t num_qubits, const Observable& observable, int threads,
              MeasurementWorkspace* workspace) {
  const std::vector<CompiledTerm> terms = checked_terms(state, num_qubits, observable, threads, "expval");
  MeasurementWorkspace local;
  MeasurementWorkspace& scratch = workspace_or(workspace, local);
  const TermPlan plan = plan_terms(terms, num_qubits);
  double total = plan.words ? pauli_sum_expectation(state, *plan.words, threads) : 0.0;
  for (const CompiledTerm* term : plan.others) {
    total += term->coefficient * term_inner(state, state, num_qubits, *term, threads, scratch).real();
  }
  return total;
}

template <class T>
double var(const std::complex<T>* state, std::size_t num_qubits, const Observable& observable, int threads,
           MeasurementWorkspace* workspace) {
  const std::vector<CompiledTerm> terms = checked_terms(state, num_qubits, observable, threads, "var");
  if (terms.empty()) return 0.0;
  MeasurementWorkspace local;
  MeasurementWorkspace& scratch = workspace_or(workspace, local);
  double second_moment = 0.0;
  double mean = 0.0;
  if (terms.size() == 1) {
    const CompiledTerm& term = terms.front();
    const CompiledTerm square = squared(term);
    mean = term.coefficient * term_inner(state, state, num_qubits, term, threads, scratch).real();
    second_moment = square.coefficient * term_inner(state, state, num_qubits, square, threads, scratch).real();
  } else {
    std::complex<T>* image = scratch.state_image_as<T>(std::size_t{1} << num_qubits).data();
    accumulate_terms(state, num_qubits, terms, image, threads, scratch);
    second_moment = squared_norm(image, num_qubits, threads);  // <psi|O O|psi>, O Hermitian
    const CompiledTerm identity{};
    mean = term_inner(state, image, num_qubits, identity, threads, scratch).real();
  }
  return std::max(0.0, second_moment - mean * mean);
}

template <class T>
void apply_observable(const std::complex<T>* state, std::size_t num_qubits, const Observable& observable,
                      std::type_identity_t<std::span<std::complex<T>>> out, int threads,
                      MeasurementWorkspace* workspace) {
  const std::vector<CompiledTerm> terms = checked_terms(state, num_qubits, observable, threads, "apply_observable");
  const std::size_t size = std::size_t{1} << num_qubits;
  if (out.size() != size) {
    fail(ErrorKind::InvalidArgument, "apply_observable: output has " + std::to_string(out.size()) +
                                         " amplitudes, expected 2^" + std::to_string(num_qubits) + " = " +
                                         std::to_string(size));
  }
  MeasurementWorkspace local;
  accumulate_terms(state, num_qubits, terms, out.data(), threads, workspace_or(workspace, local));
}

// NOLINTBEGIN(bugprone-macro-parentheses): T is a type (a template argument), which cannot take parentheses
#define QRT_SV_INSTANTIATE(T)                                                                                    \
  template double expval<T>(const std::complex<T>*, std::size_t, const Observable&, int, MeasurementWorkspace*); \
  template double var<T>(const std::complex<T>*, std::size_t, const Observable&, int, MeasurementWorkspace*);    \
  template void apply_observable<T>(const std::complex<T>*, std::size_t, const Observable&,                      \
                                    std::span<std::complex<T>>, int, MeasurementWorkspace*);
QRT_SV_INSTANTIATE(double)
QRT_SV_INSTANTIATE(float)
#undef QRT_SV_INSTANTIATE
// NOLINTEND(bugprone-macro-parentheses)

}  // namespace qrt::sv
