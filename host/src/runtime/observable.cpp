#include <qrt/error.hpp>
#include <qrt/observable.hpp>

namespace qrt {

Observable Observable::pauli_word(std::string_view word, const std::vector<Wire>& wires, double coefficient) {
  if (word.size() != wires.size())
    throw Error(ErrorCode::InvalidArgument, "Pauli word '" + std::string(word) + "' has " + std::to_string(word.size()) +
                                                " letters for " + std::to_string(wires.size()) + " wires");
  ObservableTerm term{coefficient, {}};
  for (std::size_t i = 0; i < word.size(); ++i) {
    ObservableKind kind;
    switch (word[i]) {
      case 'I': continue;
      case 'X': kind = ObservableKind::PauliX; break;
      case 'Y': kind = ObservableKind::PauliY; break;
      case 'Z': kind = ObservableKind::PauliZ; break;
      default:
        throw Error(ErrorCode::InvalidArgument, "Pauli word '" + std::string(word) + "': letter " +
                                                    std::to_string(i + 1) + " is not one of I, X, Y, Z");
    }
    term.factors.push_back({kind, {wires[i]}, {}});
  }
  return Observable{{std::move(term)}};
}

Observable Observable::hermitian(std::vector<std::complex<double>> matrix, std::vector<Wire> wires) {
  return Observable{{ObservableTerm{1.0, {ObservableFactor{ObservableKind::Hermitian, std::move(wires), std::move(matrix)}}}}};
}

Observable& Observable::operator+=(const Observable& other) {
  terms.insert(terms.end(), other.terms.begin(), other.terms.end());
  return *this;
}

}  // namespace qrt
