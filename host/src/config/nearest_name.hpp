// "Did you mean ...?" — the candidate closest to a misspelt name by edit distance.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace qrt::config {

std::size_t edit_distance(std::string_view a, std::string_view b);

// The closest candidate if it is close enough to be a plausible typo (distance ≤ max(2, |name|/3)).
std::optional<std::string> nearest_name(std::string_view name, const std::vector<std::string>& candidates);

}  // namespace qrt::config
