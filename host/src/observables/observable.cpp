#include <qrt/error.hpp>
#include <qrt/observable.hpp>

namespace qrt {

Observable Observable::pauli_word(std::string_view word, const std::vector<Wire>& wires, double coefficient) {
  if (word.size() != wires.size())
    throw Error(ErrorCode::InvalidArgument,
                "Pauli word '" + std::string(word) + "' has " + std::to_string(word.size()) +
                    (word.size() == 1 ? " letter" : " letters") + " for " + std::to_string(wires.size()) +
                    (wires.size() == 1 ? " wire" : " wires"));
  ObservableTerm term{coefficient, {}};
  for (std::size_t i = 0; i < word.size(); ++i) {
    ObservableKind kind = ObservableKind::Identity;
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

namespace {

std::string plural(std::size_t n, const char* noun) { return std::to_string(n) + " " + noun + (n == 1 ? "" : "s"); }

char pauli_letter(char c) { return static_cast<char>(c >= 'a' && c <= 'z' ? c - 'a' + 'A' : c); }

bool is_pauli_letter(char c) {
  const char u = pauli_letter(c);
  return u == 'I' || u == 'X' || u == 'Y' || u == 'Z';
}

[[noreturn]] void bad_word(std::string_view text, const std::string& what) {
  throw Error(ErrorCode::InvalidArgument, "Pauli word '" + std::string(text) + "': " + what);
}

}  // namespace

std::string dense_pauli_word(std::string_view text, std::size_t num_qubits) {
  const bool sparse = text.find_first_of("0123456789") != std::string_view::npos;
  if (!sparse) {
    std::string word;
    for (std::size_t i = 0; i < text.size(); ++i) {
      if (!is_pauli_letter(text[i]))
        bad_word(text, "letter " + std::to_string(i + 1) + " is not one of I, X, Y, Z (or write it sparse: Z0 Z3)");
      word += pauli_letter(text[i]);
    }
    if (word.size() != num_qubits)
      throw Error(ErrorCode::InvalidArgument,
                  "Pauli word '" + std::string(text) + "' has " + plural(word.size(), "letter") + "; the circuit has " +
                      plural(num_qubits, "qubit") + " (one letter per qubit, qubit 0 rightmost, or sparse: Z0 Z3)");
    return word;
  }
  std::string word(num_qubits, 'I');
  std::vector<bool> named(num_qubits, false);
  std::size_t i = 0;
  auto separator = [&](char c) { return c == ' ' || c == '\t' || c == '*'; };
  while (i < text.size()) {
    if (separator(text[i])) {
      ++i;
      continue;
    }
    if (!is_pauli_letter(text[i]))
      bad_word(text, "expected one of I, X, Y, Z at character " + std::to_string(i + 1) + ", got '" + text[i] + "'");
    const char letter = pauli_letter(text[i++]);
    const std::size_t digits = i;
    std::size_t qubit = 0;
    bool too_large = false;
    while (i < text.size() && text[i] >= '0' && text[i] <= '9') {
      too_large = too_large || qubit > (std::size_t{1} << 32);
      qubit = qubit * 10 + static_cast<std::size_t>(text[i++] - '0');
    }
    if (i == digits)
      bad_word(text, std::string("the factor ") + letter + " at character " + std::to_string(digits) +
                         " names no qubit (e.g. " + letter + "0)");
    if (i < text.size() && !separator(text[i]))
      bad_word(text, "expected a space or '*' after qubit " + std::to_string(qubit) + " at character " +
                         std::to_string(i + 1));
    if (too_large || qubit >= num_qubits)
      bad_word(text, "qubit " + std::string(text.substr(digits, i - digits)) + " is out of range; the circuit has " +
                         plural(num_qubits, "qubit"));
    if (named[qubit]) bad_word(text, "qubit " + std::to_string(qubit) + " is named twice");
    named[qubit] = true;
    word[num_qubits - 1 - qubit] = letter;
  }
  return word;
}

Observable Observable::hermitian(std::vector<std::complex<double>> matrix, std::vector<Wire> wires) {
  return Observable{
      {ObservableTerm{1.0, {ObservableFactor{ObservableKind::Hermitian, std::move(wires), std::move(matrix)}}}}};
}

Observable& Observable::operator+=(const Observable& other) {
  terms.insert(terms.end(), other.terms.begin(), other.terms.end());
  return *this;
}

}  // namespace qrt
