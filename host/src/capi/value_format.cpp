#include "capi/value_format.hpp"

#include <charconv>
#include <cmath>

namespace qrt::capi {

std::string format_double(double value) {
  if (std::isnan(value)) return "NaN";
  if (std::isinf(value)) return value > 0 ? "inf" : "-inf";
  char buffer[512];  // the longest fixed-notation double (5e-324) needs ~330 characters
  auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::fixed);
  std::string text(buffer, ec == std::errc() ? end : buffer);
  if (text.find('.') == std::string::npos) text += ".0";
  return text;
}

}  // namespace qrt::capi
