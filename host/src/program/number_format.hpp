// Shortest round-trip text of a double, for messages ("division by zero in 1/0", "got 2.5").
#pragma once

#include <charconv>
#include <string>

namespace qrt::program::detail {

inline std::string format_number(double value) {
  char buffer[32];
  const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
  return std::string(buffer, result.ptr);
}

}  // namespace qrt::program::detail
