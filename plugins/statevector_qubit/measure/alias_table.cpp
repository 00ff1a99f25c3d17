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

  // Scaled weights (mean 1) live in entries_[i].accept until the entry is final. One index array
  // holds both work lists: light outcomes (scaled < 1) grow from the front, heavy ones from the back.
  const double scale = static_cast<double>(weights.size()) / total;
  std::vector<std::uint64_t> work(weights.size());
  std::size_t light_count = 0, heavy_begin = weights.size();
  for (std::size_t i = 0; i < weights.size(); ++i) {
    entries_[i].accept = weights[i] * scale;
    if (entries_[i].accept < 1.0) {
      work[light_count++] = i;
    } else {
      work[--heavy_begin] = i;
    }
  }
  while (light_count > 0 && heavy_begin < weights.size()) {
    const std::uint64_t light = work[--light_count];
    const std::uint64_t heavy = work[heavy_begin];
    entries_[light].alias = heavy;  // entries_[light].accept already holds its scaled weight
    // Vose: subtract in this order to limit rounding drift.
    entries_[heavy].accept = (entries_[heavy].accept + entries_[light].accept) - 1.0;
    if (entries_[heavy].accept < 1.0) {
      ++heavy_begin;
      work[light_count++] = heavy;
    }
  }
  // Leftovers hold mass 1 up to rounding, except a zero-weight outcome stranded by rounding: it must
  // stay impossible, so it always redirects to an outcome that certainly has weight.
  for (std::size_t w = heavy_begin; w < weights.size(); ++w) entries_[work[w]] = {1.0, work[w]};
  for (std::size_t w = 0; w < light_count; ++w) {
    const std::uint64_t i = work[w];
    entries_[i] = weights[i] > 0.0 ? Entry{1.0, i} : Entry{0.0, heaviest};
  }
}

std::uint64_t AliasTable::draw(std::uint64_t bucket_bits, std::uint64_t accept_bits) const {
  const std::uint64_t bucket = uniform_below(bucket_bits, entries_.size());
  const Entry& entry = entries_[bucket];
  return uniform01(accept_bits) < entry.accept ? bucket : entry.alias;
}

}  // namespace qrt::sv
