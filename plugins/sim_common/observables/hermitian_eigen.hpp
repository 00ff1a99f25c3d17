// Eigendecomposition of a small complex Hermitian matrix by the cyclic Jacobi method: each rotation
// removes the phase of an off-diagonal entry, then zeroes it with a real plane rotation. Accurate
// to rounding for the matrices observables use (up to 2^12 x 2^12, typically 2x2 to 64x64).
#pragma once

#include <complex>
#include <cstddef>
#include <span>
#include <vector>

namespace qrt::sv {

struct HermitianEigen {
  std::size_t dim = 0;
  std::vector<double> values;                 // ascending
  std::vector<std::complex<double>> vectors;  // row-major dim x dim; column k is the eigenvector of values[k]
};

// `matrix` is row-major dim x dim and Hermitian (its Hermitian part (M + M^H) / 2 is decomposed).
// InvalidArgument when the size is not dim^2.
HermitianEigen eigen_hermitian(std::span<const std::complex<double>> matrix, std::size_t dim);

}  // namespace qrt::sv
