#include "observables/term_evaluation.hpp"

#include "observables/block_kernels.hpp"
#include "observables/local_matrix.hpp"
#include "observables/pauli_kernels.hpp"

#include <span>

namespace qrt::sv {

namespace {

// T: the state's scalar type (double or float). Inner products are returned in double.
template <class T>
using Amp = std::complex<T>;
using Scale = std::complex<double>;

// T|ket> without its Pauli part: a copy of ket (in the workspace, same precision) with every dense
// factor applied.
template <class T>
const Amp<T>* dense_part_applied(const Amp<T>* ket, std::size_t num_qubits, const CompiledTerm& term, int threads,
                                 MeasurementWorkspace& workspace) {
  const std::span<Amp<T>> copy = workspace.state_copy_as<T>(std::size_t{1} << num_qubits);
  copy_state(ket, num_qubits, copy, threads);
  for (const DenseFactor& factor : term.dense)
    apply_local_matrix(copy.data(), num_qubits, factor.qubits, factor.matrix, threads);
  return copy.data();
}

template <class T>
Scale pauli_word_inner(const Amp<T>* bra, const Amp<T>* ket, std::size_t n, const CompiledTerm& term, int threads,
                       MeasurementWorkspace&) {
  return pauli_inner(bra, ket, n, term.pauli, threads);
}
template <class T>
Scale dense_block_inner(const Amp<T>* bra, const Amp<T>* ket, std::size_t n, const CompiledTerm& term, int threads,
                        MeasurementWorkspace&) {
  return block_inner(bra, ket, n, term, threads);
}
template <class T>
Scale scratch_copy_inner(const Amp<T>* bra, const Amp<T>* ket, std::size_t n, const CompiledTerm& term, int threads,
                         MeasurementWorkspace& workspace) {
  return pauli_inner(bra, dense_part_applied(ket, n, term, threads, workspace), n, term.pauli, threads);
}

template <class T>
void pauli_word_accumulate(const Amp<T>* ket, std::size_t n, const CompiledTerm& term, Scale scale, Amp<T>* acc,
                           int threads, MeasurementWorkspace&) {
  pauli_accumulate(ket, n, term.pauli, scale, acc, threads);
}
template <class T>
void dense_block_accumulate(const Amp<T>* ket, std::size_t n, const CompiledTerm& term, Scale scale, Amp<T>* acc,
                            int threads, MeasurementWorkspace&) {
  block_accumulate(ket, n, term, scale, acc, threads);
}
template <class T>
void scratch_copy_accumulate(const Amp<T>* ket, std::size_t n, const CompiledTerm& term, Scale scale, Amp<T>* acc,
                             int threads, MeasurementWorkspace& workspace) {
  pauli_accumulate(dense_part_applied(ket, n, term, threads, workspace), n, term.pauli, scale, acc, threads);
}

template <class T>
using InnerKernel = Scale (*)(const Amp<T>*, const Amp<T>*, std::size_t, const CompiledTerm&, int,
                              MeasurementWorkspace&);
template <class T>
using AccumulateKernel = void (*)(const Amp<T>*, std::size_t, const CompiledTerm&, Scale, Amp<T>*, int,
                                  MeasurementWorkspace&);

template <class T>
struct Kernels {
  InnerKernel<T> inner;
  AccumulateKernel<T> accumulate;
};

// Indexed by TermStrategy.
template <class T>
constexpr Kernels<T> kKernels[] = {
    {pauli_word_inner<T>, pauli_word_accumulate<T>},
    {dense_block_inner<T>, dense_block_accumulate<T>},
    {scratch_copy_inner<T>, scratch_copy_accumulate<T>},
};

}  // namespace

TermStrategy strategy_for(const CompiledTerm& term) {
  const std::size_t dense_qubits = term.dense_qubit_count();
  if (dense_qubits == 0) return TermStrategy::PauliWord;
  return dense_qubits <= kMaxBlockQubits ? TermStrategy::DenseBlock : TermStrategy::ScratchCopy;
}

template <class T>
std::complex<double> term_inner(const std::complex<T>* bra, const std::complex<T>* ket, std::size_t num_qubits,
                                const CompiledTerm& term, int threads, MeasurementWorkspace& workspace) {
  return kKernels<T>[static_cast<int>(strategy_for(term))].inner(bra, ket, num_qubits, term, threads, workspace);
}

template <class T>
void term_accumulate(const std::complex<T>* ket, std::size_t num_qubits, const CompiledTerm& term,
                     std::complex<double> scale, std::complex<T>* acc, int threads, MeasurementWorkspace& workspace) {
  kKernels<T>[static_cast<int>(strategy_for(term))].accumulate(ket, num_qubits, term, scale, acc, threads, workspace);
}

#define QRT_SV_INSTANTIATE(T)                                                                                      \
  template std::complex<double> term_inner<T>(const std::complex<T>*, const std::complex<T>*, std::size_t,         \
                                              const CompiledTerm&, int, MeasurementWorkspace&);                    \
  template void term_accumulate<T>(const std::complex<T>*, std::size_t, const CompiledTerm&, std::complex<double>, \
                                   std::complex<T>*, int, MeasurementWorkspace&);
QRT_SV_INSTANTIATE(double)
QRT_SV_INSTANTIATE(float)
#undef QRT_SV_INSTANTIATE

}  // namespace qrt::sv
