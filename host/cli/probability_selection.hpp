// The K most likely basis states of a probability vector, in one pass: O(2^n) time, O(K) extra memory (a
// bounded heap), with what a truncated listing must say about what it left out.
#pragma once

#include <cstddef>
#include <span>
#include <vector>

namespace qrt::cli {

// Below this a probability is rounding noise of a zero amplitude: not listed by a top-K selection.
inline constexpr double kNegligibleProbability = 1e-12;

struct ProbabilitySelection {
  std::vector<std::size_t> indices;  // largest first; ties: lower index first
  std::vector<double> values;        // the probability of each of `indices`
  std::size_t total = 0;             // entries in the vector (2^n)
  std::size_t nonzero = 0;           // entries above kNegligibleProbability
  double mass_total = 0;             // sum of every entry
  double mass_kept = 0;              // sum of the selected entries
  double mass_left_out() const { return mass_total - mass_kept; }
};

// At most `k` entries above kNegligibleProbability (k == 0: every such entry, still one pass plus a sort
// of what it keeps).
ProbabilitySelection select_top(std::span<const double> p, std::size_t k);

}  // namespace qrt::cli
