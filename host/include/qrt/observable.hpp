// Observables as the host's API takes them: a weighted sum of tensor products of named Pauli-type
// observables or Hermitian matrices, on device wires.
#pragma once

#include <complex>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace qrt {

using Wire = std::uint64_t;

enum class ObservableKind : std::uint32_t { Identity, PauliX, PauliY, PauliZ, Hadamard, Hermitian };

struct ObservableFactor {
  ObservableKind kind;
  std::vector<Wire> wires;                   // one wire, or k for Hermitian
  std::vector<std::complex<double>> matrix;  // Hermitian: row-major 2^k x 2^k, first wire = MSB
};

struct ObservableTerm {
  double coefficient = 1.0;
  std::vector<ObservableFactor> factors;  // empty: Identity
};

struct Observable {
  std::vector<ObservableTerm> terms;

  // coefficient * P_0 ⊗ P_1 ⊗ ... for a word over {I, X, Y, Z} (one letter per wire); throws
  // qrt::Error on a bad letter or a length mismatch.
  static Observable pauli_word(std::string_view word, const std::vector<Wire>& wires, double coefficient = 1.0);
  static Observable hermitian(std::vector<std::complex<double>> matrix, std::vector<Wire> wires);
  Observable& operator+=(const Observable& other);
};

// A Pauli word as a user writes it, as the dense word over {I, X, Y, Z} with one letter per qubit, qubit 0
// rightmost (the form pauli_word takes with wires qubit n-1 ... qubit 0). Accepted, in either case:
//   dense:  "ZZI", "zzi" — exactly `num_qubits` letters, qubit 0 rightmost;
//   sparse: "Z0 Z3", "z0*z3", "X1" — a letter and a qubit index per factor, separated by spaces or '*';
//           qubits not named are I.
// Throws qrt::Error(InvalidArgument) naming the word and what is wrong with it (a bad letter, a qubit out
// of range or named twice, a dense word of the wrong length).
std::string dense_pauli_word(std::string_view text, std::size_t num_qubits);

}  // namespace qrt
