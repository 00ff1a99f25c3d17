// QubitOp: one state-vector update in the simulator's own terms — qubit indices (qubit k is bit k
// of the amplitude index) and the cheapest *shape* that expresses it. Gates, explicit matrices and
// fused blocks are all lowered to this before they reach a kernel.
#pragma once

#include <array>
#include <complex>
#include <cstdint>
#include <span>

namespace qrt::sv {

// Ops (gate matrices, fused blocks) are always built in double; a complex64 state rounds them once
// when its kernel coefficients are written. Amplitude<T> is the state's element type.
using Complex = std::complex<double>;
template <class T>
using Amplitude = std::complex<T>;
using QubitMask = std::uint64_t;  // bit k set = qubit k

// Masks are 64 bits wide; a state vector of more qubits could not be stored anyway.
inline constexpr unsigned kMaxStateQubits = 48;

enum class OpShape : std::uint8_t {
  Phase,     // multiply the amplitudes of the control subspace by coeffs[0] (S, T, Z, CZ, GlobalPhase...)
  Parity,    // multiply by coeffs[parity of the target bits]; [0] even, [1] odd (RZ, IsingZZ, MultiRZ)
  TwoLevel,  // 2x2 unitary coeffs (row-major) on the pair |a>, |b> = |a ^ target_mask>, identity elsewhere
  Dense,     // 2^k x 2^k unitary on `targets`
};
inline constexpr unsigned kNumOpShapes = 4;

// Created for every gate call, so it is cheap to create: the coefficient and target arrays are left
// uninitialised (only the entries the shape uses are ever written or read), and copying is a plain
// trivially-copyable copy.
struct QubitOp {
  // User-provided: leaves `coeffs` and `targets` uninitialised on purpose (see above).
  QubitOp() {}  // NOLINT(cppcoreguidelines-pro-type-member-init): a QubitOp is made for every gate call

  OpShape shape = OpShape::Phase;
  QubitMask control_mask = 0;    // the op acts only where these qubits...
  QubitMask control_values = 0;  // ...have these values (a subset of control_mask)
  QubitMask target_mask = 0;     // Parity, TwoLevel, Dense
  QubitMask a_bits = 0;          // TwoLevel: the target bits of |a> (subset of target_mask)

  // Dense: targets[j] is bit j of the matrix row/column index (least significant first).
  std::array<std::uint8_t, 64> targets;
  unsigned num_targets = 0;

  // Phase: [0]. Parity: [0], [1]. TwoLevel: 2x2 row-major. Dense with k <= 2: the row-major matrix.
  union {
    std::array<Complex, 16> coeffs;
  };
  // Dense with k > 2: the row-major 2^k x 2^k matrix, borrowed (nullptr: `coeffs` holds it).
  const Complex* external_matrix = nullptr;

  std::span<const Complex> dense_matrix() const {
    const std::size_t dim = std::size_t{1} << num_targets;
    return {external_matrix ? external_matrix : coeffs.data(), dim * dim};
  }
  QubitMask touched_mask() const { return target_mask | control_mask; }
  // Dense: bit j set = the matrix flips target j (bit j of some nonzero entry's row and column index differ);
  // a target it never flips only selects a block.
  std::size_t flipped_matrix_bits() const {
    const std::size_t dim = std::size_t{1} << num_targets;
    const std::span<const Complex> m = dense_matrix();
    std::size_t flipped = 0;
    for (std::size_t r = 0; r < dim; ++r)
      for (std::size_t c = 0; c < dim; ++c)
        if (m[r * dim + c] != Complex(0.0)) flipped |= r ^ c;
    return flipped;
  }

  static QubitOp phase(Complex value, QubitMask subspace_mask = 0, QubitMask subspace_values = 0) {
    QubitOp op;
    op.shape = OpShape::Phase;
    op.control_mask = subspace_mask;
    op.control_values = subspace_values;
    op.coeffs[0] = value;
    return op;
  }
  static QubitOp parity(Complex even, Complex odd, QubitMask mask) {
    QubitOp op;
    op.shape = OpShape::Parity;
    op.target_mask = mask;
    op.coeffs[0] = even;
    op.coeffs[1] = odd;
    return op;
  }
  // m = {m_aa, m_ab, m_ba, m_bb}: new_a = m_aa a + m_ab b, new_b = m_ba a + m_bb b.
  static QubitOp two_level(QubitMask mask, QubitMask a, std::array<Complex, 4> m) {
    QubitOp op;
    op.shape = OpShape::TwoLevel;
    op.target_mask = mask;
    op.a_bits = a;
    for (unsigned i = 0; i < 4; ++i) op.coeffs[i] = m[i];
    return op;
  }
  // targets least significant first; matrix row-major; matrix.size() == 4^targets.size().
  static QubitOp dense(std::span<const unsigned> targets_lsb_first, std::span<const Complex> matrix);
};

// Whether every entry is real: such matrices take the real-coefficient kernels (half the multiply-adds).
inline bool all_real(std::span<const Complex> entries) {
  for (const Complex& c : entries)
    if (c.imag() != 0.0) return false;
  return true;
}

}  // namespace qrt::sv
