#include "measure/guide_table.hpp"

#include "measure/errors.hpp"
#include "measure/parallel.hpp"
#include "measure/random.hpp"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

namespace qrt::sv {

namespace {

// Validates the weights and turns them into their running sum: per-chunk sums, then chunk offsets
// in order, then each chunk's prefix — the same additions whatever the thread count.
void running_sum(std::span<double> values, int threads) {
  const std::size_t size = values.size();
  const int workers = parallel::workers_for(size, threads);
  std::vector<double> chunk_total(parallel::chunk_count(size, parallel::kChunkAmplitudes), 0.0);
  parallel::for_each_chunk(size, parallel::kChunkAmplitudes, workers,
                           [&](std::size_t chunk, std::size_t begin, std::size_t end) {
                             double sum = 0.0;
                             for (std::size_t i = begin; i < end; ++i) {
                               sum += values[i];
                               values[i] = sum;
                             }
                             chunk_total[chunk] = sum;
                           });
  double offset = 0.0;
  for (double& total : chunk_total) {
    const double next = offset + total;
    total = offset;
    offset = next;
  }
  parallel::for_each_chunk(size, parallel::kChunkAmplitudes, workers,
                           [&](std::size_t chunk, std::size_t begin, std::size_t end) {
                             for (std::size_t i = begin; i < end; ++i) values[i] += chunk_total[chunk];
                           });
}

}  // namespace

GuideTable::GuideTable(std::span<double> weights, std::span<std::uint64_t> guide, int threads)
    : cumulative_(weights), guide_(guide) {
  if (weights.empty()) fail(ErrorKind::InvalidArgument, "sample: the distribution has no outcomes");
  if (guide.empty()) fail(ErrorKind::InvalidArgument, "sample: the guide table needs at least one entry");
  for (std::size_t i = 0; i < weights.size(); ++i) {
    if (!std::isfinite(weights[i]) || weights[i] < 0.0) {
      fail(ErrorKind::InvalidArgument,
           "sample: weight " + std::to_string(i) + " is " + std::to_string(weights[i]) + ", not a probability");
    }
    if (weights[i] > 0.0) last_possible_ = i;
  }
  running_sum(weights, threads);
  total_ = weights.back();
  if (!(total_ > 0.0)) fail(ErrorKind::InvalidArgument, "sample: all outcome probabilities are zero");

  const double bucket_width = total_ / static_cast<double>(guide.size());
  std::uint64_t outcome = 0;
  for (std::size_t j = 0; j < guide.size(); ++j) {
    const double start = static_cast<double>(j) * bucket_width;
    while (outcome < last_possible_ && weights[outcome] <= start) ++outcome;
    guide[j] = outcome;
  }
}

std::uint64_t GuideTable::draw(std::uint64_t random_bits) const {
  const double unit = uniform01(random_bits);
  const double target = unit * total_;
  const auto bucket =
      std::min<std::size_t>(static_cast<std::size_t>(unit * static_cast<double>(guide_.size())), guide_.size() - 1);
  // The first outcome whose running sum exceeds the target (zero-weight outcomes never qualify). The
  // guide entry is at most one step late when rounding puts the target on a bucket boundary.
  std::uint64_t outcome = guide_[bucket];
  while (outcome > 0 && cumulative_[outcome - 1] > target) --outcome;
  while (outcome < last_possible_ && cumulative_[outcome] <= target) ++outcome;
  return outcome;
}

}  // namespace qrt::sv
