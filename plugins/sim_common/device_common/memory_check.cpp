#include "device_common/memory_check.hpp"

#include <qrt/sdk/error.hpp>
#include <qrt/sdk/memory_budget.hpp>

#include <utility>

namespace qrt::sv {

std::string memory_problem(std::uint64_t bytes, const std::string& what) {
  if (bytes < kCheckMemoryFrom) return {};
  if (auto why = qrt::sdk::memory_shortfall(bytes, what)) return *why;
  return {};
}

void require_memory(std::uint64_t bytes, const std::string& what) {
  const std::string problem = memory_problem(bytes, what);
  if (!problem.empty()) throw qrt::sdk::Error(QRT_ERROR_OUT_OF_MEMORY, problem);
}

void require_shot_memory(std::uint64_t shots, std::string_view operation) {
  require_memory(
      qrt::sdk::saturating_product(shots, sizeof(std::uint64_t)),
      std::string(operation) + ": " + std::to_string(shots) + " shots (8 bytes each for the drawn outcomes)");
}

}  // namespace qrt::sv
