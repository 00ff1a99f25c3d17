#include "spelling.hpp"

#include "config/nearest_name.hpp"

namespace qrt::qasm::detail {

std::string did_you_mean(std::string_view name, const std::vector<std::string_view>& candidates) {
  const auto near = config::nearest_name_in(name, candidates);
  return near ? " (did you mean '" + std::string(*near) + "'?)" : std::string();
}

}  // namespace qrt::qasm::detail
