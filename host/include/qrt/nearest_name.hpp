// "Did you mean ...?": the rule every suggestion of qrt follows (device names, kwargs, OpenQASM names,
// CLI commands), for front ends built on libqrt.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace qrt {

// The candidate closest to a misspelt `name` by case-insensitive edit distance, if it is a plausible typo
// (at most max(2, |name|/3) edits, keeping something of what was typed); nullopt otherwise.
std::optional<std::string> nearest_name(std::string_view name, const std::vector<std::string>& candidates);

}  // namespace qrt
