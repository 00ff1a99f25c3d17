#include <qrt/nearest_name.hpp>

#include "config/nearest_name.hpp"

namespace qrt {

std::optional<std::string> nearest_name(std::string_view name, const std::vector<std::string>& candidates) {
  return config::nearest_name(name, candidates);
}

}  // namespace qrt
