// qrt::PoolPolicy — how many idle (Inactive) device instances the pool keeps, and how much memory they
// may hold. Released instances are kept for reuse; when keeping one would break a limit, the least
// recently released Inactive instances are destroyed (evicted) first. Active instances (held by a
// Device) are never evicted: the limits bound what the pool keeps beyond what is in use.
//
// Sources, each overriding the one before: the built-in default (no limit), the environment, then
// RuntimeOptions::pool (or the CLI flags, which set it):
//
//   QRT_POOL_MAX_INACTIVE          Inactive instances kept in all (0 = no reuse: create per open)
//   QRT_POOL_MAX_INACTIVE_PER_KEY  Inactive instances kept per key (library, device, canonical kwargs)
//   QRT_POOL_MAX_BYTES             bytes Inactive instances may hold, as each reports through the ABI's
//                                  `memory_bytes` after its reset (a device without it counts as 0);
//                                  a plain integer, or with a binary suffix K, M, G or T (e.g. 512M)
//
// An empty variable means "no limit"; anything else that is not a non-negative integer is an error
// (qrt::Error(Config) naming the variable and its value) raised when the Runtime is created.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace qrt {

struct PoolStats;

struct PoolPolicy {
  // nullopt: not set here (the environment decides; unset there too: no limit).
  // (The explicit initializers let callers name only the fields they set: PoolPolicy{.max_inactive = 4}.)
  std::optional<std::size_t> max_inactive = std::nullopt;
  std::optional<std::size_t> max_inactive_per_key = std::nullopt;
  std::optional<std::uint64_t> max_bytes = std::nullopt;

  // This policy with each unset field taken from `fallback`.
  PoolPolicy or_else(const PoolPolicy& fallback) const;
};

inline constexpr const char* kPoolMaxInactiveEnv = "QRT_POOL_MAX_INACTIVE";
inline constexpr const char* kPoolMaxInactivePerKeyEnv = "QRT_POOL_MAX_INACTIVE_PER_KEY";
inline constexpr const char* kPoolMaxBytesEnv = "QRT_POOL_MAX_BYTES";

// The limits the environment sets (fields of unset or empty variables stay nullopt).
// Throws qrt::Error(Config) for a malformed value.
PoolPolicy pool_policy_from_environment();

// "123", "64K", "512M", "2G", "1T" (binary multiples; an optional trailing "B"/"iB" is accepted:
// "512MiB", "1KB"). `what` names the setting in the error message. Throws qrt::Error(Config).
std::uint64_t parse_byte_size(std::string_view text, std::string_view what);
// A non-negative count. Throws qrt::Error(Config) naming `what`.
std::size_t parse_count(std::string_view text, std::string_view what);

// The statistics as one JSON object (counters, totals, the policy in force and one entry per key).
std::string to_json(const PoolStats& stats);

}  // namespace qrt
