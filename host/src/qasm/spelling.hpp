// "Did you mean ...?" suggestions for misspelt gate, register and parameter names.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace qrt::qasm::detail {

// " (did you mean 'x'?)" for the candidate config::nearest_name picks (the one rule for all of qrt's
// suggestions: a plausible typo, never a rewrite), otherwise "".
std::string did_you_mean(std::string_view name, const std::vector<std::string_view>& candidates);

}  // namespace qrt::qasm::detail
