#include "tiles/window_planner.hpp"

#include <algorithm>
#include <bit>

namespace qrt::sv {

OpFootprint footprint(const QubitOp& op) {
  const bool diagonal = op.shape == OpShape::Phase || op.shape == OpShape::Parity;
  return {op.touched_mask(), diagonal ? QubitMask{0} : op.target_mask};
}

WindowRun plan_window_run(std::span<const OpFootprint> pending, const WindowLimits& limits) {
  WindowRun run;
  run.window = limits.start;
  QubitMask blocked = 0;  // touched by an op left out
  unsigned spent = 0;     // of the budget
  for (std::size_t i = 0; i < pending.size(); ++i) {
    const OpFootprint& op = pending[i];
    bool joins = (op.touched & blocked) == 0;
    const QubitMask taken = op.inside & ~run.window;
    if (joins && taken != 0) {
      const unsigned cost = static_cast<unsigned>(std::popcount(taken & ~limits.free_to_take));
      joins =
          static_cast<unsigned>(std::popcount(run.window | taken)) <= limits.capacity && spent + cost <= limits.budget;
      if (joins) {
        run.window |= taken;
        spent += cost;
      }
    }
    if (joins) {
      run.ops.push_back(i);
    } else {
      run.deferred.push_back(i);
      blocked |= op.touched;
    }
  }
  return run;
}

NextUse next_use(std::span<const OpFootprint> pending) {
  NextUse next;
  next.fill(pending.size());
  QubitMask seen = 0;
  for (std::size_t i = 0; i < pending.size(); ++i) {
    for (QubitMask fresh = pending[i].inside & ~seen; fresh; fresh &= fresh - 1)
      next[static_cast<unsigned>(std::countr_zero(fresh))] = i;
    seen |= pending[i].inside;
  }
  return next;
}

std::vector<unsigned> by_next_use(QubitMask candidates, const NextUse& next) {
  std::vector<unsigned> qubits;
  for (QubitMask rest = candidates; rest; rest &= rest - 1)
    qubits.push_back(static_cast<unsigned>(std::countr_zero(rest)));
  std::stable_sort(qubits.begin(), qubits.end(), [&](unsigned a, unsigned b) { return next[a] < next[b]; });
  return qubits;
}

}  // namespace qrt::sv
