// In-place application of a dense matrix to some qubits of a state vector. Used where a term cannot
// be evaluated on the fly (a scratch copy is rotated or transformed), and to rotate a copy of the
// state into an observable's eigenbasis before sampling.
#pragma once

#include <complex>
#include <cstddef>
#include <span>
#include <type_traits>

namespace qrt::sv {

// state <- (matrix on `qubits`) state, where matrix is row-major 2^m x 2^m with qubits[0] the most
// significant bit of its index. Arguments are trusted (validated by the callers).
// T = double or float (the state's scalar type); the matrix products are formed in double.
template <class T>
void apply_local_matrix(std::complex<T>* state, std::size_t num_qubits, std::span<const std::size_t> qubits,
                        std::span<const std::complex<double>> matrix, int threads);

// Copies the 2^num_qubits amplitudes into `copy` (same size), in parallel for large states.
template <class T>
void copy_state(const std::complex<T>* state, std::size_t num_qubits,
                std::type_identity_t<std::span<std::complex<T>>> copy, int threads);

}  // namespace qrt::sv
