// Independent reference for the statevector tests: plain per-index application of an explicit
// matrix (PennyLane wire order: the first wire is the most significant bit of the matrix index) to a
// state with qubit k = bit k of the amplitude index. Deliberately simple and slow.
#pragma once

#include <complex>
#include <cstdint>
#include <random>
#include <span>
#include <vector>

namespace sv_test {

using Complex = std::complex<double>;
using State = std::vector<Complex>;
using Matrix = std::vector<Complex>;  // row-major, dim x dim

inline State random_state(unsigned num_qubits, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::normal_distribution<double> normal;
  State s(std::size_t{1} << num_qubits);
  double norm = 0;
  for (auto& a : s) {
    a = {normal(rng), normal(rng)};
    norm += std::norm(a);
  }
  for (auto& a : s) a /= std::sqrt(norm);
  return s;
}

// out[i] = sum_c M[r(i)][c] in[i with the wires set to c], where the controls match; else in[i].
inline State apply_reference(const State& in, unsigned num_qubits, const Matrix& m, std::span<const unsigned> wires,
                             std::span<const unsigned> controls = {}, std::span<const int> control_values = {}) {
  const std::size_t k = wires.size();
  const std::size_t dim = std::size_t{1} << k;
  State out(in.size());
  for (std::size_t i = 0; i < in.size(); ++i) {
    bool active = true;
    for (std::size_t c = 0; c < controls.size(); ++c) {
      const int want = control_values.empty() ? 1 : control_values[c];
      if (static_cast<int>((i >> controls[c]) & 1u) != want) active = false;
    }
    if (!active) {
      out[i] = in[i];
      continue;
    }
    std::size_t row = 0;
    for (std::size_t j = 0; j < k; ++j) row |= ((i >> wires[j]) & 1u) << (k - 1 - j);
    Complex acc = 0;
    for (std::size_t col = 0; col < dim; ++col) {
      std::size_t source = i;
      for (std::size_t j = 0; j < k; ++j) {
        const std::size_t bit = (col >> (k - 1 - j)) & 1u;
        source = (source & ~(std::size_t{1} << wires[j])) | (bit << wires[j]);
      }
      acc += m[row * dim + col] * in[source];
    }
    out[i] = acc;
  }
  (void)num_qubits;
  return out;
}

inline double max_difference(std::span<const Complex> a, std::span<const Complex> b) {
  double worst = a.size() == b.size() ? 0.0 : 1e300;
  for (std::size_t i = 0; i < a.size() && i < b.size(); ++i) worst = std::max(worst, std::abs(a[i] - b[i]));
  return worst;
}

inline Matrix random_unitary(unsigned num_qubits, std::uint64_t seed) {
  // Gram-Schmidt on a random complex matrix.
  const std::size_t dim = std::size_t{1} << num_qubits;
  std::mt19937_64 rng(seed);
  std::normal_distribution<double> normal;
  Matrix m(dim * dim);
  for (auto& x : m) x = {normal(rng), normal(rng)};
  for (std::size_t c = 0; c < dim; ++c) {
    for (std::size_t p = 0; p < c; ++p) {
      Complex dot = 0;
      for (std::size_t r = 0; r < dim; ++r) dot += std::conj(m[r * dim + p]) * m[r * dim + c];
      for (std::size_t r = 0; r < dim; ++r) m[r * dim + c] -= dot * m[r * dim + p];
    }
    double norm = 0;
    for (std::size_t r = 0; r < dim; ++r) norm += std::norm(m[r * dim + c]);
    for (std::size_t r = 0; r < dim; ++r) m[r * dim + c] /= std::sqrt(norm);
  }
  return m;
}

inline Matrix identity(std::size_t dim) {
  Matrix m(dim * dim);
  for (std::size_t i = 0; i < dim; ++i) m[i * dim + i] = 1;
  return m;
}

}  // namespace sv_test
