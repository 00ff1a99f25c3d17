#include "tiles/window_planner.hpp"

#include <algorithm>
#include <bit>

namespace qrt::sv {

OpFootprint footprint(const QubitOp& op) {
  const bool diagonal = op.shape == OpShape::Phase || op.shape == OpShape::Parity;
  return {op.touched_mask(), diagonal ? QubitMask{0} : op.target_mask};
}

namespace {

// What the ops left out of a run hold: an op may join only if it commutes with each of them. Two ops
// commute when every qubit they share is one both act on diagonally (a control, a phase, a parity bit).
struct LeftOut {
  QubitMask touched = 0;  // any qubit of an op left out
  QubitMask inside = 0;   // qubits an op left out acts on non-diagonally
  std::size_t count = 0;

  bool commutes_with_all(const OpFootprint& op) const {
    return (op.touched & inside) == 0 && (op.inside & touched) == 0;
  }
  void add(const OpFootprint& op) {
    touched |= op.touched;
    inside |= op.inside;
    ++count;
  }
};

// How a run through the fixed `window` goes (plan_window_run's rule): how many ops of `pending` join
// it, and the qubits outside it that the first kLeftOutLooked ops left out need inside.
struct WindowFit {
  std::size_t joined = 0;
  QubitMask wanted = 0;
};
WindowFit fit_of(std::span<const OpFootprint> pending, QubitMask window) {
  constexpr std::size_t kLeftOutLooked = 64;
  LeftOut left_out;
  QubitMask wanted = 0;
  for (const OpFootprint& op : pending) {
    if (left_out.commutes_with_all(op) && (op.inside & ~window) == 0) continue;
    if (left_out.count < kLeftOutLooked) wanted |= op.inside & ~window;
    left_out.add(op);
  }
  return {pending.size() - left_out.count, wanted};
}

}  // namespace

WindowRun plan_window_run(std::span<const OpFootprint> pending, const WindowLimits& limits) {
  WindowRun run;
  run.window = limits.start;
  LeftOut left_out;
  unsigned spent = 0;  // of the budget
  for (std::size_t i = 0; i < pending.size(); ++i) {
    const OpFootprint& op = pending[i];
    bool joins = left_out.commutes_with_all(op);
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
      left_out.add(op);
    }
  }
  return run;
}

WindowRun improve_window_run(std::span<const OpFootprint> pending, const WindowLimits& limits, WindowRun run,
                             std::size_t max_checks) {
  // Ops far down the queue rarely join (most depend on ops left out): the search counts the first ones.
  const std::span<const OpFootprint> head = pending.first(std::min(pending.size(), 4 * run.ops.size() + 256));
  const auto within_limits = [&](QubitMask window) {
    const QubitMask taken = window & ~limits.start;
    return static_cast<unsigned>(std::popcount(window)) <= limits.capacity &&
           static_cast<unsigned>(std::popcount(taken & ~limits.free_to_take)) <= limits.budget;
  };
  QubitMask window = run.window;
  WindowFit fit = fit_of(head, window);
  std::size_t checks = head.size();
  while (checks < max_checks) {
    QubitMask best_window = window;
    WindowFit best = fit;
    for (QubitMask in = fit.wanted; in != 0 && checks < max_checks; in &= in - 1) {
      const QubitMask bit_in = in & (~in + 1);
      const auto consider = [&](QubitMask candidate) {
        if (!within_limits(candidate)) return;
        checks += head.size();
        const WindowFit candidate_fit = fit_of(head, candidate);
        if (candidate_fit.joined > best.joined) {
          best = candidate_fit;
          best_window = candidate;
        }
      };
      consider(window | bit_in);
      for (QubitMask out = window & ~limits.start; out != 0 && checks < max_checks; out &= out - 1)
        consider((window & ~(out & (~out + 1))) | bit_in);
    }
    if (best_window == window) break;
    window = best_window;
    fit = best;
  }
  if (window == run.window) return run;
  // Through the better window, which may still take qubits within what the limits leave.
  const unsigned spent = static_cast<unsigned>(std::popcount(window & ~limits.start & ~limits.free_to_take));
  WindowRun improved = plan_window_run(pending, {window, limits.capacity, limits.free_to_take, limits.budget - spent});
  return improved.ops.size() > run.ops.size() ? improved : run;
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
