// qrt::Hamiltonian: construction checks, its text form out, and its use on a register (the parser is
// hamiltonian_text.cpp).
#include <qrt/error.hpp>
#include <qrt/hamiltonian.hpp>

#include <charconv>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace qrt {
namespace {

bool is_digit(char c) { return c >= '0' && c <= '9'; }

// "Hamiltonian term 3 ('Z7'): " for a Hamiltonian of several terms, nothing for one (a lone word's errors
// read as they always have).
std::string term_context(std::size_t count, std::size_t k) {
  return count == 1 ? std::string() : "Hamiltonian term " + std::to_string(k + 1) + ": ";
}

// Checks a word's syntax without a register: dense_pauli_word on the smallest register it fits (its
// letter count, or its highest qubit + 1), which leaves only a register-size mismatch for later.
void check_word_syntax(const std::string& word, const std::string& context) {
  if (word.empty()) return;
  std::size_t needed = word.size();
  if (word.find_first_of("0123456789") != std::string::npos) {
    needed = 0;
    for (std::size_t i = 0; i < word.size();) {
      if (!is_digit(word[i])) {
        ++i;
        continue;
      }
      const std::size_t start = i;
      while (i < word.size() && is_digit(word[i])) ++i;
      if (i - start > 9)
        throw Error(ErrorCode::InvalidArgument,
                    context + "Pauli word '" + word + "': qubit " + word.substr(start, i - start) + " is out of range");
      needed = std::max<std::size_t>(needed, std::stoul(word.substr(start, i - start)) + 1);
    }
  }
  try {
    dense_pauli_word(word, needed);
  } catch (const Error& e) {
    throw Error(e.code(), context + e.what());
  }
}

std::string shortest(double value) {
  char buffer[32];
  const auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, value);
  return std::string(buffer, end);
}

}  // namespace

Hamiltonian::Hamiltonian(std::vector<double> coefficients, std::vector<std::string> words)
    : coefficients_(std::move(coefficients)), words_(std::move(words)) {
  if (words_.empty()) throw Error(ErrorCode::InvalidArgument, "a Hamiltonian needs at least one term (it has none)");
  if (coefficients_.size() != words_.size())
    throw Error(ErrorCode::InvalidArgument,
                "a Hamiltonian needs one coefficient per word: " + std::to_string(coefficients_.size()) +
                    " coefficients for " + std::to_string(words_.size()) + " words");
  for (std::size_t k = 0; k < words_.size(); ++k) {
    if (!std::isfinite(coefficients_[k]))
      throw Error(ErrorCode::InvalidArgument, "Hamiltonian term " + std::to_string(k + 1) + " ('" + words_[k] +
                                                  "') has the coefficient " + shortest(coefficients_[k]) +
                                                  ", not a finite number");
    check_word_syntax(words_[k], term_context(words_.size(), k));
  }
}

std::string Hamiltonian::to_string() const {
  std::string text;
  for (std::size_t k = 0; k < words_.size(); ++k) {
    const double c = coefficients_[k];
    if (k == 0) text += shortest(c);
    else text += (std::signbit(c) ? " - " : " + ") + shortest(std::fabs(c));
    if (!words_[k].empty()) text += "*" + words_[k];
  }
  return text;
}

std::vector<std::string> Hamiltonian::dense_words(std::size_t num_qubits) const {
  std::vector<std::string> dense;
  dense.reserve(words_.size());
  for (std::size_t k = 0; k < words_.size(); ++k) {
    if (words_[k].empty()) {
      dense.emplace_back(num_qubits, 'I');
      continue;
    }
    try {
      dense.push_back(dense_pauli_word(words_[k], num_qubits));
    } catch (const Error& e) {
      throw Error(e.code(), term_context(words_.size(), k) + e.what());
    }
  }
  return dense;
}

Observable Hamiltonian::observable(const std::vector<Wire>& wires) const {
  const std::vector<std::string> dense = dense_words(wires.size());
  Observable out;
  out.terms.reserve(dense.size());
  for (std::size_t k = 0; k < dense.size(); ++k) out += Observable::pauli_word(dense[k], wires, coefficients_[k]);
  return out;
}

Hamiltonian Hamiltonian::read_file(const std::string& path) {
  std::error_code ec;
  std::ifstream in;
  if (!std::filesystem::is_directory(path, ec)) in.open(path, std::ios::binary);
  if (!in.is_open() || !in) throw Error(ErrorCode::NotFound, "cannot read the Hamiltonian file '" + path + "'");
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) throw Error(ErrorCode::NotFound, "cannot read the Hamiltonian file '" + path + "'");
  return parse_lines(text.str(), path);
}

}  // namespace qrt
