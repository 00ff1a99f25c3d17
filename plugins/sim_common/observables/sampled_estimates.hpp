// Shot-based estimates of expectation values and variances (PennyLane's finite-shot semantics): the
// state is measured in the observable's eigenbasis and every shot contributes the eigenvalue of
// its outcome; expval is the sample mean, var the sample variance (ddof = 0).
//
// Terms whose factors agree on every shared qubit (qubit-wise commuting: same Pauli, Hadamard, or
// identical Hermitian factor) are measured together from one set of shots. Otherwise expval
// measures each term separately with `shots` shots and adds the estimates, and var is rejected
// (Unsupported): a variance cannot be assembled from separately sampled terms.
//
// The eigenbasis rotation is applied to a scratch copy of the state; factors already diagonal
// (PauliZ, Identity) are sampled from the state itself without a copy. Results depend only on the
// generator state, not on the thread count. `workspace` (optional) holds the rotated copy and the
// sampling buffers between calls.
// Errors (qrt::sv::Error): the observable's validation errors, InvalidArgument for shots == 0, plus
// Unsupported as above.
#pragma once

#include "measure/measurement_workspace.hpp"
#include "observables/observable.hpp"

#include <complex>
#include <cstddef>
#include <cstdint>
#include <random>

namespace qrt::sv {

// T = double or float (the state's scalar type).
template <class T>
double expval_sampled(const std::complex<T>* state, std::size_t num_qubits, const Observable& observable,
                      std::uint64_t shots, std::mt19937_64& rng, int threads,
                      MeasurementWorkspace* workspace = nullptr);

template <class T>
double var_sampled(const std::complex<T>* state, std::size_t num_qubits, const Observable& observable,
                   std::uint64_t shots, std::mt19937_64& rng, int threads,
                   MeasurementWorkspace* workspace = nullptr);

}  // namespace qrt::sv
