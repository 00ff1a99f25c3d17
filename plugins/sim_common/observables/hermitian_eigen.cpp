#include "observables/hermitian_eigen.hpp"

#include "measure/errors.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <string>

namespace qrt::sv {

namespace {

using Complex = std::complex<double>;

// Cyclic Jacobi converges quadratically; 64 sweeps is far beyond what any input needs.
constexpr int kMaxSweeps = 64;

double off_diagonal_norm2(const std::vector<Complex>& a, std::size_t dim) {
  double sum = 0.0;
  for (std::size_t p = 0; p < dim; ++p) {
    for (std::size_t q = 0; q < dim; ++q) {
      if (p != q) sum += std::norm(a[p * dim + q]);
    }
  }
  return sum;
}

// A <- U^H A U and V <- V U for the unitary U acting on coordinates (p, q) that zeroes A[p][q].
void rotate(std::vector<Complex>& a, std::vector<Complex>& v, std::size_t dim, std::size_t p, std::size_t q) {
  const Complex apq = a[p * dim + q];
  const double r = std::abs(apq);
  const Complex phase = apq / r;  // A[p][q] = r * phase
  const double app = a[p * dim + p].real();
  const double aqq = a[q * dim + q].real();
  // D = diag(1, conj(phase)) makes the (p, q) entry real; R = [[c, s], [-s, c]] then zeroes it.
  const double theta = (aqq - app) / (2.0 * r);
  const double t = (theta >= 0 ? 1.0 : -1.0) / (std::abs(theta) + std::sqrt(theta * theta + 1.0));
  const double c = 1.0 / std::sqrt(t * t + 1.0);
  const double s = t * c;
  // U = D R = [[c, s], [-s conj(phase), c conj(phase)]]
  const Complex u_pp = c, u_pq = s, u_qp = -s * std::conj(phase), u_qq = c * std::conj(phase);
  for (std::size_t k = 0; k < dim; ++k) {  // columns: A U, V U
    for (std::vector<Complex>* m : {&a, &v}) {
      const Complex x = (*m)[k * dim + p], y = (*m)[k * dim + q];
      (*m)[k * dim + p] = x * u_pp + y * u_qp;
      (*m)[k * dim + q] = x * u_pq + y * u_qq;
    }
  }
  for (std::size_t k = 0; k < dim; ++k) {  // rows: U^H (A U)
    const Complex x = a[p * dim + k], y = a[q * dim + k];
    a[p * dim + k] = std::conj(u_pp) * x + std::conj(u_qp) * y;
    a[q * dim + k] = std::conj(u_pq) * x + std::conj(u_qq) * y;
  }
  a[p * dim + q] = a[q * dim + p] = 0.0;
  a[p * dim + p] = a[p * dim + p].real();
  a[q * dim + q] = a[q * dim + q].real();
}

}  // namespace

HermitianEigen eigen_hermitian(std::span<const Complex> matrix, std::size_t dim) {
  if (matrix.size() != dim * dim) {
    fail(ErrorKind::InvalidArgument, "eigen_hermitian: matrix has " + std::to_string(matrix.size()) +
                                         " entries, expected " + std::to_string(dim) + "x" + std::to_string(dim));
  }
  std::vector<Complex> a(dim * dim), v(dim * dim, 0.0);
  double total = 0.0;
  for (std::size_t p = 0; p < dim; ++p) {
    v[p * dim + p] = 1.0;
    for (std::size_t q = 0; q < dim; ++q) {
      a[p * dim + q] = 0.5 * (matrix[p * dim + q] + std::conj(matrix[q * dim + p]));
      total += std::norm(a[p * dim + q]);
    }
  }
  // Converged when the off-diagonal part is at rounding level; it cannot shrink below about
  // eps * |A| per entry, hence the factor dim.
  const double tolerance = std::numeric_limits<double>::epsilon() * static_cast<double>(dim);
  const double target = tolerance * tolerance * total;
  for (int sweep = 0; sweep < kMaxSweeps && off_diagonal_norm2(a, dim) > target; ++sweep) {
    for (std::size_t p = 0; p + 1 < dim; ++p) {
      for (std::size_t q = p + 1; q < dim; ++q) {
        if (std::abs(a[p * dim + q]) > 0.0) rotate(a, v, dim, p, q);
      }
    }
  }
  HermitianEigen result;
  result.dim = dim;
  std::vector<std::size_t> order(dim);
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t x, std::size_t y) { return a[x * dim + x].real() < a[y * dim + y].real(); });
  result.values.resize(dim);
  result.vectors.resize(dim * dim);
  for (std::size_t k = 0; k < dim; ++k) {
    result.values[k] = a[order[k] * dim + order[k]].real();
    for (std::size_t row = 0; row < dim; ++row) result.vectors[row * dim + k] = v[row * dim + order[k]];
  }
  return result;
}

}  // namespace qrt::sv
