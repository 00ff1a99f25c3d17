#include "probability_selection.hpp"

#include <algorithm>

namespace qrt::cli {
namespace {

struct Entry {
  double p;
  std::size_t index;
};

// "a is listed before b": larger first, then lower index (a deterministic order for ties).
bool before(const Entry& a, const Entry& b) { return a.p > b.p || (a.p == b.p && a.index < b.index); }

}  // namespace

ProbabilitySelection select_top(std::span<const double> p, std::size_t k) {
  ProbabilitySelection out;
  out.total = p.size();
  // A heap whose front is the worst kept entry: a candidate replaces it only when it would be listed
  // before it, so the common case (not among the top K) costs one comparison.
  std::vector<Entry> heap;
  if (k != 0) heap.reserve(std::min(k, p.size()));  // a --top beyond 2^n keeps them all
  double mass = 0;
  std::size_t nonzero = 0;
  for (std::size_t i = 0; i < p.size(); ++i) {
    const double v = p[i];
    mass += v;
    if (!(v > kNegligibleProbability)) continue;
    ++nonzero;
    const Entry e{v, i};
    if (k == 0 || heap.size() < k) {
      heap.push_back(e);
      if (k != 0) std::push_heap(heap.begin(), heap.end(), before);
    } else if (before(e, heap.front())) {
      std::pop_heap(heap.begin(), heap.end(), before);
      heap.back() = e;
      std::push_heap(heap.begin(), heap.end(), before);
    }
  }
  std::sort(heap.begin(), heap.end(), before);
  out.indices.reserve(heap.size());
  out.values.reserve(heap.size());
  for (const Entry& e : heap) {
    out.indices.push_back(e.index);
    out.values.push_back(e.p);
    out.mass_kept += e.p;
  }
  out.nonzero = nonzero;
  out.mass_total = mass;
  return out;
}

}  // namespace qrt::cli
