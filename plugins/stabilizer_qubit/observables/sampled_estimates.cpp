#include "observables/sampled_estimates.hpp"

#include "clifford/basis_change.hpp"
#include "sampling/outcome_space.hpp"

#include <qrt/sdk/error.hpp>

#include <bit>
#include <cmath>
#include <map>
#include <span>
#include <stdexcept>
#include <vector>

namespace qrt::stab {

namespace {

bool qubit_wise_commuting(std::span<const PauliTerm> terms) {
  if (terms.empty()) return true;
  const std::size_t n = terms.front().pauli.num_qubits();
  for (std::size_t q = 0; q < n; ++q) {
    PauliLetter seen = PauliLetter::I;
    for (const PauliTerm& term : terms) {
      const PauliLetter letter = term.pauli.letter(q);
      if (letter == PauliLetter::I) continue;
      if (seen != PauliLetter::I && letter != seen) return false;
      seen = letter;
    }
  }
  return true;
}

// The observable's value in each of `shots` shots, for qubit-wise commuting terms.
std::vector<double> shot_values(const Tableau& tableau, std::span<const PauliTerm> terms, std::uint64_t shots,
                                std::mt19937_64& rng) {
  std::map<std::size_t, PauliLetter> measured;  // column -> the Pauli measured there
  for (const PauliTerm& term : terms)
    for (std::size_t q = 0; q < term.pauli.num_qubits(); ++q)
      if (term.pauli.letter(q) != PauliLetter::I) measured[q] = term.pauli.letter(q);

  Tableau rotated = tableau;
  std::vector<std::size_t> columns;
  for (const auto& [column, letter] : measured) {
    if (letter != PauliLetter::Z)
      rotated.apply(letter == PauliLetter::X ? x_to_z() : y_to_z(), std::span<const std::size_t>(&column, 1));
    columns.push_back(column);
  }
  const OutcomeSpace space(rotated, columns);

  // Per term: which outcome bits its eigenvalue is the parity of.
  std::vector<std::vector<Word>> masks;
  for (const PauliTerm& term : terms) {
    std::vector<Word> mask(words_for(columns.size()), Word{0});
    for (std::size_t i = 0; i < columns.size(); ++i)
      if (term.pauli.letter(columns[i]) != PauliLetter::I) flip_bit(mask.data(), i);
    masks.push_back(std::move(mask));
  }

  std::vector<double> values(shots);
  std::vector<Word> outcome(words_for(columns.size()));
  for (double& value : values) {
    space.draw(rng, outcome);
    value = 0;
    for (std::size_t t = 0; t < terms.size(); ++t) {
      Word parity = 0;
      for (std::size_t w = 0; w < outcome.size(); ++w) parity ^= outcome[w] & masks[t][w];
      const bool negative = ((std::popcount(parity) & 1) != 0) != terms[t].pauli.negative();
      value += negative ? -terms[t].coefficient : terms[t].coefficient;
    }
  }
  return values;
}

double mean_of(const std::vector<double>& values) {
  double sum = 0;
  for (double v : values) sum += v;
  return sum / static_cast<double>(values.size());
}

void require_shots(std::uint64_t shots) {
  if (shots == 0) throw std::invalid_argument("sampled estimate with shots == 0");
}

}  // namespace

double expval_sampled(const Tableau& tableau, const PauliSum& observable, std::uint64_t shots, std::mt19937_64& rng) {
  require_shots(shots);
  const std::span<const PauliTerm> terms(observable.terms);
  if (qubit_wise_commuting(terms)) return terms.empty() ? 0.0 : mean_of(shot_values(tableau, terms, shots, rng));
  double value = 0;
  for (std::size_t t = 0; t < terms.size(); ++t)
    value += mean_of(shot_values(tableau, terms.subspan(t, 1), shots, rng));
  return value;
}

double var_sampled(const Tableau& tableau, const PauliSum& observable, std::uint64_t shots, std::mt19937_64& rng) {
  require_shots(shots);
  const std::span<const PauliTerm> terms(observable.terms);
  if (!qubit_wise_commuting(terms))
    qrt::sdk::throw_unsupported(
        "var with shots > 0 needs terms that agree on every shared wire (qubit-wise commuting), so that one set "
        "of shots measures them all; set shots = 0 for the exact variance");
  if (terms.empty()) return 0.0;
  const std::vector<double> values = shot_values(tableau, terms, shots, rng);
  const double mean = mean_of(values);
  double sum = 0;
  for (double v : values) sum += (v - mean) * (v - mean);
  return sum / static_cast<double>(values.size());
}

}  // namespace qrt::stab
