// Small dense complex matrices and a textbook state-vector simulator: the reference the conformance kit
// checks devices against and the C API's gate fallback checks its expansions against, written
// independently of any device. Sizes are tiny (at most 5 qubits), so clarity beats speed.
//
// Bit order follows the ABI: for wires [w0, ..., wk-1], w0 is the most significant bit of a matrix
// row/column; in a register of n qubits, position 0 (the first allocated wire) is the most significant
// bit of a state index.
#pragma once

#include <algorithm>
#include <cmath>
#include <complex>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace qrt::reference {

using Complex = std::complex<double>;

class Matrix {
 public:
  explicit Matrix(std::size_t dim = 1) : dim_(dim), entries_(dim * dim) {}
  // Row-major entries; entries.size() must be dim * dim.
  Matrix(std::size_t dim, std::vector<Complex> entries);
  static Matrix identity(std::size_t dim);
  static Matrix diagonal(std::span<const Complex> values);

  std::size_t dim() const { return dim_; }
  Complex& operator()(std::size_t row, std::size_t column) { return entries_[row * dim_ + column]; }
  const Complex& operator()(std::size_t row, std::size_t column) const { return entries_[row * dim_ + column]; }
  const std::vector<Complex>& entries() const { return entries_; }

 private:
  std::size_t dim_;
  std::vector<Complex> entries_;
};

Matrix operator*(const Matrix& a, const Matrix& b);
Matrix operator*(Complex factor, const Matrix& m);
Matrix adjoint(const Matrix& m);
// a ⊗ b: a acts on the more significant bits.
Matrix kron(const Matrix& a, const Matrix& b);
// The gate `target` controlled by `num_controls` wires placed before its own wires (most significant);
// it acts when every control is 1.
Matrix controlled(const Matrix& target, std::size_t num_controls = 1);
// max |a_ij - b_ij|.
double max_difference(const Matrix& a, const Matrix& b);

// state' = M applied to the register `positions` (positions[0] the matrix's most significant bit) of an
// n-qubit state; the other qubits are untouched.
std::vector<Complex> apply_on_positions(std::span<const Complex> state, std::size_t num_qubits, const Matrix& m,
                                        std::span<const std::size_t> positions);
// The same with `controls` on top: M acts where every control position holds its control value.
std::vector<Complex> apply_controlled(std::span<const Complex> state, std::size_t num_qubits, const Matrix& m,
                                      std::span<const std::size_t> positions, std::span<const std::size_t> controls,
                                      std::span<const std::uint8_t> control_values);

// |amplitude|^2 of every basis state.
std::vector<double> probabilities(std::span<const Complex> state);
// Probabilities of the bits at `positions` (positions[0] the most significant bit of the result index),
// summed over the other qubits.
std::vector<double> marginal(std::span<const double> probs, std::size_t num_qubits,
                             std::span<const std::size_t> positions);
// <state| M on positions |state>.
Complex expectation(std::span<const Complex> state, std::size_t num_qubits, const Matrix& m,
                    std::span<const std::size_t> positions);

// HUGE_VAL when the sizes differ or a value is NaN.
template <class T>
double max_difference(std::span<const T> a, std::span<const T> b) {
  if (a.size() != b.size()) return HUGE_VAL;
  double worst = 0.0;
  for (std::size_t i = 0; i < a.size(); ++i) {
    const double d = static_cast<double>(std::abs(a[i] - b[i]));
    if (std::isnan(d)) return HUGE_VAL;  // an unwritten or corrupt value is the largest difference
    worst = std::max(worst, d);
  }
  return worst;
}

}  // namespace qrt::reference
