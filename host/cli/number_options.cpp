#include "number_options.hpp"

#include <charconv>
#include <cmath>
#include <string>

namespace qrt::cli {

CLI::Validator whole_number(std::uint64_t min) {
  const std::string expected = "a whole number" + (min > 0 ? " >= " + std::to_string(min) : std::string(" >= 0"));
  return CLI::Validator(
      [min, expected](std::string& text) -> std::string {
        std::uint64_t value = 0;
        const char* end = text.data() + text.size();
        const auto [ptr, ec] = std::from_chars(text.data(), end, value);
        if (text.empty() || ptr != end || (ec != std::errc{} && ec != std::errc::result_out_of_range))
          return "expected " + expected + ", got '" + text + "'";
        if (ec == std::errc::result_out_of_range) return text + " is too large (the largest is 18446744073709551615)";
        if (value < min) return "expected " + expected + ", got " + text;
        return {};
      },
      min > 0 ? "UINT>=" + std::to_string(min) : "UINT");
}

CLI::Validator positive_seconds() {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        double value = 0;
        const char* end = text.data() + text.size();
        const auto [ptr, ec] = std::from_chars(text.data(), end, value);
        if (text.empty() || ptr != end || ec != std::errc{} || !std::isfinite(value))
          return "expected a number of seconds, got '" + text + "'";
        if (!(value > 0)) return "expected a number of seconds > 0, got " + text;
        return {};
      },
      "SECONDS>0");
}

}  // namespace qrt::cli
