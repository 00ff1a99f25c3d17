#include "mpi_launch.hpp"

#include <cstdio>
#include <cstdlib>
#include <unistd.h>

namespace qrt::cli {

void quiet_unless_rank_zero() {
  const std::optional<int> rank = launcher_rank();
  if (!rank || *rank == 0) return;
  std::fflush(stdout);
  if (!std::freopen("/dev/null", "w", stdout)) std::fprintf(stderr, "qrt: rank %d: cannot silence stdout\n", *rank);
}

void write_diagnostic(std::string text) {
  if (text.empty() || text.back() != '\n') text += '\n';
  if (const std::optional<int> rank = launcher_rank(); rank && *rank != 0) {
    const std::string own_prefix = "qrt: ";
    text = own_prefix + "rank " + std::to_string(*rank) + ": " +
           (text.starts_with(own_prefix) ? text.substr(own_prefix.size()) : text);
  }
  std::fflush(stderr);
  const char* at = text.data();
  std::size_t left = text.size();
  while (left > 0) {
    const ssize_t written = ::write(STDERR_FILENO, at, left);
    if (written <= 0) return;  // nowhere left to report to
    at += written;
    left -= static_cast<std::size_t>(written);
  }
}

}  // namespace qrt::cli
