// Mid-circuit measurement of one qubit: outcome, collapse and renormalisation.
//
// Contract (shared with the device class): `state` holds 2^num_qubits amplitudes, qubit k = bit k of
// the index; `threads` >= 1 (OpenMP only for states of at least 2^14 amplitudes). Outcomes do not
// depend on the thread count for a given generator state.
// Errors (qrt::sv::Error): OutOfRange for qubit >= num_qubits; InvalidArgument for a postselect value
// other than 0 or 1 or a state of zero norm; FailedPrecondition when postselecting an outcome whose
// probability is below kMinPostselectProbability.
#pragma once

#include <complex>
#include <cstddef>
#include <optional>
#include <random>

namespace qrt::sv {

// Postselecting an outcome less likely than this (relative to the squared norm) is an error: the
// renormalisation would divide by (nearly) zero and amplify rounding noise into a state.
inline constexpr double kMinPostselectProbability = 1e-12;

// Measures `qubit` in the computational basis, collapses the state onto the outcome and
// renormalises it to unit norm. Without postselection, one uniform draw from `rng` picks the outcome
// with the Born probabilities; with postselection the outcome is forced and `rng` is not used.
// Returns the outcome, 0 or 1.
// T = double or float.
template <class T>
int measure(std::complex<T>* state, std::size_t num_qubits, std::size_t qubit, std::mt19937_64& rng,
            std::optional<int> postselect, int threads);

// Measures `qubit` (one draw from `rng`), then puts it in |0>: the collapsed state with the qubit
// flipped when the outcome was 1. Done as one projection pass after the probability pass.
// Returns the measured outcome.
template <class T>
int reset_qubit(std::complex<T>* state, std::size_t num_qubits, std::size_t qubit, std::mt19937_64& rng, int threads);

}  // namespace qrt::sv
