// Computational-basis probabilities of a state vector.
//
// Contract (shared with the device class):
//   * `state` holds 2^num_qubits amplitudes; qubit k is bit k of the amplitude index.
//   * For a qubit list [q0, q1, ..., q(k-1)], q0 is the MOST significant bit of the output index
//     (PennyLane's ordering): out[o] = sum of |state[i]|^2 over all i whose bit q_j equals bit
//     (k-1-j) of o. Qubits not listed are traced out. An empty list yields one entry, the squared norm.
//   * `threads` >= 1; OpenMP is used only for states of at least 2^14 amplitudes.
//   * Results are bit-identical for every thread count.
// Errors (qrt::sv::Error): OutOfRange for a qubit >= num_qubits, InvalidArgument for a qubit listed
// twice, an `out` whose size is not 2^k, a null state or threads < 1.
#pragma once

#include <array>
#include <complex>
#include <cstddef>
#include <span>
#include <vector>

namespace qrt::sv {

// One pass over the state: the state is read tile by tile, each tile covering the lowest amplitude
// bits and the lowest output bits, so reads and writes both stay cache-line friendly whatever the
// qubit order; no copy of the state is made.
// T = double (complex128 state) or float (complex64); probabilities are always summed in double.
template <class T>
void probs(const std::complex<T>* state, std::size_t num_qubits, std::span<const std::size_t> qubits,
           std::span<double> out, int threads);

// Convenience overload returning a new vector of 2^qubits.size() entries.
template <class T>
std::vector<double> probs(const std::complex<T>* state, std::size_t num_qubits, std::span<const std::size_t> qubits,
                          int threads);

// {P(qubit = 0), P(qubit = 1)} in one pass (not renormalised: they sum to the squared norm).
template <class T>
std::array<double, 2> qubit_probabilities(const std::complex<T>* state, std::size_t num_qubits, std::size_t qubit,
                                          int threads);

}  // namespace qrt::sv
