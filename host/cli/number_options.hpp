// Validators for numeric options, checked on the text the user typed before CLI11 converts it: a negative
// count must not wrap to 2^64 - 1, and a range error must read "a whole number >= 1", not CLI11's
// 309-digit bounds.
#pragma once

#include <CLI/CLI.hpp>

#include <cstdint>

namespace qrt::cli {

// A whole number from `min` up to 2^64 - 1, in decimal digits (no sign, no exponent).
CLI::Validator whole_number(std::uint64_t min = 0);

// A finite number of seconds above zero (e.g. 0.5, 30).
CLI::Validator positive_seconds();

}  // namespace qrt::cli
