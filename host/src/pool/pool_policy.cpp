#include <qrt/pool_policy.hpp>

#include <qrt/error.hpp>

#include "config/environment.hpp"

#include <array>
#include <cctype>
#include <charconv>
#include <cstdlib>
#include <limits>
#include <utility>

namespace qrt {

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

// The whole of `digits` as an unsigned integer, or nullopt (empty, signs, other characters, overflow).
std::optional<std::uint64_t> unsigned_integer(std::string_view digits) {
  std::uint64_t value = 0;
  const char* end = digits.data() + digits.size();
  auto [ptr, ec] = std::from_chars(digits.data(), end, value);
  if (digits.empty() || ec != std::errc() || ptr != end) return std::nullopt;
  return value;
}

// Binary multiples, by the suffix letter.
constexpr std::array<std::pair<char, unsigned>, 4> kByteSuffixes{{{'K', 10}, {'M', 20}, {'G', 30}, {'T', 40}}};

constexpr std::string_view kByteSizeForm = "a byte count such as 1048576, 64K, 512M or 2G (binary multiples)";

}  // namespace

PoolPolicy PoolPolicy::or_else(const PoolPolicy& fallback) const {
  return {max_inactive ? max_inactive : fallback.max_inactive,
          max_inactive_per_key ? max_inactive_per_key : fallback.max_inactive_per_key,
          max_bytes ? max_bytes : fallback.max_bytes};
}

std::size_t parse_count(std::string_view text, std::string_view what) {
  auto value = unsigned_integer(trim(text));
  if (!value || *value > std::numeric_limits<std::size_t>::max()) fail(what, text, "a non-negative integer");
  return static_cast<std::size_t>(*value);
}

std::uint64_t parse_byte_size(std::string_view text, std::string_view what) {
  std::string_view rest = trim(text);
  // Optional unit spelling after the multiplier letter: "512M", "512MB", "512MiB"; "B" alone is bytes.
  if (rest.size() >= 2 && (rest.ends_with("iB") || rest.ends_with("ib"))) rest.remove_suffix(2);
  else if (!rest.empty() && (rest.back() == 'B' || rest.back() == 'b')) rest.remove_suffix(1);
  unsigned shift = 0;
  if (!rest.empty() && std::isalpha(static_cast<unsigned char>(rest.back()))) {
    const char letter = static_cast<char>(std::toupper(static_cast<unsigned char>(rest.back())));
    bool known = false;
    for (const auto& [suffix, bits] : kByteSuffixes)
      if (suffix == letter) {
        shift = bits;
        known = true;
      }
    if (!known) fail(what, text, kByteSizeForm);
    rest.remove_suffix(1);
  }
  auto value = unsigned_integer(trim(rest));
  if (!value) fail(what, text, kByteSizeForm);
  if (shift > 0 && *value > (std::numeric_limits<std::uint64_t>::max() >> shift))
    fail(what, text, "a byte count below 2^64");
  return *value << shift;
}

PoolPolicy pool_policy_from_environment() {
  // An unset or empty variable sets nothing.
  auto variable = [](const char* name) { return config::environment_value(name); };
  PoolPolicy policy;
  if (auto v = variable(kPoolMaxInactiveEnv)) policy.max_inactive = parse_count(*v, kPoolMaxInactiveEnv);
  if (auto v = variable(kPoolMaxInactivePerKeyEnv))
    policy.max_inactive_per_key = parse_count(*v, kPoolMaxInactivePerKeyEnv);
  if (auto v = variable(kPoolMaxBytesEnv)) policy.max_bytes = parse_byte_size(*v, kPoolMaxBytesEnv);
  return policy;
}

}  // namespace qrt
