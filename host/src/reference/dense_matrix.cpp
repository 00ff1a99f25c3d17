#include "reference/dense_matrix.hpp"

#include <stdexcept>
#include <string>

namespace qrt::reference {

Matrix::Matrix(std::size_t dim, std::vector<Complex> entries) : dim_(dim), entries_(std::move(entries)) {
  if (entries_.size() != dim * dim)
    throw std::invalid_argument("Matrix: " + std::to_string(entries_.size()) + " entries for dimension " +
                                std::to_string(dim));
}

Matrix Matrix::identity(std::size_t dim) {
  Matrix m(dim);
  for (std::size_t i = 0; i < dim; ++i) m(i, i) = 1.0;
  return m;
}

Matrix Matrix::diagonal(std::span<const Complex> values) {
  Matrix m(values.size());
  for (std::size_t i = 0; i < values.size(); ++i) m(i, i) = values[i];
  return m;
}

Matrix operator*(const Matrix& a, const Matrix& b) {
  if (a.dim() != b.dim()) throw std::invalid_argument("Matrix product of different dimensions");
  Matrix out(a.dim());
  for (std::size_t r = 0; r < a.dim(); ++r)
    for (std::size_t c = 0; c < a.dim(); ++c) {
      Complex sum = 0.0;
      for (std::size_t k = 0; k < a.dim(); ++k) sum += a(r, k) * b(k, c);
      out(r, c) = sum;
    }
  return out;
}

Matrix operator*(Complex factor, const Matrix& m) {
  Matrix out(m.dim());
  for (std::size_t r = 0; r < m.dim(); ++r)
    for (std::size_t c = 0; c < m.dim(); ++c) out(r, c) = factor * m(r, c);
  return out;
}

Matrix adjoint(const Matrix& m) {
  Matrix out(m.dim());
  for (std::size_t r = 0; r < m.dim(); ++r)
    for (std::size_t c = 0; c < m.dim(); ++c) out(c, r) = std::conj(m(r, c));
  return out;
}

Matrix kron(const Matrix& a, const Matrix& b) {
  Matrix out(a.dim() * b.dim());
  for (std::size_t ar = 0; ar < a.dim(); ++ar)
    for (std::size_t ac = 0; ac < a.dim(); ++ac)
      for (std::size_t br = 0; br < b.dim(); ++br)
        for (std::size_t bc = 0; bc < b.dim(); ++bc) out(ar * b.dim() + br, ac * b.dim() + bc) = a(ar, ac) * b(br, bc);
  return out;
}

Matrix controlled(const Matrix& target, std::size_t num_controls) {
  // Controls are the most significant bits: the target acts on the last block, where all are 1.
  const std::size_t dim = target.dim() << num_controls;
  Matrix out = Matrix::identity(dim);
  const std::size_t offset = dim - target.dim();
  for (std::size_t r = 0; r < target.dim(); ++r)
    for (std::size_t c = 0; c < target.dim(); ++c) out(offset + r, offset + c) = target(r, c);
  return out;
}

double max_difference(const Matrix& a, const Matrix& b) {
  if (a.dim() != b.dim()) return HUGE_VAL;
  return max_difference<Complex>(a.entries(), b.entries());
}

namespace {

// Bit of `index` holding register position `position` (position 0 = most significant of n).
std::size_t bit_at(std::size_t index, std::size_t num_qubits, std::size_t position) {
  return (index >> (num_qubits - 1 - position)) & 1u;
}

std::size_t with_bit(std::size_t index, std::size_t num_qubits, std::size_t position, std::size_t value) {
  const std::size_t mask = std::size_t{1} << (num_qubits - 1 - position);
  return value ? (index | mask) : (index & ~mask);
}

// The sub-index the bits at `positions` form (positions[0] most significant).
std::size_t gather(std::size_t index, std::size_t num_qubits, std::span<const std::size_t> positions) {
  std::size_t sub = 0;
  for (std::size_t p : positions) sub = (sub << 1) | bit_at(index, num_qubits, p);
  return sub;
}

std::size_t scatter(std::size_t index, std::size_t num_qubits, std::span<const std::size_t> positions,
                    std::size_t sub) {
  const std::size_t k = positions.size();
  for (std::size_t t = 0; t < k; ++t) index = with_bit(index, num_qubits, positions[t], (sub >> (k - 1 - t)) & 1u);
  return index;
}

void require_positions(std::size_t num_qubits, std::span<const std::size_t> positions, std::size_t matrix_dim) {
  if ((std::size_t{1} << positions.size()) != matrix_dim)
    throw std::invalid_argument("a " + std::to_string(matrix_dim) + "x" + std::to_string(matrix_dim) + " matrix on " +
                                std::to_string(positions.size()) + " positions");
  for (std::size_t p : positions)
    if (p >= num_qubits) throw std::invalid_argument("position " + std::to_string(p) + " outside the register");
}

}  // namespace

std::vector<Complex> apply_on_positions(std::span<const Complex> state, std::size_t num_qubits, const Matrix& m,
                                        std::span<const std::size_t> positions) {
  return apply_controlled(state, num_qubits, m, positions, {}, {});
}

std::vector<Complex> apply_controlled(std::span<const Complex> state, std::size_t num_qubits, const Matrix& m,
                                      std::span<const std::size_t> positions, std::span<const std::size_t> controls,
                                      std::span<const std::uint8_t> control_values) {
  require_positions(num_qubits, positions, m.dim());
  if (state.size() != (std::size_t{1} << num_qubits)) throw std::invalid_argument("state size is not 2^num_qubits");
  std::vector<Complex> out(state.size());
  for (std::size_t i = 0; i < state.size(); ++i) {
    bool active = true;
    for (std::size_t c = 0; c < controls.size(); ++c)
      active = active && bit_at(i, num_qubits, controls[c]) == (control_values.empty() ? 1u : control_values[c]);
    if (!active) {
      out[i] = state[i];
      continue;
    }
    const std::size_t row = gather(i, num_qubits, positions);
    Complex sum = 0.0;
    for (std::size_t column = 0; column < m.dim(); ++column)
      sum += m(row, column) * state[scatter(i, num_qubits, positions, column)];
    out[i] = sum;
  }
  return out;
}

std::vector<double> probabilities(std::span<const Complex> state) {
  std::vector<double> out(state.size());
  for (std::size_t i = 0; i < state.size(); ++i) out[i] = std::norm(state[i]);
  return out;
}

std::vector<double> marginal(std::span<const double> probs, std::size_t num_qubits,
                             std::span<const std::size_t> positions) {
  std::vector<double> out(std::size_t{1} << positions.size(), 0.0);
  for (std::size_t i = 0; i < probs.size(); ++i) out[gather(i, num_qubits, positions)] += probs[i];
  return out;
}

Complex expectation(std::span<const Complex> state, std::size_t num_qubits, const Matrix& m,
                    std::span<const std::size_t> positions) {
  const std::vector<Complex> applied = apply_on_positions(state, num_qubits, m, positions);
  Complex sum = 0.0;
  for (std::size_t i = 0; i < state.size(); ++i) sum += std::conj(state[i]) * applied[i];
  return sum;
}

}  // namespace qrt::reference
