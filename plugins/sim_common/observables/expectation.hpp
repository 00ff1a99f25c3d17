// Exact expectation values and variances of observables (observable.hpp) on a state vector.
//
// Contract (shared with the device class): `state` holds 2^num_qubits amplitudes, qubit k = bit k of
// the index, and is assumed normalised; `threads` >= 1 (OpenMP only for states of at least 2^14
// amplitudes); results are bit-identical for every thread count.
// `workspace` (optional, see measurement_workspace.hpp) holds the scratch vectors some cases need.
// Errors (qrt::sv::Error): the observable's validation errors (see observable.hpp), OutOfRange for
// qubits >= num_qubits, InvalidArgument for a null state, threads < 1 or a wrongly sized output.
#pragma once

#include "measure/measurement_workspace.hpp"
#include "observables/observable.hpp"

#include <complex>
#include <cstddef>
#include <span>
#include <type_traits>

namespace qrt::sv {

// <psi|O|psi> = sum_t c_t <psi|T_t|psi>, no copy of the state: two or more Pauli words together in one
// walk over the state (grouped by flip mask, pauli_sum_kernels.hpp), every other term in a pass of its
// own (a copy of the state only when a term's Hadamard/Hermitian factors span more than kMaxBlockQubits).
// T = double or float (the state's scalar type); sums always accumulate in double.
template <class T>
double expval(const std::complex<T>* state, std::size_t num_qubits, const Observable& observable, int threads,
              MeasurementWorkspace* workspace = nullptr);

// <psi|O^2|psi> - <psi|O|psi>^2, clamped at 0 against rounding.
// One term c*T: c^2 (<T^2> - <T>^2) with T^2 formed factor-wise, no copy of the state.
// Several terms: phi = O|psi> in one scratch vector, then <O^2> = <phi|phi> and <O> = Re <psi|phi>.
template <class T>
double var(const std::complex<T>* state, std::size_t num_qubits, const Observable& observable, int threads,
           MeasurementWorkspace* workspace = nullptr);

// out = O|state> (Pauli words grouped as for expval); out.size() must be 2^num_qubits and `out` must not alias `state`.
template <class T>
void apply_observable(const std::complex<T>* state, std::size_t num_qubits, const Observable& observable,
                      std::type_identity_t<std::span<std::complex<T>>> out, int threads,
                      MeasurementWorkspace* workspace = nullptr);

}  // namespace qrt::sv
