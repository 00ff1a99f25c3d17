// The machine's load while a benchmark runs: the statevector benchmarks record it at start and end
// (a busy second core stalls two-thread regions, and figures taken under load are not figures).
#pragma once

#include <fstream>
#include <string>

namespace bench_reference {

// The 1-minute load average now, as /proc/loadavg's first field ("unknown" where it cannot be read).
inline std::string load_average() {
  std::ifstream in("/proc/loadavg");
  std::string first;
  in >> first;
  return first.empty() ? "unknown" : first;
}

}  // namespace bench_reference
