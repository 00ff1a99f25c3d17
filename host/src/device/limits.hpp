// Sizes the host checks before building a buffer or handing a matrix to a device.
#pragma once

#include <qrt/error.hpp>

#include <cstddef>
#include <string>

namespace qrt::device {

// Matrices cross the ABI on at most 16 wires (65536 x 65536 entries); beyond that dim * dim overflows.
inline constexpr std::size_t kMaxMatrixWires = 16;

// 2^k for a matrix on k wires; throws Error(OutOfRange) naming `what` beyond kMaxMatrixWires.
inline std::size_t matrix_dim(std::size_t k, const std::string& what) {
  if (k > kMaxMatrixWires)
    throw Error(ErrorCode::OutOfRange, what + " on " + std::to_string(k) +
                                           " wires is too large: matrices act on at most " +
                                           std::to_string(kMaxMatrixWires) + " wires");
  return std::size_t{1} << k;
}

}  // namespace qrt::device
