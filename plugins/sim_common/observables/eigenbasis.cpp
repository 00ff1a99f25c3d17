#include "observables/eigenbasis.hpp"

#include "observables/hermitian_eigen.hpp"

#include <cmath>
#include <numbers>

namespace qrt::sv {

namespace {

using Complex = std::complex<double>;

const std::vector<double> kPlusMinus = {1.0, -1.0};

std::vector<Complex> rotation_for(FactorKind kind) {
  const double h = 1.0 / std::sqrt(2.0);
  const double c = std::cos(std::numbers::pi / 8), s = std::sin(std::numbers::pi / 8);
  switch (kind) {
    case FactorKind::PauliX: return {h, h, h, -h};                          // H
    case FactorKind::PauliY: return {h, Complex(0, -h), h, Complex(0, h)};  // H S^dagger
    case FactorKind::Hadamard: return {c, s, -s, c};                        // RY(-pi/4)
    default: return {};
  }
}

}  // namespace

FactorEigenbasis eigenbasis_of(const Factor& factor) {
  switch (factor.kind) {
    case FactorKind::Identity: return {{}, {}, {1.0}};
    case FactorKind::PauliZ: return {factor.qubits, {}, kPlusMinus};
    case FactorKind::PauliX:
    case FactorKind::PauliY:
    case FactorKind::Hadamard: return {factor.qubits, rotation_for(factor.kind), kPlusMinus};
    case FactorKind::Hermitian: {
      const std::size_t dim = std::size_t{1} << factor.qubits.size();
      const HermitianEigen eigen = eigen_hermitian(factor.matrix, dim);
      std::vector<Complex> rotation(dim * dim);  // V^dagger: row k is the conjugated eigenvector k
      for (std::size_t k = 0; k < dim; ++k) {
        for (std::size_t col = 0; col < dim; ++col) rotation[k * dim + col] = std::conj(eigen.vectors[col * dim + k]);
      }
      return {factor.qubits, std::move(rotation), eigen.values};
    }
  }
  return {{}, {}, {1.0}};
}

}  // namespace qrt::sv
