// Computational-basis outcomes of a stabiliser state. Measuring every qubit of a stabiliser state
// gives a uniformly random element of an affine subspace offset + span{g_1..g_k} of GF(2)^n, where
// the g_i are the X parts of a row-reduced stabiliser basis (k = rank of the X block) and the offset
// solves the constraints of the remaining Z-only stabilisers. Restricting to some qubits keeps the
// distribution uniform on the projected subspace. So one O(n^3 / 64) worst-case (O(n^2) bit tests
// for a GHZ state) reduction on a copy of the stabilisers gives exact probabilities and shots at
// O(k * m / 64) words each, without touching the device's tableau.
#pragma once

#include "tableau/bit_words.hpp"
#include "tableau/tableau.hpp"

#include <cstddef>
#include <cstdint>
#include <random>
#include <span>
#include <vector>

namespace qrt::stab {

class OutcomeSpace {
 public:
  // probabilities() enumerates 2^m outcomes: at most 2^20 (8 MiB of doubles).
  static constexpr std::size_t kMaxProbabilityBits = 20;

  // Outcomes of `columns` (bit i of an outcome is the qubit columns[i]); columns must be distinct
  // and < tableau.num_qubits() (callers validate).
  OutcomeSpace(const Tableau& tableau, std::span<const std::size_t> columns);

  std::size_t num_bits() const { return num_bits_; }
  // Independent random bits that choose an outcome (after dropping generators that vanish on
  // `columns`; may exceed the rank of the projection).
  std::size_t num_generators() const { return generators_.size(); }

  // One outcome into `outcome` (words_for(num_bits()) words, bit i = columns[i]).
  void draw(std::mt19937_64& rng, std::span<Word> outcome) const;
  // `shots` outcomes as rows of num_bits() bytes 0/1; out.size() == shots * num_bits().
  void sample(std::mt19937_64& rng, std::size_t shots, std::span<std::uint8_t> out) const;
  // Exact probabilities, out.size() == 2^num_bits() <= 2^kMaxProbabilityBits; index bit
  // (num_bits() - 1 - i) is columns[i] (the first column is the most significant bit).
  void probabilities(std::span<double> out) const;

 private:
  std::size_t num_bits_;
  std::vector<Word> offset_;                   // words_for(num_bits_)
  std::vector<std::vector<Word>> generators_;  // nonzero projections, words_for(num_bits_) each
};

}  // namespace qrt::stab
