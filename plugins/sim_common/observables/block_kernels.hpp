// One-pass kernels for terms with dense factors, T = P ⊗ B1 ⊗ B2 ⊗ ... (see compiled_term.hpp):
// for every assignment of the other qubits, the 2^d amplitudes of the dense block are gathered,
// multiplied by the factors one at a time (never forming their Kronecker product) and combined —
// no copy of the state.
#pragma once

#include "observables/compiled_term.hpp"

#include <complex>
#include <cstddef>

namespace qrt::sv {

// Blocks up to this many qubits are processed on the fly (per-thread buffers of 2^d amplitudes).
inline constexpr std::size_t kMaxBlockQubits = 10;

// <bra| P ⊗ B |ket>, coefficient not applied. Requires term.dense_qubit_count() <= kMaxBlockQubits.
// T = double or float (the state's scalar type); blocks are transformed and summed in double.
template <class T>
std::complex<double> block_inner(const std::complex<T>* bra, const std::complex<T>* ket, std::size_t num_qubits,
                                 const CompiledTerm& term, int threads);

// acc += scale * (P ⊗ B)|ket>, coefficient not applied. `acc` must not alias `ket`.
template <class T>
void block_accumulate(const std::complex<T>* ket, std::size_t num_qubits, const CompiledTerm& term,
                      std::complex<double> scale, std::complex<T>* acc, int threads);

}  // namespace qrt::sv
