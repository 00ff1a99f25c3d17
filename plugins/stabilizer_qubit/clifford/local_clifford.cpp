#include "clifford/local_clifford.hpp"

#include <cmath>
#include <vector>

namespace qrt::stab {

namespace {

// Entries of a Pauli's image are exactly +-1 for a Clifford (up to rounding in the given matrix).
constexpr double kCliffordTolerance = 1e-9;

using Matrix = std::vector<Complex>;  // row-major, dim x dim

Matrix multiply(const Matrix& a, const Matrix& b, std::size_t dim) {
  Matrix c(dim * dim);
  for (std::size_t i = 0; i < dim; ++i)
    for (std::size_t k = 0; k < dim; ++k)
      for (std::size_t j = 0; j < dim; ++j) c[i * dim + j] += a[i * dim + k] * b[k * dim + j];
  return c;
}

Matrix adjoint(std::span<const Complex> a, std::size_t dim) {
  Matrix c(dim * dim);
  for (std::size_t i = 0; i < dim; ++i)
    for (std::size_t j = 0; j < dim; ++j) c[j * dim + i] = std::conj(a[i * dim + j]);
  return c;
}

// The single-qubit Pauli with bits x (bit 0) and z (bit 1).
Matrix single_pauli(unsigned bits) {
  const Complex i{0, 1};
  switch (bits & 3u) {
    case 1: return {0, 1, 1, 0};   // X
    case 2: return {1, 0, 0, -1};  // Z
    case 3: return {0, -i, i, 0};  // Y
    default: return {1, 0, 0, 1};  // I
  }
}

// Tensor product over the gate's qubits, qubit 0 the most significant factor.
Matrix local_pauli(unsigned index, unsigned arity) {
  Matrix result{1};
  std::size_t dim = 1;
  for (unsigned q = 0; q < arity; ++q) {
    const Matrix factor = single_pauli(index >> (2 * q));
    Matrix next(dim * 2 * dim * 2);
    for (std::size_t r = 0; r < dim; ++r)
      for (std::size_t c = 0; c < dim; ++c)
        for (std::size_t fr = 0; fr < 2; ++fr)
          for (std::size_t fc = 0; fc < 2; ++fc)
            next[(r * 2 + fr) * dim * 2 + c * 2 + fc] = result[r * dim + c] * factor[fr * 2 + fc];
    result = std::move(next);
    dim *= 2;
  }
  return result;
}

}  // namespace

std::optional<LocalClifford> LocalClifford::from_unitary(std::span<const Complex> unitary, unsigned arity) {
  if (arity < 1 || arity > kMaxArity) return std::nullopt;
  const std::size_t dim = std::size_t{1} << arity;
  if (unitary.size() != dim * dim) return std::nullopt;
  const Matrix u(unitary.begin(), unitary.end());
  const Matrix u_dagger = adjoint(unitary, dim);
  const unsigned num_paulis = 1u << (2 * arity);

  std::vector<Matrix> paulis;
  for (unsigned p = 0; p < num_paulis; ++p) paulis.push_back(local_pauli(p, arity));

  LocalClifford gate;
  gate.arity_ = arity;
  for (unsigned p = 0; p < num_paulis; ++p) {
    const Matrix image = multiply(multiply(u, paulis[p], dim), u_dagger, dim);
    // Paulis are orthogonal under tr(A^dagger B) / dim, so the image is +-Q exactly when its
    // coefficient on Q has modulus 1 and is real.
    bool found = false;
    for (unsigned q = 0; q < num_paulis && !found; ++q) {
      Complex overlap = 0;
      for (std::size_t k = 0; k < dim * dim; ++k) overlap += std::conj(paulis[q][k]) * image[k];
      overlap /= static_cast<double>(dim);
      if (std::abs(std::abs(overlap.real()) - 1.0) < kCliffordTolerance &&
          std::abs(overlap.imag()) < kCliffordTolerance) {
        gate.images_[p] = {static_cast<std::uint8_t>(q), static_cast<std::uint8_t>(overlap.real() < 0)};
        found = true;
      }
    }
    if (!found) return std::nullopt;
  }
  return gate;
}

bool is_unitary(std::span<const Complex> matrix, std::size_t dim, double tolerance) {
  if (matrix.size() != dim * dim) return false;
  for (std::size_t i = 0; i < dim; ++i)
    for (std::size_t j = 0; j < dim; ++j) {
      Complex dot = 0;
      for (std::size_t k = 0; k < dim; ++k) dot += matrix[i * dim + k] * std::conj(matrix[j * dim + k]);
      if (std::abs(dot - (i == j ? 1.0 : 0.0)) > tolerance || !std::isfinite(dot.real()) || !std::isfinite(dot.imag()))
        return false;
    }
  return true;
}

}  // namespace qrt::stab
