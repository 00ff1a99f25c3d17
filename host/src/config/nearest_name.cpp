#include "nearest_name.hpp"

#include <algorithm>
#include <cctype>
#include <numeric>

namespace qrt::config {
namespace {

std::size_t common_prefix(std::string_view a, std::string_view b) {
  std::size_t n = 0;
  while (n < a.size() && n < b.size() && a[n] == b[n]) ++n;
  return n;
}

}  // namespace

std::size_t edit_distance(std::string_view a, std::string_view b) {
  // Case-insensitive Levenshtein with one row of state.
  std::vector<std::size_t> row(b.size() + 1);
  std::iota(row.begin(), row.end(), std::size_t{0});
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      std::size_t above = row[j];
      bool same =
          std::tolower(static_cast<unsigned char>(a[i - 1])) == std::tolower(static_cast<unsigned char>(b[j - 1]));
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (same ? 0 : 1)});
      diagonal = above;
    }
  }
  return row[b.size()];
}

std::optional<std::string_view> nearest_name_in(std::string_view name,
                                                const std::vector<std::string_view>& candidates) {
  constexpr std::size_t kMaxCompared = 64;
  if (name.size() > kMaxCompared) return std::nullopt;
  const std::size_t limit = std::max<std::size_t>(2, name.size() / 3);
  std::optional<std::string_view> best;
  std::size_t best_distance = limit + 1;
  for (std::string_view candidate : candidates) {
    if (candidate.size() > kMaxCompared || candidate == name) continue;
    const std::size_t d = edit_distance(name, candidate);
    if (d >= std::max(name.size(), candidate.size())) continue;  // a rewrite, not a typo
    if (d < best_distance ||
        (d == best_distance && best && common_prefix(name, candidate) > common_prefix(name, *best))) {
      best_distance = d;
      best = candidate;
    }
  }
  return best;
}

std::optional<std::string> nearest_name(std::string_view name, const std::vector<std::string>& candidates) {
  const std::vector<std::string_view> views(candidates.begin(), candidates.end());
  if (auto near = nearest_name_in(name, views)) return std::string(*near);
  return std::nullopt;
}

}  // namespace qrt::config
