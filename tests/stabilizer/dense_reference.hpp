// A small dense state-vector simulator written for these tests, independent of the device: its own
// gate matrices (PennyLane's definitions), its own Pauli operators and projections. Qubit 0 is the
// most significant bit of a state index, and a matrix's first wire the most significant bit of its
// index, as in the ABI.
#pragma once

#include <complex>
#include <cstddef>
#include <random>
#include <string>
#include <vector>

namespace stab_test {

using Complex = std::complex<double>;
using Matrix = std::vector<Complex>;  // row-major, square

struct GateDefinition {
  std::string name;
  unsigned num_wires;
  Matrix matrix;
};

// Every gate the device lists, defined from scratch (also T, which the device must refuse).
const std::vector<GateDefinition>& reference_gates();
const GateDefinition& reference_gate(const std::string& name);

Matrix dagger(const Matrix& m);
// A one-wire gate with one control (first wire) that acts when the control equals `value`.
Matrix with_control(const Matrix& target, int value);
// The Pauli word's matrix, e.g. "XIZ": letter i acts on qubit i (I, X, Y, Z).
Matrix pauli_matrix(const std::string& word);

class DenseState {
 public:
  explicit DenseState(std::size_t num_qubits);  // |0...0>

  std::size_t num_qubits() const { return num_qubits_; }
  const std::vector<Complex>& amplitudes() const { return amplitudes_; }

  // qubits[0] is the matrix's most significant wire.
  void apply(const Matrix& matrix, const std::vector<std::size_t>& qubits);
  // Probabilities of the listed qubits, qubits[0] the most significant bit of the index.
  std::vector<double> probs(const std::vector<std::size_t>& qubits) const;
  double probability(std::size_t qubit, int outcome) const;
  // Projects qubit onto |outcome> and renormalises (the outcome must have probability > 0).
  void project(std::size_t qubit, int outcome);
  // <psi| word |psi> for a word over all qubits.
  double expval(const std::string& word) const;
  // <psi| O |psi> and <psi| O^2 |psi> - <O>^2 for O = sum c_i word_i.
  double expval(const std::vector<std::pair<double, std::string>>& sum) const;
  double var(const std::vector<std::pair<double, std::string>>& sum) const;
  // Length of the qubit's Bloch vector: 1 exactly when it is not entangled with the others.
  double bloch_length(std::size_t qubit) const;
  // Drops a qubit that is a product factor (any pure one-qubit state); the others keep their order.
  void remove_qubit(std::size_t qubit);
  // A new qubit in |0> as the last (least significant) qubit.
  void add_qubit();

 private:
  std::vector<Complex> applied(const Matrix& full) const;
  std::size_t num_qubits_;
  std::vector<Complex> amplitudes_;
};

}  // namespace stab_test
