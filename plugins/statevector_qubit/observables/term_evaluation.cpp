#include "observables/term_evaluation.hpp"

#include "observables/block_kernels.hpp"
#include "observables/local_matrix.hpp"
#include "observables/pauli_kernels.hpp"

#include <vector>

namespace qrt::sv {

namespace {

using Amplitude = std::complex<double>;

// T|ket> without its Pauli part: a copy of ket with every dense factor applied in place.
std::vector<Amplitude> dense_part_applied(const Amplitude* ket, std::size_t num_qubits, const CompiledTerm& term,
                                          int threads) {
  std::vector<Amplitude> copy = copy_state(ket, num_qubits, threads);
  for (const DenseFactor& factor : term.dense) apply_local_matrix(copy.data(), num_qubits, factor.qubits, factor.matrix, threads);
  return copy;
}

Amplitude pauli_word_inner(const Amplitude* bra, const Amplitude* ket, std::size_t n, const CompiledTerm& term,
                           int threads) {
  return pauli_inner(bra, ket, n, term.pauli, threads);
}
Amplitude scratch_copy_inner(const Amplitude* bra, const Amplitude* ket, std::size_t n, const CompiledTerm& term,
                             int threads) {
  const std::vector<Amplitude> transformed = dense_part_applied(ket, n, term, threads);
  return pauli_inner(bra, transformed.data(), n, term.pauli, threads);
}

void pauli_word_accumulate(const Amplitude* ket, std::size_t n, const CompiledTerm& term, Amplitude scale,
                           Amplitude* acc, int threads) {
  pauli_accumulate(ket, n, term.pauli, scale, acc, threads);
}
void scratch_copy_accumulate(const Amplitude* ket, std::size_t n, const CompiledTerm& term, Amplitude scale,
                             Amplitude* acc, int threads) {
  const std::vector<Amplitude> transformed = dense_part_applied(ket, n, term, threads);
  pauli_accumulate(transformed.data(), n, term.pauli, scale, acc, threads);
}

using InnerKernel = Amplitude (*)(const Amplitude*, const Amplitude*, std::size_t, const CompiledTerm&, int);
using AccumulateKernel = void (*)(const Amplitude*, std::size_t, const CompiledTerm&, Amplitude, Amplitude*, int);

struct Kernels {
  InnerKernel inner;
  AccumulateKernel accumulate;
};

// Indexed by TermStrategy.
constexpr Kernels kKernels[] = {
    {pauli_word_inner, pauli_word_accumulate},
    {block_inner, block_accumulate},
    {scratch_copy_inner, scratch_copy_accumulate},
};

}  // namespace

TermStrategy strategy_for(const CompiledTerm& term) {
  const std::size_t dense_qubits = term.dense_qubit_count();
  if (dense_qubits == 0) return TermStrategy::PauliWord;
  return dense_qubits <= kMaxBlockQubits ? TermStrategy::DenseBlock : TermStrategy::ScratchCopy;
}

std::complex<double> term_inner(const Amplitude* bra, const Amplitude* ket, std::size_t num_qubits,
                                const CompiledTerm& term, int threads) {
  return kKernels[static_cast<int>(strategy_for(term))].inner(bra, ket, num_qubits, term, threads);
}

void term_accumulate(const Amplitude* ket, std::size_t num_qubits, const CompiledTerm& term, Amplitude scale,
                     Amplitude* acc, int threads) {
  kKernels[static_cast<int>(strategy_for(term))].accumulate(ket, num_qubits, term, scale, acc, threads);
}

}  // namespace qrt::sv
