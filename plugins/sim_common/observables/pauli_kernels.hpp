// One-pass kernels for Pauli words, P|i> = i^y_count * (-1)^parity(i & sign) |i ^ flip>: no copy of
// the state, no per-amplitude popcount (signs come from a table over the low index bits and one
// parity per block of 2^10 amplitudes).
#pragma once

#include "observables/compiled_term.hpp"

#include <complex>
#include <cstddef>

namespace qrt::sv {

// <bra| P |ket> over a num_qubits-qubit register, phase i^y_count included.
// T = double or float (the state's scalar type); sums are formed in double.
template <class T>
std::complex<double> pauli_inner(const std::complex<T>* bra, const std::complex<T>* ket, std::size_t num_qubits,
                                 const PauliMasks& word, int threads);

// acc += scale * P |ket>. `acc` must not alias `ket`.
template <class T>
void pauli_accumulate(const std::complex<T>* ket, std::size_t num_qubits, const PauliMasks& word,
                      std::complex<double> scale, std::complex<T>* acc, int threads);

// i^power
std::complex<double> i_power(unsigned power);

}  // namespace qrt::sv
