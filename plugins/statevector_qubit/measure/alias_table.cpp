#include "measure/alias_table.hpp"

#include "measure/errors.hpp"
#include "measure/random.hpp"

#include <cmath>
#include <string>

namespace qrt::sv {

AliasTable::AliasTable(std::span<const double> weights) : entries_(weights.size()) {
  if (weights.empty()) fail(ErrorKind::InvalidArgument, "sample: the distribution has no outcomes");
  double total = 0.0;
  std::size_t heaviest = 0;
  for (std::size_t i = 0; i < weights.size(); ++i) {
    if (!std::isfinite(weights[i]) || weights[i] < 0.0) {
      fail(ErrorKind::InvalidArgument,
           "sample: weight " + std::to_string(i) + " is " + std::to_string(weights[i]) + ", not a probability");
    }
    total += weights[i];
    if (weights[i] > weights[heaviest]) heaviest = i;
  }
  if (!(total > 0.0)) fail(ErrorKind::InvalidArgument, "sample: all outcome probabilities are zero");

  const double n = static_cast<double>(weights.size());
  std::vector<double> scaled(weights.size());
  std::vector<std::uint64_t> small, large;
  for (std::size_t i = 0; i < weights.size(); ++i) {
    scaled[i] = weights[i] * n / total;
    (scaled[i] < 1.0 ? small : large).push_back(i);
  }
  while (!small.empty() && !large.empty()) {
    const std::uint64_t light = small.back();
    small.pop_back();
    const std::uint64_t heavy = large.back();
    entries_[light] = {scaled[light], heavy};
    // Vose: subtract in this order to limit rounding drift.
    scaled[heavy] = (scaled[heavy] + scaled[light]) - 1.0;
    if (scaled[heavy] < 1.0) {
      large.pop_back();
      small.push_back(heavy);
    }
  }
  // Leftovers hold mass 1 up to rounding, except a zero-weight outcome stranded by rounding: it must
  // stay impossible, so it always redirects to an outcome that certainly has weight.
  for (std::uint64_t i : large) entries_[i] = {1.0, i};
  for (std::uint64_t i : small) entries_[i] = weights[i] > 0.0 ? Entry{1.0, i} : Entry{0.0, heaviest};
}

std::uint64_t AliasTable::draw(std::uint64_t bucket_bits, std::uint64_t accept_bits) const {
  const std::uint64_t bucket = uniform_below(bucket_bits, entries_.size());
  const Entry& entry = entries_[bucket];
  return uniform01(accept_bits) < entry.accept ? bucket : entry.alias;
}

}  // namespace qrt::sv
