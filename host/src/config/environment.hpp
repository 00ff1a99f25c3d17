// qrt's environment variables, read strictly. An unset or empty variable sets nothing; a set one must be
// spelt as its documentation says, or the read throws Error(Config) naming the variable, its value and
// what it accepts — a typo never silently leaves a switch off (or turns it on), and a bad number never
// silently becomes the default. Every QRT_* variable qrt reads goes through here (docs/isolation.md,
// "Environment variables").
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace qrt::config {

// The value; nullopt when the variable is unset or empty.
std::optional<std::string> environment_value(const char* name);

// A switch: 1, true, yes, on (turned on) or 0, false, no, off (turned off), in any letter case.
std::optional<bool> environment_switch(const char* name);

// A positive, finite number of seconds: 10, 0.5, 2e-3.
std::optional<double> environment_seconds(const char* name);

// A positive byte count, with an optional binary multiple: 1048576, 64K, 512M, 2G, 1T (also 512MB, 512MiB).
std::optional<std::uint64_t> environment_bytes(const char* name);

// A non-negative whole number.
std::optional<std::uint64_t> environment_count(const char* name);

// The switch spellings above, for `text` given as `what` (a variable's name, an option's).
bool parse_switch(std::string_view text, std::string_view what);

}  // namespace qrt::config
