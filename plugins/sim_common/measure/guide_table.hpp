// Inverse-CDF sampling with a guide table (Chen & Asau): the weights become their running sum and
// guide[j] records the first outcome whose running sum exceeds j/M of the total. A draw maps one
// uniform number to its guide entry and scans forward: O(N + M) set-up, O(1 + N/M) expected per draw.
// The table works in caller-provided memory (see MeasurementWorkspace).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

namespace qrt::sv {

class GuideTable {
 public:
  // `weights` is overwritten with its running sum; the weights need not be normalised but must be
  // finite, non-negative and not all zero (InvalidArgument otherwise). Outcomes of weight zero are
  // never drawn. `guide` (M >= 1 entries) is filled; M about the number of draws to come balances
  // set-up against per-draw cost. The running sum is computed in fixed chunks (in parallel when
  // large), so draws do not depend on `threads`. Both spans must outlive the table.
  GuideTable(std::span<double> weights, std::span<std::uint64_t> guide, int threads);

  std::size_t size() const { return cumulative_.size(); }

  // The outcome selected by 64 random bits (53 of them are used).
  std::uint64_t draw(std::uint64_t random_bits) const;

 private:
  std::span<const double> cumulative_;    // running sum of the weights
  std::span<const std::uint64_t> guide_;  // guide_[j]: first outcome with cumulative_ > j * total / M
  double total_ = 0.0;
  std::uint64_t last_possible_ = 0;  // last outcome of non-zero weight
};

}  // namespace qrt::sv
