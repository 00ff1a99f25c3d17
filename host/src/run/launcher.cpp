#include <qrt/launcher.hpp>

#include <charconv>
#include <cstdlib>
#include <cstring>

namespace qrt {

std::optional<int> launcher_rank() {
  for (const char* name : {"OMPI_COMM_WORLD_RANK", "PMIX_RANK", "PMI_RANK"}) {
    const char* value = std::getenv(name);
    if (!value || !*value) continue;
    int rank = 0;
    const char* end = value + std::strlen(value);
    if (auto [at, ec] = std::from_chars(value, end, rank); ec == std::errc() && at == end && rank >= 0) return rank;
  }
  return std::nullopt;
}

}  // namespace qrt
