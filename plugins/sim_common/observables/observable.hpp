// Observables on qubit indices, as the statevector.qubit kernels consume them.
//
// The device class converts the SDK's wire-based qrt::sdk::Observable into this form (same shape,
// wires replaced by qubit indices: qubit k = bit k of the amplitude index).
//
//   Observable = sum over terms of coefficient * (tensor product of factors)
//   Factor     = Identity | PauliX | PauliY | PauliZ | Hadamard  (one qubit; Identity any number)
//              | Hermitian (a row-major 2^m x 2^m complex matrix on m qubits, qubits[0] = the most
//                significant bit of the matrix index, PennyLane's ordering)
//
// Validation (done by every evaluation entry point, see compiled_term.hpp) rejects with a message
// naming the term and factor: qubits out of range, a factor listing a qubit twice, factors of one
// term overlapping on a qubit, a Pauli/Hadamard factor without exactly one qubit, a Hermitian
// matrix of the wrong size, non-finite or not Hermitian, a non-finite coefficient.
#pragma once

#include <complex>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace qrt::sv {

enum class FactorKind : std::uint8_t { Identity, PauliX, PauliY, PauliZ, Hadamard, Hermitian };

std::string_view to_string(FactorKind kind);

struct Factor {
  FactorKind kind = FactorKind::Identity;
  std::vector<std::size_t> qubits;
  std::vector<std::complex<double>> matrix;  // Hermitian only: row-major 2^m x 2^m, m = qubits.size()
};

struct Term {
  double coefficient = 1.0;
  std::vector<Factor> factors;  // tensor product; no factors means the identity
};

struct Observable {
  std::vector<Term> terms;  // weighted sum; no terms means the zero operator
};

// Builders.
Factor identity_factor(std::span<const std::size_t> qubits = {});
Factor pauli_x(std::size_t qubit);
Factor pauli_y(std::size_t qubit);
Factor pauli_z(std::size_t qubit);
Factor hadamard(std::size_t qubit);
Factor hermitian(std::vector<std::size_t> qubits, std::vector<std::complex<double>> matrix);

// A Pauli word such as "XIZY" on qubits {3, 0, 1, 2} (letters I, X, Y, Z; one qubit per letter).
// InvalidArgument for another letter or a length mismatch.
Term pauli_word(std::string_view letters, std::span<const std::size_t> qubits, double coefficient = 1.0);

// An observable made of one term.
Observable single_term(Term term);

}  // namespace qrt::sv
