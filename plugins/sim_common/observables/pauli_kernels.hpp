// One-pass kernels for Pauli words, P|i> = i^y_count * (-1)^parity(i & sign) |i ^ flip>: no copy of
// the state, no per-amplitude popcount (signs come from a table over the low index bits and one
// parity per block of 2^10 amplitudes).
#pragma once

#include "observables/compiled_term.hpp"

#include <complex>
#include <cstddef>

namespace qrt::sv {

// <bra| P |ket> over a num_qubits-qubit register, phase i^y_count included.
std::complex<double> pauli_inner(const std::complex<double>* bra, const std::complex<double>* ket,
                                 std::size_t num_qubits, const PauliMasks& word, int threads);

// acc += scale * P |ket>. `acc` must not alias `ket`.
void pauli_accumulate(const std::complex<double>* ket, std::size_t num_qubits, const PauliMasks& word,
                      std::complex<double> scale, std::complex<double>* acc, int threads);

// i^power
std::complex<double> i_power(unsigned power);

}  // namespace qrt::sv
