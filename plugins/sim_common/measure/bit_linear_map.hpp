// A map on bit patterns that is linear over OR (f(x | y) = f(x) | f(y) for disjoint x, y), such as
// "amplitude index -> output index" or "tile number -> amplitude offset". Evaluated with one table
// lookup per byte of the argument instead of one step per bit. Internal helper.
#pragma once

#include "measure/bits.hpp"

#include <bit>
#include <cstddef>
#include <vector>

namespace qrt::sv {

class BitLinearMap {
 public:
  // image_of_bit[j] = f(1 << j); bits beyond the list map to 0.
  explicit BitLinearMap(const std::vector<bits::Index>& image_of_bit)
      : bytes_((image_of_bit.size() + 7) / 8), table_(bytes_ * 256, 0) {
    for (std::size_t byte = 0; byte < bytes_; ++byte) {
      for (bits::Index value = 1; value < 256; ++value) {
        const std::size_t low = static_cast<std::size_t>(std::countr_zero(value));
        const std::size_t bit = 8 * byte + low;
        const bits::Index image = bit < image_of_bit.size() ? image_of_bit[bit] : 0;
        table_[byte * 256 + value] = table_[byte * 256 + (value & (value - 1))] | image;
      }
    }
  }

  bits::Index operator()(bits::Index x) const {
    bits::Index result = 0;
    for (std::size_t byte = 0; byte < bytes_; ++byte, x >>= 8) result |= table_[byte * 256 + (x & 0xff)];
    return result;
  }

 private:
  std::size_t bytes_;
  std::vector<bits::Index> table_;
};

}  // namespace qrt::sv
