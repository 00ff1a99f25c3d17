// How much memory this process may still allocate, from the limits the system knows: physical memory,
// RLIMIT_AS (`ulimit -v`), RLIMIT_DATA (`ulimit -d`) and the cgroup's memory.max (containers), whichever
// is smallest. Used to refuse a too-large request *before* allocating it, with a message naming the bytes
// needed and available — rather than a bad_alloc, or the OOM killer once the pages are touched.
// Linux; elsewhere the budget is "unknown" and nothing is refused. Header-only, no SDK dependency, so
// the host may use it too.
#pragma once

#include <sys/resource.h>
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <fstream>
#include <limits>
#include <optional>
#include <string>
#include <string_view>

namespace qrt::sdk {

struct MemoryBudget {
  std::uint64_t available = std::numeric_limits<std::uint64_t>::max();  // max(): no known limit
  std::string source;  // which limit binds, for messages ("physical memory", "RLIMIT_AS (ulimit -v)", ...)
};

namespace detail {

inline void tighten(MemoryBudget& budget, std::uint64_t available, const char* source) {
  if (available < budget.available) budget = {available, source};
}

// Fields of /proc/self/statm, in bytes: 0 = virtual size, 5 = data + stack.
inline std::optional<std::uint64_t> statm_bytes(int field) {
  std::ifstream in("/proc/self/statm");
  std::uint64_t value = 0;
  for (int i = 0; i <= field; ++i)
    if (!(in >> value)) return std::nullopt;
  return value * static_cast<std::uint64_t>(sysconf(_SC_PAGESIZE));
}

inline std::optional<std::uint64_t> read_number(const std::string& file) {
  std::ifstream in(file);
  std::uint64_t value = 0;
  if (!(in >> value)) return std::nullopt;  // also "max": no limit
  return value;
}

inline void tighten_by_rlimit(MemoryBudget& budget, int resource, int statm_field, const char* source) {
  rlimit limit{};
  if (getrlimit(resource, &limit) != 0 || limit.rlim_cur == RLIM_INFINITY) return;
  const std::uint64_t used = statm_bytes(statm_field).value_or(0);
  tighten(budget, limit.rlim_cur > used ? limit.rlim_cur - used : 0, source);
}

// cgroup v2: memory.max minus memory.current, for this process's cgroup and every ancestor.
inline void tighten_by_cgroup(MemoryBudget& budget) {
  std::ifstream in("/proc/self/cgroup");
  std::string line;
  while (std::getline(in, line)) {
    if (!line.starts_with("0::")) continue;
    std::string group = line.substr(3);
    while (true) {
      const std::string dir = "/sys/fs/cgroup" + (group == "/" ? std::string() : group);
      const auto max = read_number(dir + "/memory.max");
      if (max) {
        const std::uint64_t current = read_number(dir + "/memory.current").value_or(0);
        tighten(budget, *max > current ? *max - current : 0, "cgroup memory.max");
      }
      if (group == "/" || group.empty()) break;
      const auto slash = group.find_last_of('/');
      group = slash == 0 || slash == std::string::npos ? "/" : group.substr(0, slash);
    }
  }
}

}  // namespace detail

// The smallest known limit on what this process can still allocate. Reads /proc and /sys: call it
// before large allocations, not in loops.
inline MemoryBudget memory_budget() {
  MemoryBudget budget;
  const long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
  if (pages > 0 && page > 0)
    detail::tighten(budget, static_cast<std::uint64_t>(pages) * static_cast<std::uint64_t>(page), "physical memory");
  detail::tighten_by_rlimit(budget, RLIMIT_AS, 0, "RLIMIT_AS (ulimit -v)");
  detail::tighten_by_rlimit(budget, RLIMIT_DATA, 5, "RLIMIT_DATA (ulimit -d)");
  detail::tighten_by_cgroup(budget);
  return budget;
}

// "17179869184 bytes (16 GiB)".
inline std::string format_bytes(std::uint64_t bytes) {
  char scaled[32];
  if (bytes >= (std::uint64_t{1} << 30))
    std::snprintf(scaled, sizeof scaled, " (%.3g GiB)", static_cast<double>(bytes) / (1u << 30));
  else if (bytes >= (std::uint64_t{1} << 20))
    std::snprintf(scaled, sizeof scaled, " (%.3g MiB)", static_cast<double>(bytes) / (1u << 20));
  else scaled[0] = '\0';
  return std::to_string(bytes) + " bytes" + scaled;
}

// Why `bytes` for `what` cannot be had, or nullopt when the budget allows it (or is unknown). The caller
// throws with its own error type: "<what> needs N bytes (X GiB), more than the M bytes (Y GiB) available
// (limited by <source>)".
inline std::optional<std::string> memory_shortfall(std::uint64_t bytes, std::string_view what) {
  const MemoryBudget budget = memory_budget();
  if (bytes <= budget.available) return std::nullopt;
  return std::string(what) + " needs " + format_bytes(bytes) + ", more than the " + format_bytes(budget.available) +
         " available (limited by " + budget.source + ")";
}

// Saturating a * b, for sizes that may overflow (2^n amplitudes, shots x wires).
inline std::uint64_t saturating_product(std::uint64_t a, std::uint64_t b) {
  if (a != 0 && b > std::numeric_limits<std::uint64_t>::max() / a) return std::numeric_limits<std::uint64_t>::max();
  return a * b;
}

}  // namespace qrt::sdk
