#include "observables/observable.hpp"

#include "measure/errors.hpp"

namespace qrt::sv {

std::string_view to_string(FactorKind kind) {
  switch (kind) {
    case FactorKind::Identity: return "Identity";
    case FactorKind::PauliX: return "PauliX";
    case FactorKind::PauliY: return "PauliY";
    case FactorKind::PauliZ: return "PauliZ";
    case FactorKind::Hadamard: return "Hadamard";
    case FactorKind::Hermitian: return "Hermitian";
  }
  return "unknown";
}

Factor identity_factor(std::span<const std::size_t> qubits) {
  return {FactorKind::Identity, {qubits.begin(), qubits.end()}, {}};
}
Factor pauli_x(std::size_t qubit) { return {FactorKind::PauliX, {qubit}, {}}; }
Factor pauli_y(std::size_t qubit) { return {FactorKind::PauliY, {qubit}, {}}; }
Factor pauli_z(std::size_t qubit) { return {FactorKind::PauliZ, {qubit}, {}}; }
Factor hadamard(std::size_t qubit) { return {FactorKind::Hadamard, {qubit}, {}}; }
Factor hermitian(std::vector<std::size_t> qubits, std::vector<std::complex<double>> matrix) {
  return {FactorKind::Hermitian, std::move(qubits), std::move(matrix)};
}

Term pauli_word(std::string_view letters, std::span<const std::size_t> qubits, double coefficient) {
  if (letters.size() != qubits.size()) {
    fail(ErrorKind::InvalidArgument, "pauli_word: \"" + std::string(letters) + "\" has " +
                                         std::to_string(letters.size()) + " letters but " +
                                         std::to_string(qubits.size()) + " qubits were given");
  }
  Term term{coefficient, {}};
  for (std::size_t i = 0; i < letters.size(); ++i) {
    switch (letters[i]) {
      case 'I': term.factors.push_back(identity_factor({&qubits[i], 1})); break;
      case 'X': term.factors.push_back(pauli_x(qubits[i])); break;
      case 'Y': term.factors.push_back(pauli_y(qubits[i])); break;
      case 'Z': term.factors.push_back(pauli_z(qubits[i])); break;
      default:
        fail(ErrorKind::InvalidArgument, "pauli_word: letter '" + std::string(1, letters[i]) + "' at position " +
                                             std::to_string(i) + " of \"" + std::string(letters) +
                                             "\" is not one of I, X, Y, Z");
    }
  }
  return term;
}

Observable single_term(Term term) { return Observable{{std::move(term)}}; }

}  // namespace qrt::sv
