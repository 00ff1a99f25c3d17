#include "tiles/tiled_queue.hpp"

#include "fusion/global_phase.hpp"
#include "tiles/run_ops.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <stdexcept>
#include <utility>

namespace qrt::sv {

namespace {

QubitMask low_qubits(unsigned count) { return count >= 64 ? ~QubitMask{0} : (QubitMask{1} << count) - 1; }

// The window grown to `size` qubits (within the state's `qubits`): first the qubits the run's ops touch
// outside it most often (controls, parity bits: an op that touches no qubit outside the window can join
// a fused block, where the others are applied on their own), then the lowest (longer contiguous chunks).
QubitMask pad_window(QubitMask window, unsigned size, unsigned qubits, std::span<const OpFootprint> run_ops) {
  std::array<unsigned, 64> touches{};
  for (const OpFootprint& op : run_ops)
    for (QubitMask rest = op.touched & ~window; rest; rest &= rest - 1) ++touches[std::countr_zero(rest)];
  while (static_cast<unsigned>(std::popcount(window)) < size) {
    unsigned best = qubits;
    for (unsigned q = 0; q < qubits; ++q)
      if (!((window >> q) & 1u) && (best == qubits || touches[q] > touches[best])) best = q;
    window |= QubitMask{1} << best;
  }
  return window;
}

// A run's plan over the queued ops' `footprints`: the greedy walk through a window of at most
// `tile_qubits` qubits that holds the `chunk` lowest, then the local search's improvement.
WindowRun plan_run(std::span<const OpFootprint> footprints, unsigned num_qubits, unsigned chunk, unsigned tile_qubits) {
  const WindowLimits limits{low_qubits(chunk), tile_qubits};
  WindowRun planned = plan_window_run(footprints, limits);
  if (planned.ops.empty()) return planned;
  return improve_window_run(footprints, limits, std::move(planned), kWindowSearchChecks << (num_qubits - tile_qubits));
}

// `mask` with each qubit q moved to position[q].
QubitMask moved(QubitMask mask, std::span<const unsigned> position) {
  QubitMask out = 0;
  for (; mask; mask &= mask - 1) out |= QubitMask{1} << position[static_cast<unsigned>(std::countr_zero(mask))];
  return out;
}

// The lowest tile bit a swap folded into the write-back may involve.
template <class T>
unsigned folded_swap_min_bit() {
  return static_cast<unsigned>(std::bit_width(kFoldedSwapBytes / sizeof(Amplitude<T>)) - 1);
}

// Hands a run's (fused) ops to its tile program.
template <class T>
// NOLINTNEXTLINE(cppcoreguidelines-virtual-class-destructor): final; the base's destructor is protected
struct ProgramSink final : OpSink {
  ProgramSink(TileProgram<T>& p, QubitMask lanes) : program(p), lane_qubits(lanes) {}
  void apply(const QubitOp& op) override {
    program.add(op);
    work += kernel_cost(op, lane_qubits);
  }
  TileProgram<T>& program;
  QubitMask lane_qubits;
  double work = 0;
};

// Collects a run's fused ops (copies, with their matrices) and their arithmetic.
// NOLINTNEXTLINE(cppcoreguidelines-virtual-class-destructor): final; the base's destructor is protected
struct QueueSink final : OpSink {
  QueueSink(OpQueue& q, QubitMask lanes) : queue(q), lane_qubits(lanes) { queue.clear(); }
  void apply(const QubitOp& op) override {
    queue.push(op);
    // Global phases end up in one op of the run, or in one pass in cache for all (fold_global_phases).
    if (!is_global_phase(op)) work += kernel_cost(op, lane_qubits);
  }
  OpQueue& queue;
  QubitMask lane_qubits;
  double work = 0;
};

}  // namespace

TiledQueue::TiledQueue(TileConfig config)
    : config_(config),
      fuser_(FusionConfig{true, kTileFusionQubits, 0, true, true}),
      wide_fuser_(FusionConfig{true, kTileFusionQubits, 0, false, true}) {
  if (config_.chunk_qubits == 0 || config_.chunk_qubits >= config_.tile_qubits)
    throw std::invalid_argument("TiledQueue: chunk_qubits must lie in [1, tile_qubits)");
}

std::size_t TiledQueue::queue_limit(unsigned num_qubits) const {
  const std::uint64_t by_work = num_qubits >= 63 ? 0 : kQueuedWork >> num_qubits;
  return std::min<std::size_t>(config_.max_queued, std::max<std::uint64_t>(kMinQueued, by_work));
}

void TiledQueue::clear() {
  pending_.clear();
  fuser_.clear();
  wide_fuser_.clear();
}

template <class T>
TiledQueue::PerPrecision<T>& TiledQueue::per_precision() {
  if constexpr (std::is_same_v<T, double>) return double_;
  else return single_;
}

double TiledQueue::direct_passes(std::span<const std::size_t> ops) {
  double passes = 0;
  for (std::size_t i : ops) {
    const QubitOp& op = pending_.at(i);
    // An untiled kernel visits only the amplitudes whose controls match.
    passes += std::ldexp(1.0, -std::popcount(op.control_mask));
  }
  return passes;
}

std::vector<std::pair<unsigned, unsigned>> relabel_swaps(QubitMask window, std::span<const OpFootprint> deferred,
                                                         const RelabelLayout& layout) {
  std::vector<std::pair<unsigned, unsigned>> swaps;
  if (deferred.empty()) return swaps;
  const QubitMask low = low_qubits(layout.chunk_qubits);
  // The next run's window holds the low qubits and at most tile_qubits - chunk_qubits others: any
  // qubit of this window can be one of its low qubits. Its likely window: the greedy plan of the
  // deferred ops under that rule.
  const WindowRun next_run =
      plan_window_run(deferred, {0, layout.tile_qubits, window, layout.tile_qubits - layout.chunk_qubits});
  const NextUse next = next_use(deferred);
  std::vector<unsigned> order = by_next_use(window, next);
  std::stable_partition(order.begin(), order.end(), [&](unsigned q) { return (next_run.window >> q) & 1u; });
  QubitMask wanted = 0;
  for (std::size_t i = 0; i < order.size() && i < layout.chunk_qubits; ++i)
    if (next[order[i]] < deferred.size()) wanted |= QubitMask{1} << order[i];
  std::vector<unsigned> incoming, leaving;
  for (unsigned q : order)
    if (((wanted & ~low) >> q) & 1u) incoming.push_back(q);
  for (auto it = order.rbegin(); it != order.rend(); ++it)  // the least wanted leave first
    if (((low & ~wanted) >> *it) & 1u) leaving.push_back(*it);
  // Where the incoming qubits land (the soonest needed first): where the write-back can do the swap,
  // then above the lanes, on a lane last. Measured in-cache costs of a 3-qubit fused block of
  // QASMBench's adder_n28_transpiled: 0.20-0.38 ns an amplitude on register targets, 0.58-0.88 with a
  // lane target (one thread, double, AVX-512).
  const auto place_rank = [&](unsigned q) { return q < layout.lane_qubits ? 2 : q < layout.folded_min_qubit ? 1 : 0; };
  std::stable_sort(leaving.begin(), leaving.end(),
                   [&](unsigned a, unsigned b) { return place_rank(a) < place_rank(b); });
  for (std::size_t i = 0; i < incoming.size(); ++i) swaps.emplace_back(leaving[i], incoming[i]);
  return swaps;
}

void TiledQueue::order_qubits_by_first_use(unsigned num_qubits, QubitRelabeller& relabeller) {
  const unsigned k = std::min(config_.tile_qubits, num_qubits);
  if (pending_.empty() || k == num_qubits) return;
  const unsigned chunk = std::min(config_.chunk_qubits, k);
  const std::vector<OpFootprint> footprints = pending_.footprints();
  const std::vector<unsigned> order = by_next_use(low_qubits(num_qubits), next_use(footprints));
  std::vector<unsigned> position(num_qubits);
  for (unsigned p = 0; p < num_qubits; ++p) position[order[p]] = p;
  std::vector<OpFootprint> reordered;
  reordered.reserve(footprints.size());
  for (const OpFootprint& f : footprints) reordered.push_back({moved(f.touched, position), moved(f.inside, position)});
  // How many ops the first run takes (flush's choice between the tile's window and the large one).
  const auto first_run_ops = [&](std::span<const OpFootprint> ops) {
    const std::size_t at_tile_size = plan_run(ops, num_qubits, chunk, k).ops.size();
    const unsigned large_k = config_.large_tile_qubits;
    if (large_k <= k || large_k >= num_qubits) return at_tile_size;
    const std::size_t large = plan_run(ops, num_qubits, chunk, large_k).ops.size();
    return static_cast<double>(large) >= kLargeTileOpsRatio * static_cast<double>(at_tile_size) ? large : at_tile_size;
  };
  if (first_run_ops(reordered) <= first_run_ops(footprints)) return;
  // at[p]: the qubit (as numbered before) whose content is at p now; where[q]: the inverse.
  std::vector<unsigned> at(num_qubits), where(num_qubits);
  for (unsigned q = 0; q < num_qubits; ++q) at[q] = where[q] = q;
  for (unsigned p = 0; p < num_qubits; ++p) {
    const unsigned from = where[order[p]];
    if (from == p) continue;
    pending_.swap_qubits(p, from);
    relabeller.swap_qubits(p, from);
    where[at[p]] = from;
    where[order[p]] = p;
    std::swap(at[p], at[from]);
  }
}

template <class T>
void TiledQueue::flush(Amplitude<T>* amps, unsigned num_qubits, const ExecPolicy& policy, Workspace& workspace,
                       QubitRelabeller& relabeller, QubitMask fixed_values, bool everything) {
  if (pending_.empty()) return;
  PerPrecision<T>& mine = per_precision<T>();
  const unsigned k = std::min(config_.tile_qubits, num_qubits);
  const unsigned chunk = std::min(config_.chunk_qubits, k);
  const unsigned threads = num_qubits >= policy.parallel_min_qubits ? std::max(policy.threads, 1u) : 1u;
  const kernels::KernelTable<T>& table = kernel_table_for<T>(policy.simd, k);
  std::vector<OpFootprint> deferred_footprints;
  std::vector<QubitOp> run_ops;        // a run's chosen fused ops on their way into its program (run_ops.hpp)
  std::vector<Complex> phase_storage;  // a matrix the run's global phase was multiplied into
  // A queued op applied by the untiled kernels, in a pass of its own.
  const auto apply_direct = [&](std::size_t i) {
    QubitOp here = pending_.at(i);
    if (restrict_to_fixed(here, ~low_qubits(num_qubits), fixed_values))
      apply_op(amps, num_qubits, here, policy, workspace);
    ++stats_.direct_ops;
  };
  try {
    const std::size_t keep = everything ? 0 : queue_limit(num_qubits) / 2;
    while (pending_.size() > keep) {
      const std::vector<OpFootprint> footprints = pending_.footprints();
      const auto plan = [&](unsigned tile_qubits) { return plan_run(footprints, num_qubits, chunk, tile_qubits); };
      WindowRun run = plan(k);
      if (run.ops.empty()) {  // the first op needs more qubits than a window takes: a pass of its own
        apply_direct(0);
        pending_.keep(std::span(run.deferred).subspan(1));  // the op at 0 is done
        continue;
      }
      std::vector<OpFootprint> run_footprints;
      const auto window_of = [&](const WindowRun& planned, unsigned tile_qubits) {
        run_footprints.clear();
        for (std::size_t i : planned.ops) run_footprints.push_back(footprints[i]);
        return pad_window(planned.window, tile_qubits, num_qubits, run_footprints);
      };
      QubitMask window = window_of(run, k);
      bool gathered = window != low_qubits(k);
      bool large = false;
      const unsigned large_k = config_.large_tile_qubits;
      if (gathered && large_k > k && large_k < num_qubits) {
        WindowRun longer = plan(large_k);
        if (static_cast<double>(longer.ops.size()) >= kLargeTileOpsRatio * static_cast<double>(run.ops.size())) {
          run = std::move(longer);
          window = window_of(run, large_k);
          gathered = window != low_qubits(large_k);
          large = true;
        }
      }
      if (gathered && direct_passes(run.ops) <= kGatheredRunPasses) {
        // A short run costs less as passes of its own than as one gathered walk.
        for (std::size_t i : run.ops) apply_direct(i);
        pending_.keep(run.deferred);
        continue;
      }
      deferred_footprints.clear();
      for (std::size_t i : run.deferred) deferred_footprints.push_back(footprints[i]);
      const auto swaps =
          relabel_swaps(window, deferred_footprints, {k, chunk, table.lanes_log2, folded_swap_min_bit<T>()});

      TileProgram<T>& program = mine.program;
      program.reset(window, table);
      // The tile's lanes: its lowest qubits, which are the state's (every window holds them).
      const QubitMask register_lanes = low_qubits(table.lanes_log2);
      ProgramSink<T> sink(program, register_lanes);
      if (config_.fuse) {
        // Blocks may hold qubits outside the window: the run's ops never flip them, so a block only
        // selects its variant by their bits (TileProgram). Fused both ways (kTileFusionQubits); the
        // cheaper by kernel_cost goes in.
        QueueSink cost_aware(fused_, register_lanes), wide(wide_fused_, register_lanes);
        fuser_.set_lane_qubits(table.lanes_log2);
        wide_fuser_.set_lane_qubits(table.lanes_log2);
        for (std::size_t i : run.ops) {
          const QubitOp& op = pending_.at(i);
          fuser_.push(op, num_qubits, cost_aware);
          wide_fuser_.push(op, num_qubits, wide);
        }
        fuser_.flush(cost_aware);
        wide_fuser_.flush(wide);
        const bool use_wide = wide.work < cost_aware.work;
        OpQueue& chosen = use_wide ? wide_fused_ : fused_;
        run_ops.clear();
        for (std::size_t i = 0; i < chosen.size(); ++i) run_ops.push_back(chosen.at(i));  // borrowing its matrices
        const QubitMask lanes = lane_qubits(window);
        stats_.paired_rotations += pair_real_rotations(run_ops, lanes);
        if (fold_global_phases(run_ops, lanes, phase_storage)) ++stats_.phase_folded_runs;
        for (const QubitOp& op : run_ops) sink.apply(op);
        if (use_wide) ++stats_.wide_fused_runs;
      } else {
        for (std::size_t i : run.ops) sink.apply(pending_.at(i));
      }
      // A gathered tile goes back to memory in pieces anyway: swaps of qubits at tile bits that leave
      // pieces of kFoldedSwapBytes or more are done there, the others by SWAP ops in cache.
      std::vector<std::pair<unsigned, unsigned>> folded;
      for (const auto& [a, b] : swaps) {
        if (gathered && std::min(tile_bit(window, a), tile_bit(window, b)) >= folded_swap_min_bit<T>()) {
          folded.emplace_back(a, b);
          continue;
        }
        sink.apply(
            QubitOp::two_level((QubitMask{1} << a) | (QubitMask{1} << b), QubitMask{1} << a, {0.0, 1.0, 1.0, 0.0}));
      }
      program.finish();
      walk_tiles(amps, num_qubits, program, threads, mine.buffers, fixed_values, folded);
      ++stats_.runs;
      if (gathered) ++stats_.gathered_runs;
      if (large) ++stats_.large_runs;
      stats_.folded_swaps += folded.size();
      stats_.composed_ops += program.composed_ops();
      stats_.ops += run.ops.size();
      stats_.swaps += swaps.size();
      stats_.work += sink.work;

      pending_.keep(run.deferred);
      for (const auto& [a, b] : swaps) {
        pending_.swap_qubits(a, b);
        relabeller.swap_qubits(a, b);
      }
    }
  } catch (...) {
    clear();  // the state is part-way through the queue: nothing queued can be applied in order any more
    throw;
  }
}

template void TiledQueue::flush<double>(Amplitude<double>*, unsigned, const ExecPolicy&, Workspace&, QubitRelabeller&,
                                        QubitMask, bool);
template void TiledQueue::flush<float>(Amplitude<float>*, unsigned, const ExecPolicy&, Workspace&, QubitRelabeller&,
                                       QubitMask, bool);

}  // namespace qrt::sv
