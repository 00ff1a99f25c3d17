// qrt::Hamiltonian — a weighted sum of Pauli words, H = sum_k c_k P_k with real coefficients c_k: Hermitian
// by construction. One Hamiltonian is one observable: one expectation value, one row of a Jacobian.
//
//   qrt::Hamiltonian h({0.5, -0.2}, {"Z0 Z1", "X3"});
//   qrt::Hamiltonian same = qrt::Hamiltonian::parse("0.5*Z0 Z1 - 0.2*X3");
//   device.expval(h.observable(wires));   // wires: qubit n-1 first, as Observable::pauli_word takes them
//
// Words are written as `qrt run --expval` takes them (dense_pauli_word in observable.hpp): dense "ZZI"
// (qubit 0 rightmost, one letter per qubit of the register) or sparse "Z0 Z3" / "z0*z3"; an empty word is
// the identity (a constant term). The register is known only where the Hamiltonian is used, so a word
// that does not fit it (too long, a qubit out of range) is reported there, naming the term.
//
// The text form (parse, and RunOptions::expvals / qrt::gradient's observables, which take any Pauli word
// or Hamiltonian text): terms separated by `+` or `-`, each an optional real coefficient (a decimal
// number, `2`, `-0.5`, `1e-3`), an optional `*` and a word; a bare number is a constant term, a bare word
// has coefficient 1:
//     "0.5*Z0 Z1 - 0.2*X3"    "ZZI + 0.5 XXI"    "-1.25 + 0.5*z0*z1 + X2"    "Z0 Z3" (one word)
// parse_lines reads a Hamiltonian file: the same syntax on each line, the lines added; blank lines and
// `#` comments are skipped; an error names the file and the line.
#pragma once

#include <qrt/observable.hpp>

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace qrt {

class Hamiltonian {
 public:
  // Throws qrt::Error(InvalidArgument) naming the term: no terms, coefficients and words of different
  // counts, a coefficient that is not finite, a word that is not a Pauli word (a bad letter, a qubit named
  // twice, a factor without a qubit...).
  Hamiltonian(std::vector<double> coefficients, std::vector<std::string> words);

  // The text form above. Throws qrt::Error(InvalidArgument) quoting the text and naming the character or
  // term: an empty text or term, a complex coefficient (`0.5j`), a number that is not finite, a bad word.
  static Hamiltonian parse(std::string_view text);
  // A Hamiltonian file's contents; `source` names it in errors ("h.txt:3: ...").
  static Hamiltonian parse_lines(std::string_view text, const std::string& source);
  // Reads and parses a file (parse_lines). Throws qrt::Error(NotFound) when it cannot be read.
  static Hamiltonian read_file(const std::string& path);

  const std::vector<double>& coefficients() const noexcept { return coefficients_; }
  const std::vector<std::string>& words() const noexcept { return words_; }  // as given; "" = identity
  std::size_t size() const noexcept { return words_.size(); }

  // Text that parse() reads back to the same terms and the same coefficients, bit for bit.
  std::string to_string() const;

  // Every word dense over a register of num_qubits qubits (qubit 0 rightmost). Throws qrt::Error
  // (InvalidArgument) when a word does not fit it; for a Hamiltonian of several terms the message names
  // the term ("Hamiltonian term 3 ('Z7'): ...").
  std::vector<std::string> dense_words(std::size_t num_qubits) const;

  // The observable on `wires`, wires[0] the register's highest qubit (n-1) ... wires[n-1] qubit 0, as
  // Observable::pauli_word takes them. Same errors as dense_words.
  Observable observable(const std::vector<Wire>& wires) const;

 private:
  std::vector<double> coefficients_;
  std::vector<std::string> words_;
};

}  // namespace qrt
