// "Did you mean ...?" suggestions for misspelt gate, register and parameter names.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace qrt::qasm::detail {

// " (did you mean 'x'?)" for the candidate closest to `name` by edit distance, if it is close enough to
// be a plausible typo (distance <= max(1, |name|/3)); otherwise "".
std::string did_you_mean(std::string_view name, const std::vector<std::string_view>& candidates);

}  // namespace qrt::qasm::detail
