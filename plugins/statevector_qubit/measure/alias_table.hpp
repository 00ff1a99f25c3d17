// Walker's alias method (Vose's numerically stable construction): O(N) set-up, then one draw costs
// one table entry lookup, independent of N.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace qrt::sv {

class AliasTable {
 public:
  // `weights` need not be normalised; they must be finite, non-negative and not all zero
  // (InvalidArgument otherwise). Outcomes of weight zero are never drawn.
  explicit AliasTable(std::span<const double> weights);

  std::size_t size() const { return entries_.size(); }

  // The outcome selected by two independent 64-bit random words.
  std::uint64_t draw(std::uint64_t bucket_bits, std::uint64_t accept_bits) const;

 private:
  struct Entry {
    double accept;        // probability of keeping the bucket itself
    std::uint64_t alias;  // outcome returned otherwise
  };
  std::vector<Entry> entries_;
};

}  // namespace qrt::sv
