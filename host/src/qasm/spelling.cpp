#include "spelling.hpp"

#include <algorithm>
#include <numeric>

namespace qrt::qasm::detail {
namespace {

// Levenshtein distance, one row of the table at a time.
std::size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<std::size_t> row(b.size() + 1);
  std::iota(row.begin(), row.end(), std::size_t{0});
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t substitution = diagonal + (a[i - 1] == b[j - 1] ? 0 : 1);
      diagonal = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, substitution});
    }
  }
  return row[b.size()];
}

std::size_t common_prefix(std::string_view a, std::string_view b) {
  std::size_t n = 0;
  while (n < a.size() && n < b.size() && a[n] == b[n]) ++n;
  return n;
}

}  // namespace

std::string did_you_mean(std::string_view name, const std::vector<std::string_view>& candidates) {
  // Names in real programs are short; a bound keeps hostile megabyte identifiers cheap.
  constexpr std::size_t kMaxCompared = 64;
  if (name.size() > kMaxCompared) return {};
  const std::size_t limit = std::max<std::size_t>(1, name.size() / 3);
  std::string_view best;
  std::size_t best_distance = limit + 1;
  for (std::string_view candidate : candidates) {
    if (candidate.size() > kMaxCompared || candidate == name) continue;
    const std::size_t distance = edit_distance(name, candidate);
    // Ties go to the candidate that starts like the name: "b" suggests "bb" before "a".
    if (distance < best_distance ||
        (distance == best_distance && !best.empty() && common_prefix(name, candidate) > common_prefix(name, best))) {
      best_distance = distance;
      best = candidate;
    }
  }
  return best.empty() ? std::string() : " (did you mean '" + std::string(best) + "'?)";
}

}  // namespace qrt::qasm::detail
