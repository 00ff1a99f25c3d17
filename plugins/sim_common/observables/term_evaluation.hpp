// Evaluation of one compiled term, by the cheapest strategy its shape allows:
//   PauliWord   no dense factors: one pass with bit masks (pauli_kernels)
//   DenseBlock  dense factors on <= kMaxBlockQubits qubits: one pass, blocks on the fly (block_kernels)
//   ScratchCopy larger dense part: a copy of the ket is transformed factor by factor (local_matrix)
// The coefficient is NOT applied by term_inner; term_accumulate applies `scale` only. ScratchCopy
// uses workspace.state_copy().
#pragma once

#include "measure/measurement_workspace.hpp"
#include "observables/compiled_term.hpp"

#include <complex>
#include <cstddef>

namespace qrt::sv {

enum class TermStrategy { PauliWord, DenseBlock, ScratchCopy };

TermStrategy strategy_for(const CompiledTerm& term);

// <bra| T |ket> (T without its coefficient).
// T = double or float (the state's scalar type).
template <class T>
std::complex<double> term_inner(const std::complex<T>* bra, const std::complex<T>* ket, std::size_t num_qubits,
                                const CompiledTerm& term, int threads, MeasurementWorkspace& workspace);

// acc += scale * T |ket> (T without its coefficient). `acc` must not alias `ket`.
template <class T>
void term_accumulate(const std::complex<T>* ket, std::size_t num_qubits, const CompiledTerm& term,
                     std::complex<double> scale, std::complex<T>* acc, int threads, MeasurementWorkspace& workspace);

}  // namespace qrt::sv
