// The text form of a Hamiltonian (hamiltonian.hpp): `[sign] [number [*]] [word]` terms joined by + and -,
// and files of such lines. The one parser of it: the CLI, Python and RunOptions::expvals all come here.
#include <qrt/error.hpp>
#include <qrt/hamiltonian.hpp>

#include <charconv>
#include <string>

namespace qrt {
namespace {

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r'; }
bool is_digit(char c) { return c >= '0' && c <= '9'; }

std::string at_character(std::size_t i) { return " at character " + std::to_string(i + 1); }

struct Terms {
  std::vector<double> coefficients;
  std::vector<std::string> words;
};

[[noreturn]] void bad_text(std::string_view text, const std::string& what) {
  throw Error(ErrorCode::InvalidArgument, "Hamiltonian '" + std::string(text) + "': " + what);
}

// Appends the terms of `text` to `out`.
void parse_terms(std::string_view text, Terms& out) {
  const std::size_t n = text.size();
  if (const std::size_t j = text.find_first_of("jJ"); j != std::string_view::npos)
    bad_text(text, "'" + std::string(1, text[j]) + "'" + at_character(j) +
                       ": coefficients are real numbers (a Hamiltonian is Hermitian); complex ones are not accepted");
  std::size_t i = 0;
  const auto skip_spaces = [&] {
    while (i < n && is_space(text[i])) ++i;
  };
  skip_spaces();
  if (i == n) bad_text(text, "no terms");
  double sign = 1.0;
  if (text[i] == '+' || text[i] == '-') sign = text[i++] == '-' ? -1.0 : 1.0;
  for (std::size_t term = 1;; ++term) {
    skip_spaces();
    const std::size_t start = i;
    double coefficient = 1.0;
    bool has_number = false, has_star = false;
    if (i < n && (is_digit(text[i]) || text[i] == '.')) {
      const auto [end, ec] = std::from_chars(text.data() + i, text.data() + n, coefficient);
      if (ec == std::errc::result_out_of_range)
        bad_text(text, "the coefficient" + at_character(i) + " is not a finite number");
      if (ec != std::errc()) bad_text(text, "expected a number" + at_character(i));
      i = static_cast<std::size_t>(end - text.data());
      has_number = true;
      if (i < n && (text[i] == 'i' || text[i] == 'I') && (i + 1 == n || !is_digit(text[i + 1])))
        bad_text(text,
                 "'" + std::string(1, text[i]) + "'" + at_character(i) +
                     ": coefficients are real numbers (a Hamiltonian is Hermitian); complex ones are not accepted");
      skip_spaces();
      if (i < n && text[i] == '*') {
        has_star = true;
        ++i;
      }
    }
    const std::size_t word_start = i;
    while (i < n && text[i] != '+' && text[i] != '-') ++i;
    std::string_view word = text.substr(word_start, i - word_start);
    while (!word.empty() && is_space(word.front())) word.remove_prefix(1);
    while (!word.empty() && is_space(word.back())) word.remove_suffix(1);
    if (word.empty() && !has_number) bad_text(text, "term " + std::to_string(term) + at_character(start) + " is empty");
    if (word.empty() && has_star) bad_text(text, "expected a Pauli word after '*' in term " + std::to_string(term));
    out.coefficients.push_back(sign * coefficient);
    out.words.emplace_back(word);
    if (i == n) return;
    sign = text[i++] == '-' ? -1.0 : 1.0;
  }
}

}  // namespace

Hamiltonian Hamiltonian::parse(std::string_view text) {
  Terms terms;
  parse_terms(text, terms);
  return Hamiltonian(std::move(terms.coefficients), std::move(terms.words));
}

Hamiltonian Hamiltonian::parse_lines(std::string_view text, const std::string& source) {
  Terms terms;
  std::size_t line_number = 0;
  for (std::size_t begin = 0; begin <= text.size();) {
    std::size_t end = text.find('\n', begin);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(begin, end - begin);
    begin = end + 1;
    ++line_number;
    if (const std::size_t hash = line.find('#'); hash != std::string_view::npos) line = line.substr(0, hash);
    if (line.find_first_not_of(" \t\r") == std::string_view::npos) continue;
    try {
      Terms line_terms;
      parse_terms(line, line_terms);
      const Hamiltonian checked(line_terms.coefficients, line_terms.words);  // the words' syntax, here
      terms.coefficients.insert(terms.coefficients.end(), line_terms.coefficients.begin(),
                                line_terms.coefficients.end());
      terms.words.insert(terms.words.end(), line_terms.words.begin(), line_terms.words.end());
    } catch (const Error& e) {
      throw Error(e.code(), source + ":" + std::to_string(line_number) + ": " + e.what());
    }
  }
  if (terms.words.empty())
    throw Error(ErrorCode::InvalidArgument, source +
                                                ": no terms (a Hamiltonian needs at least one: a line such as "
                                                "'0.5 Z0 Z1')");
  return Hamiltonian(std::move(terms.coefficients), std::move(terms.words));
}

}  // namespace qrt
