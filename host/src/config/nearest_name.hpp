// "Did you mean ...?" — the candidate closest to a misspelt name by edit distance. The one rule for every
// suggestion qrt makes (device names, kwargs, OpenQASM gates, registers, parameters).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace qrt::config {

// Case-insensitive Levenshtein distance.
std::size_t edit_distance(std::string_view a, std::string_view b);

// The closest candidate (other than `name` itself) if it is a plausible typo: at most max(2, |name|/3)
// edits, and fewer edits than the longer of the two names has characters — a suggestion must keep
// something of what was typed ("b" never suggests "U"). Ties go to the candidate sharing the longer
// prefix with `name`. Names over 64 characters are not compared (hostile input stays cheap).
std::optional<std::string_view> nearest_name_in(std::string_view name, const std::vector<std::string_view>& candidates);
std::optional<std::string> nearest_name(std::string_view name, const std::vector<std::string>& candidates);

}  // namespace qrt::config
