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
std::complex<double> block_inner(const std::complex<double>* bra, const std::complex<double>* ket,
                                 std::size_t num_qubits, const CompiledTerm& term, int threads);

// acc += scale * (P ⊗ B)|ket>, coefficient not applied. `acc` must not alias `ket`.
void block_accumulate(const std::complex<double>* ket, std::size_t num_qubits, const CompiledTerm& term,
                      std::complex<double> scale, std::complex<double>* acc, int threads);

}  // namespace qrt::sv
