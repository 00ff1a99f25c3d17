#include "mpi_launch.hpp"

#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace qrt::cli {

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

void quiet_unless_rank_zero() {
  const std::optional<int> rank = launcher_rank();
  if (!rank || *rank == 0) return;
  std::fflush(stdout);
  if (!std::freopen("/dev/null", "w", stdout)) std::fprintf(stderr, "qrt: rank %d: cannot silence stdout\n", *rank);
}

}  // namespace qrt::cli
