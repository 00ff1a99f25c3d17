// How to measure an observable factor in its eigenbasis: the unitary that rotates its eigenvectors
// onto computational basis states, and the eigenvalue each measured outcome stands for
// (PennyLane's diagonalizing gates: X -> H, Y -> H S^dagger, Hadamard -> RY(-pi/4), Hermitian ->
// V^dagger from its eigendecomposition; +1 eigenvectors map to |0>).
#pragma once

#include "observables/observable.hpp"

#include <complex>
#include <cstddef>
#include <vector>

namespace qrt::sv {

struct FactorEigenbasis {
  std::vector<std::size_t> qubits;             // measured qubits, qubits[0] = MSB of the outcome
  std::vector<std::complex<double>> rotation;  // row-major 2^m x 2^m; empty when already diagonal
  std::vector<double> eigenvalues;             // eigenvalue of each outcome over `qubits`
};

// For a validated factor (Identity yields no qubits and the single eigenvalue 1).
FactorEigenbasis eigenbasis_of(const Factor& factor);

}  // namespace qrt::sv
