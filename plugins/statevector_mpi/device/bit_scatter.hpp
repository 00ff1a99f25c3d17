// Spreading the bits of an outcome index over the qubit positions they stand for: bit m-1-j of v goes
// to bit positions[j] of the result (positions listed most significant first, as wire lists are). One
// table of 256 entries per byte of v, so a scatter costs one lookup and OR per byte.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace qrt::mpi {

class BitScatter {
 public:
  explicit BitScatter(std::span<const std::size_t> positions_msb_first) {
    const std::size_t m = positions_msb_first.size();
    tables_.resize((m + 7) / 8);
    for (std::size_t byte = 0; byte < tables_.size(); ++byte)
      for (std::size_t value = 0; value < 256; ++value) {
        std::size_t spread = 0;
        for (std::size_t b = 0; b < 8 && byte * 8 + b < m; ++b)
          if ((value >> b) & 1u) spread |= std::size_t{1} << positions_msb_first[m - 1 - (byte * 8 + b)];
        tables_[byte][value] = spread;
      }
  }
  std::size_t operator()(std::uint64_t v) const {
    std::size_t spread = 0;
    for (std::size_t byte = 0; byte < tables_.size(); ++byte) spread |= tables_[byte][(v >> (8 * byte)) & 0xffu];
    return spread;
  }

 private:
  std::vector<std::array<std::size_t, 256>> tables_;
};

}  // namespace qrt::mpi
