#include "measure/collapse.hpp"

#include "measure/bits.hpp"
#include "measure/errors.hpp"
#include "measure/parallel.hpp"
#include "measure/probabilities.hpp"
#include "measure/random.hpp"
#include "measure/validation.hpp"

#include <cmath>
#include <string>

namespace qrt::sv {

namespace {

// Where the surviving amplitudes go after projecting onto `outcome`.
enum class Destination { KeepOutcome, MoveToZero };

// For every pair (i0, i1) differing only in `qubit`: the amplitude of the measured outcome, scaled by
// `scale`, is kept in place (KeepOutcome) or moved to i0 (MoveToZero); the other slot becomes 0.
template <class T>
void project(std::complex<T>* state, std::size_t num_qubits, std::size_t qubit, int outcome, double scale,
             Destination destination, int threads) {
  const std::size_t pairs = std::size_t{1} << (num_qubits - 1);
  const bits::Index low = bits::low_mask(qubit);
  const bits::Index flip = bits::bit(qubit);
  const int workers = parallel::workers_for(pairs * 2, threads);
  parallel::for_each_chunk(pairs, parallel::kChunkAmplitudes / 2, workers,
                           [&](std::size_t, std::size_t begin, std::size_t end) {
                             for (std::size_t pair = begin; pair < end; ++pair) {
                               const bits::Index i0 = ((pair & ~low) << 1) | (pair & low);
                               const bits::Index i1 = i0 | flip;
                               const std::complex<T> kept(scale * std::complex<double>(state[outcome == 0 ? i0 : i1]));
                               const bool to_zero = destination == Destination::MoveToZero || outcome == 0;
                               state[to_zero ? i0 : i1] = kept;
                               state[to_zero ? i1 : i0] = T(0);
                             }
                           });
}

struct Outcome {
  int value;
  double probability;  // absolute, i.e. the squared norm of the projected state
};

template <class T>
Outcome draw_outcome(const std::complex<T>* state, std::size_t num_qubits, std::size_t qubit, std::mt19937_64& rng,
                     std::optional<int> postselect, int threads, const char* operation) {
  check_state(state, num_qubits, operation);
  check_qubit(qubit, num_qubits, operation);
  check_threads(threads, operation);
  if (postselect && *postselect != 0 && *postselect != 1) {
    fail(ErrorKind::InvalidArgument,
         std::string(operation) + ": postselect must be 0 or 1, got " + std::to_string(*postselect));
  }
  const auto p = qubit_probabilities(state, num_qubits, qubit, threads);
  const double total = p[0] + p[1];
  if (!(total > 0.0) || !std::isfinite(total)) {
    fail(ErrorKind::InvalidArgument, std::string(operation) + ": the state has norm " + std::to_string(total) +
                                         ", cannot measure qubit " + std::to_string(qubit));
  }
  if (postselect) {
    const int value = *postselect;
    if (p[value] / total < kMinPostselectProbability) {
      fail(ErrorKind::FailedPrecondition,
           std::string(operation) + ": cannot postselect outcome " + std::to_string(value) + " of qubit " +
               std::to_string(qubit) + ": its probability " + std::to_string(p[value] / total) + " is (nearly) zero");
    }
    return {value, p[value]};
  }
  // u < P(0) / total, written without the division so P(1) = 0 can never yield 1.
  const int value = uniform01(rng) * total < p[0] ? 0 : 1;
  return {value, p[value]};
}

}  // namespace

template <class T>
int measure(std::complex<T>* state, std::size_t num_qubits, std::size_t qubit, std::mt19937_64& rng,
            std::optional<int> postselect, int threads) {
  const Outcome outcome = draw_outcome(state, num_qubits, qubit, rng, postselect, threads, "measure");
  project(state, num_qubits, qubit, outcome.value, 1.0 / std::sqrt(outcome.probability), Destination::KeepOutcome,
          threads);
  return outcome.value;
}

template <class T>
int reset_qubit(std::complex<T>* state, std::size_t num_qubits, std::size_t qubit, std::mt19937_64& rng, int threads) {
  const Outcome outcome = draw_outcome(state, num_qubits, qubit, rng, std::nullopt, threads, "reset_qubit");
  project(state, num_qubits, qubit, outcome.value, 1.0 / std::sqrt(outcome.probability), Destination::MoveToZero,
          threads);
  return outcome.value;
}

template int measure<double>(std::complex<double>*, std::size_t, std::size_t, std::mt19937_64&, std::optional<int>,
                             int);
template int measure<float>(std::complex<float>*, std::size_t, std::size_t, std::mt19937_64&, std::optional<int>, int);
template int reset_qubit<double>(std::complex<double>*, std::size_t, std::size_t, std::mt19937_64&, int);
template int reset_qubit<float>(std::complex<float>*, std::size_t, std::size_t, std::mt19937_64&, int);

}  // namespace qrt::sv
