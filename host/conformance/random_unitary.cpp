#include "conformance/random_unitary.hpp"

#include <cmath>

namespace qrt::conformance {

Matrix random_unitary(std::size_t dim, std::mt19937_64& rng) {
  std::normal_distribution<double> normal;
  std::vector<std::vector<Complex>> columns(dim, std::vector<Complex>(dim));
  for (auto& column : columns)
    for (auto& x : column) x = {normal(rng), normal(rng)};
  // Gram-Schmidt on the columns (modified form, for stability).
  for (std::size_t j = 0; j < dim; ++j) {
    for (std::size_t i = 0; i < j; ++i) {
      Complex dot = 0.0;
      for (std::size_t r = 0; r < dim; ++r) dot += std::conj(columns[i][r]) * columns[j][r];
      for (std::size_t r = 0; r < dim; ++r) columns[j][r] -= dot * columns[i][r];
    }
    double norm = 0.0;
    for (const Complex& x : columns[j]) norm += std::norm(x);
    norm = std::sqrt(norm);
    for (Complex& x : columns[j]) x /= norm;
  }
  Matrix u(dim);
  for (std::size_t r = 0; r < dim; ++r)
    for (std::size_t c = 0; c < dim; ++c) u(r, c) = columns[c][r];
  return u;
}

}  // namespace qrt::conformance
