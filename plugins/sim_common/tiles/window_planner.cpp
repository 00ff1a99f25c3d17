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
  // What the ops left out hold: an op that joins must commute with each of them. Two ops commute
  // when every qubit they share is one both act on diagonally (a control, a phase, a parity bit).
  QubitMask left_touched = 0;  // any qubit of an op left out
  QubitMask left_inside = 0;   // qubits an op left out acts on non-diagonally
  unsigned spent = 0;          // of the budget
  for (std::size_t i = 0; i < pending.size(); ++i) {
    const OpFootprint& op = pending[i];
    bool joins = (op.touched & left_inside) == 0 && (op.inside & left_touched) == 0;
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
      left_touched |= op.touched;
      left_inside |= op.inside;
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
