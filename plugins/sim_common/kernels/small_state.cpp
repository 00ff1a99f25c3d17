#include "kernels/small_state.hpp"

#include <bit>
#include <cstdint>

namespace qrt::sv {

namespace {

using Index = std::uint64_t;

// Arithmetic in double for either element type: each amplitude is rounded once when stored.
template <class T>
void store(Amplitude<T>& out, Complex value) {
  out = Amplitude<T>(value);
}

template <class T>
void small_phase(Amplitude<T>* amps, Index size, const QubitOp& op) {
  const Complex c = op.coeffs[0];
  for (Index i = 0; i < size; ++i)
    if ((i & op.control_mask) == op.control_values) store(amps[i], Complex(amps[i]) * c);
}

template <class T>
void small_parity(Amplitude<T>* amps, Index size, const QubitOp& op) {
  for (Index i = 0; i < size; ++i)
    if ((i & op.control_mask) == op.control_values)
      store(amps[i], Complex(amps[i]) * op.coeffs[std::popcount(i & op.target_mask) & 1]);
}

template <class T>
void small_two_level(Amplitude<T>* amps, Index size, const QubitOp& op) {
  const Index select = op.target_mask | op.control_mask, want = op.a_bits | op.control_values;
  const Complex m_aa = op.coeffs[0], m_ab = op.coeffs[1], m_ba = op.coeffs[2], m_bb = op.coeffs[3];
  for (Index i = 0; i < size; ++i) {
    if ((i & select) != want) continue;
    const Index j = i ^ op.target_mask;
    const Complex a(amps[i]), b(amps[j]);
    store(amps[i], m_aa * a + m_ab * b);
    store(amps[j], m_ba * a + m_bb * b);
  }
}

template <class T>
void small_dense(Amplitude<T>* amps, Index size, const QubitOp& op) {
  const unsigned k = op.num_targets;
  const Index dim = Index{1} << k;
  Index offsets[Index{1} << kSmallStateQubits];
  for (Index local = 0; local < dim; ++local) {
    offsets[local] = 0;
    for (unsigned j = 0; j < k; ++j)
      if ((local >> j) & 1u) offsets[local] |= Index{1} << op.targets[j];
  }
  const Complex* m = op.dense_matrix().data();
  const Index select = op.target_mask | op.control_mask;
  Complex in[Index{1} << kSmallStateQubits];
  for (Index base = 0; base < size; ++base) {
    if ((base & select) != op.control_values) continue;
    for (Index c = 0; c < dim; ++c) in[c] = Complex(amps[base + offsets[c]]);
    for (Index r = 0; r < dim; ++r) {
      Complex acc = 0.0;
      for (Index c = 0; c < dim; ++c) acc += m[r * dim + c] * in[c];
      store(amps[base + offsets[r]], acc);
    }
  }
}

template <class T>
using SmallKernel = void (*)(Amplitude<T>*, Index, const QubitOp&);
template <class T>
constexpr SmallKernel<T> kSmallKernels[kNumOpShapes] = {&small_phase<T>, &small_parity<T>, &small_two_level<T>,
                                                        &small_dense<T>};

}  // namespace

template <class T>
void apply_small(Amplitude<T>* amps, unsigned num_qubits, const QubitOp& op) {
  kSmallKernels<T>[static_cast<unsigned>(op.shape)](amps, Index{1} << num_qubits, op);
}

template void apply_small<double>(Amplitude<double>*, unsigned, const QubitOp&);
template void apply_small<float>(Amplitude<float>*, unsigned, const QubitOp&);

}  // namespace qrt::sv
