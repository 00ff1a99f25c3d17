#include "capi/value_format.hpp"

#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdio>

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

std::string format_message(std::string_view text) {
  std::string out = "INFO\t";
  char hex[16];
  for (std::size_t i = 0; i < text.size();) {
    auto byte = static_cast<unsigned char>(text[i]);
    // Decode one UTF-8 character (an invalid byte stands for itself).
    std::uint32_t code = byte;
    std::size_t length = 1;
    if (byte >= 0xF0) length = 4, code = byte & 0x07u;
    else if (byte >= 0xE0) length = 3, code = byte & 0x0Fu;
    else if (byte >= 0xC0) length = 2, code = byte & 0x1Fu;
    if (length > 1 && i + length <= text.size()) {
      for (std::size_t k = 1; k < length; ++k) code = (code << 6) | (static_cast<unsigned char>(text[i + k]) & 0x3Fu);
    } else {
      length = 1;
      code = byte;
    }
    i += length;
    switch (code) {
      case '\t': out += "\\t"; continue;
      case '\r': out += "\\r"; continue;
      case '\n': out += "\\n"; continue;
      case '\\': out += "\\\\"; continue;
      case '\'': out += "\\'"; continue;
      case '"': out += "\\\""; continue;
      default: break;
    }
    if (code >= 0x20 && code < 0x7F) {
      out += static_cast<char>(code);
    } else {
      std::snprintf(hex, sizeof hex, "\\u{%x}", static_cast<unsigned>(code));
      out += hex;
    }
  }
  return out;
}

}  // namespace qrt::capi
