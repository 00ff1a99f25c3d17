#include "config/environment.hpp"

#include <qrt/error.hpp>
#include <qrt/pool_policy.hpp>

#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdlib>

namespace qrt::config {
namespace {

[[noreturn]] void fail(std::string_view what, std::string_view text, std::string_view expected) {
  throw Error(ErrorCode::Config,
              std::string(what) + " = '" + std::string(text) + "': expected " + std::string(expected));
}

std::string_view trim(std::string_view text) {
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front()))) text.remove_prefix(1);
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back()))) text.remove_suffix(1);
  return text;
}

bool same_letters(std::string_view text, std::string_view lower) {
  if (text.size() != lower.size()) return false;
  for (std::size_t i = 0; i < text.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(text[i])) != lower[i]) return false;
  return true;
}

}  // namespace

std::optional<std::string> environment_value(const char* name) {
  const char* value = std::getenv(name);
  if (!value || trim(value).empty()) return std::nullopt;
  return std::string(value);
}

bool parse_switch(std::string_view text, std::string_view what) {
  const std::string_view word = trim(text);
  for (std::string_view on : {"1", "true", "yes", "on"})
    if (same_letters(word, on)) return true;
  for (std::string_view off : {"0", "false", "no", "off"})
    if (same_letters(word, off)) return false;
  fail(what, text, "a switch: 1, true, yes or on; or 0, false, no or off (or leave it unset)");
}

std::optional<bool> environment_switch(const char* name) {
  const std::optional<std::string> value = environment_value(name);
  if (!value) return std::nullopt;
  return parse_switch(*value, name);
}

std::optional<double> environment_seconds(const char* name) {
  const std::optional<std::string> value = environment_value(name);
  if (!value) return std::nullopt;
  const std::string_view text = trim(*value);
  double seconds = 0;
  const auto [end, status] = std::from_chars(text.data(), text.data() + text.size(), seconds);
  if (status != std::errc() || end != text.data() + text.size() || !(seconds > 0) || !std::isfinite(seconds))
    fail(name, *value, "a positive number of seconds, such as 10 or 0.5");
  return seconds;
}

std::optional<std::uint64_t> environment_bytes(const char* name) {
  const std::optional<std::string> value = environment_value(name);
  if (!value) return std::nullopt;
  const std::uint64_t bytes = parse_byte_size(*value, name);
  if (bytes == 0) fail(name, *value, "a positive byte count");
  return bytes;
}

std::optional<std::uint64_t> environment_count(const char* name) {
  const std::optional<std::string> value = environment_value(name);
  if (!value) return std::nullopt;
  return parse_count(*value, name);
}

}  // namespace qrt::config
