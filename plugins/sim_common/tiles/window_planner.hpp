// Planning which qubits a window holds while a run of queued ops goes through it. A window is a set
// of qubits an op may act on non-diagonally: the qubits inside one tile of a tiled run
// (tiled_queue.hpp), or the local qubits of one rank of statevector.mpi. Diagonal actions (phases,
// parities) and controls may involve any qubit: outside the window their bits are constant, so they
// only select a coefficient or whether the op acts at all.
//
// Both devices plan the same way: a greedy look-ahead builds the longest run the window can take
// (ops that need a qubit it cannot take are left for later, and so is every op that does not commute
// with one left out), and when qubits must be exchanged, the ones whose next use is furthest away
// leave (Belady's rule), so that one exchange serves as many later ops as possible. The tiled queue
// then improves each run's window by local search (improve_window_run).
#pragma once

#include "kernels/qubit_op.hpp"

#include <array>
#include <cstddef>
#include <span>
#include <vector>

namespace qrt::sv {

// What planning needs to know of an op.
struct OpFootprint {
  QubitMask touched = 0;  // targets and controls
  QubitMask inside = 0;   // qubits the window must hold: targets of non-diagonal shapes (TwoLevel, Dense);
                          // on the others (controls, phases, parities) the op is diagonal
};
OpFootprint footprint(const QubitOp& op);

// How a window may grow during a run.
struct WindowLimits {
  QubitMask start = 0;                     // the qubits it holds before the run
  unsigned capacity = 64;                  // the most qubits it may hold
  QubitMask free_to_take = ~QubitMask{0};  // qubits it may take without counting against `budget`
  unsigned budget = 64;                    // the most other qubits it may take
};

struct WindowRun {
  std::vector<std::size_t> ops;       // positions in `pending` of the ops that run now, in order
  std::vector<std::size_t> deferred;  // the others, in order
  QubitMask window = 0;               // the window the run needs: the start and the qubits it took
};

// Walks `pending` in order. An op joins the run when it commutes past every op left out before it
// and its inside qubits are in the window, or the window can take them within `limits`. Two ops
// commute when each qubit they share is one neither acts on non-diagonally (inside): a control or
// phase of one that is a control or phase of the other (CNOTs sharing a control, phases, a fan of
// controlled swaps). Running the run's ops and then the deferred ones, each in order, gives the same
// state as running `pending` in order.
WindowRun plan_window_run(std::span<const OpFootprint> pending, const WindowLimits& limits);

// Improves the window of `run` (planned by plan_window_run under `limits`) by local search. The greedy
// walk takes qubits first come, first served, so a layer of one-qubit gates can fill the window with
// qubits no later op of the run uses, leaving out the two-qubit gates after it (QASMBench's knn_n25
// and swap_test_n25: controlled swaps between qubit i and i + 12, each after a rotation on both).
// While exchanging a qubit the window took for one that an op left out needs (or adding one, where
// the window has room) lets more ops join, the best such exchange is made; `max_checks` bounds the
// work (ops visited, over all the windows tried). Returns `run` itself when nothing does better, else
// the run through the better window.
WindowRun improve_window_run(std::span<const OpFootprint> pending, const WindowLimits& limits, WindowRun run,
                             std::size_t max_checks);

// For each qubit, the position of the first op in `pending` that needs it inside the window
// (pending.size() when none does).
using NextUse = std::array<std::size_t, 64>;
NextUse next_use(std::span<const OpFootprint> pending);

// The qubits of `candidates` in order of next use, soonest first (ties: lower qubit first). Callers
// keep the front (qubits to bring in or keep) or evict from the back.
std::vector<unsigned> by_next_use(QubitMask candidates, const NextUse& next);

}  // namespace qrt::sv
