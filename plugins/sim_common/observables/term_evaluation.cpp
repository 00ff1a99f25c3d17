#include "observables/term_evaluation.hpp"

#include "observables/block_kernels.hpp"
#include "observables/local_matrix.hpp"
#include "observables/pauli_kernels.hpp"

#include <span>

namespace qrt::sv {

namespace {

using Amplitude = std::complex<double>;

// T|ket> without its Pauli part: a copy of ket (in the workspace) with every dense factor applied.
const Amplitude* dense_part_applied(const Amplitude* ket, std::size_t num_qubits, const CompiledTerm& term, int threads,
                                    MeasurementWorkspace& workspace) {
  const std::span<Amplitude> copy = workspace.state_copy(std::size_t{1} << num_qubits);
  copy_state(ket, num_qubits, copy, threads);
  for (const DenseFactor& factor : term.dense) apply_local_matrix(copy.data(), num_qubits, factor.qubits, factor.matrix, threads);
  return copy.data();
}

Amplitude pauli_word_inner(const Amplitude* bra, const Amplitude* ket, std::size_t n, const CompiledTerm& term,
                           int threads, MeasurementWorkspace&) {
  return pauli_inner(bra, ket, n, term.pauli, threads);
}
Amplitude dense_block_inner(const Amplitude* bra, const Amplitude* ket, std::size_t n, const CompiledTerm& term,
                            int threads, MeasurementWorkspace&) {
  return block_inner(bra, ket, n, term, threads);
}
Amplitude scratch_copy_inner(const Amplitude* bra, const Amplitude* ket, std::size_t n, const CompiledTerm& term,
                             int threads, MeasurementWorkspace& workspace) {
  return pauli_inner(bra, dense_part_applied(ket, n, term, threads, workspace), n, term.pauli, threads);
}

void pauli_word_accumulate(const Amplitude* ket, std::size_t n, const CompiledTerm& term, Amplitude scale,
                           Amplitude* acc, int threads, MeasurementWorkspace&) {
  pauli_accumulate(ket, n, term.pauli, scale, acc, threads);
}
void dense_block_accumulate(const Amplitude* ket, std::size_t n, const CompiledTerm& term, Amplitude scale,
                            Amplitude* acc, int threads, MeasurementWorkspace&) {
  block_accumulate(ket, n, term, scale, acc, threads);
}
void scratch_copy_accumulate(const Amplitude* ket, std::size_t n, const CompiledTerm& term, Amplitude scale,
                             Amplitude* acc, int threads, MeasurementWorkspace& workspace) {
  pauli_accumulate(dense_part_applied(ket, n, term, threads, workspace), n, term.pauli, scale, acc, threads);
}

using InnerKernel = Amplitude (*)(const Amplitude*, const Amplitude*, std::size_t, const CompiledTerm&, int,
                                  MeasurementWorkspace&);
using AccumulateKernel = void (*)(const Amplitude*, std::size_t, const CompiledTerm&, Amplitude, Amplitude*, int,
                                  MeasurementWorkspace&);

struct Kernels {
  InnerKernel inner;
  AccumulateKernel accumulate;
};

// Indexed by TermStrategy.
constexpr Kernels kKernels[] = {
    {pauli_word_inner, pauli_word_accumulate},
    {dense_block_inner, dense_block_accumulate},
    {scratch_copy_inner, scratch_copy_accumulate},
};

}  // namespace

TermStrategy strategy_for(const CompiledTerm& term) {
  const std::size_t dense_qubits = term.dense_qubit_count();
  if (dense_qubits == 0) return TermStrategy::PauliWord;
  return dense_qubits <= kMaxBlockQubits ? TermStrategy::DenseBlock : TermStrategy::ScratchCopy;
}

std::complex<double> term_inner(const Amplitude* bra, const Amplitude* ket, std::size_t num_qubits,
                                const CompiledTerm& term, int threads, MeasurementWorkspace& workspace) {
  return kKernels[static_cast<int>(strategy_for(term))].inner(bra, ket, num_qubits, term, threads, workspace);
}

void term_accumulate(const Amplitude* ket, std::size_t num_qubits, const CompiledTerm& term, Amplitude scale,
                     Amplitude* acc, int threads, MeasurementWorkspace& workspace) {
  kKernels[static_cast<int>(strategy_for(term))].accumulate(ket, num_qubits, term, scale, acc, threads, workspace);
}

}  // namespace qrt::sv
