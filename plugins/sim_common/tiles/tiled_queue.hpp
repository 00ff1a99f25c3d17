// The tiled forward path: gates queue up, and a flush applies them in runs, each run in one pass over
// the state (tile_walk.hpp) instead of one pass per fused gate.
//
// A flush plans a run with the window planner (window_planner.hpp): the window starts with the
// chunk_qubits lowest qubits (a gathered tile then streams in chunks of 2^chunk_qubits contiguous
// amplitudes) and takes any other qubit an op needs while it holds at most tile_qubits; a local search
// then exchanges qubits it took for ones that let more ops join (improve_window_run). Inside the
// run, gates are fused into blocks of at most kTileFusionQubits qubits, weighing their arithmetic (in
// cache it is what costs; fusion/fuser.hpp, kernel_cost): a CNOT with the rotation on its target is
// two 2x2 blocks, one pass of the two-pairs kernel; two such steps with real rotations are one 3-qubit
// op whose first control only selects a block, one real 4x4 pass for both (0.28 ns an amplitude
// against 2 x 0.18, double); other 3-qubit blocks cost more than their parts and are not formed, unless
// the run fused greedily, as the untiled path fuses, costs less in all (many gates on few qubits).
//
// Large tiles: a gathered run may take a window of large_tile_qubits instead (a tile 4x as large, which
// lives in the L3 cache rather than L2) where that window takes at least kLargeTileOpsRatio times the
// ops. Its ops run slower out of L3, but where they are cheap (permutations, controlled gates: adders)
// the pass over memory is what costs, and a run twice as long saves passes: QASMBench's
// adder_n28_transpiled 4.22 s -> 3.35 s, one thread, double (docs/devices.md, "Large tiles").
//
// Relabelling: a run ends by swapping qubits inside its window so that the lowest qubits (which every
// later window holds) are the ones the deferred gates need soonest; the swaps are done as a gathered
// tile is written back (kFoldedSwapBytes), or else by SWAP gates applied in cache, and the device's
// wire map follows them (QubitRelabeller). Queued gates name qubits as they
// were when queued and are renamed as the swaps happen.
#pragma once

#include "fusion/fuser.hpp"
#include "kernels/apply_op.hpp"
#include "tiles/op_queue.hpp"
#include "tiles/tile_program.hpp"
#include "tiles/tile_walk.hpp"
#include "tiles/window_planner.hpp"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace qrt::sv {

struct TileConfig {
  bool enabled = true;
  unsigned tile_qubits = 15;       // k: a tile holds 2^k amplitudes
  unsigned min_state_qubits = 19;  // smaller states take the untiled path (> tile_qubits in any case)
  unsigned chunk_qubits = 10;      // every window holds the lowest chunk_qubits qubits (< tile_qubits)
  unsigned large_tile_qubits = 0;  // a gathered run's window may hold this many qubits (see above); 0: never
  bool fuse = true;                // fuse gates inside a run
  std::size_t max_queued = std::size_t{1} << 14;  // the most gates queued (queue_limit)
};

// A gathered run takes the large tile's window where that window takes at least this many times the ops
// of the tile's (one run's look-ahead). QASMBench 17-28 qubits, one thread, double, in-process: 12.22 s
// at tile size, 11.70 s taking the large window whenever it took more ops (ising_n26 and wstate_n27
// 7-20% slower: arithmetic out of L3), 10.78 s with 2, 10.80 with 1.5.
inline constexpr double kLargeTileOpsRatio = 2.0;

// A queue holds at most about this many amplitude-gates of work (gates x amplitudes of the state). The
// host can stop a run only between calls, and a full queue applies half of it in one call: at n = 28,
// 256 of 512 gates, about 20 s on one core in double precision (0.3 ns per amplitude and gate in
// cache). Fewer, and the planner sees too few gates: the layered circuit at n = 28 (single precision)
// took 18 runs for 10 layers with 256 gates queued, 12 with 1024; at n = 26, 2^34 doubled the runs.
inline constexpr std::uint64_t kQueuedWork = std::uint64_t{1} << 37;
inline constexpr std::size_t kMinQueued = 256;  // still many gates per run on the largest states

// Gates fused together inside a run: blocks of at most this many qubits (see above). 3 against 2 (n = 24,
// best of 3, twice, load 1.1-1.3): the RY ansatz (bench_tiles --rotations RY) 13-17% faster in both
// precisions with 1 and 2 threads (double, one thread: 1.05 s against 1.24 s); issue 34's circuit (RX,
// RY, RZ: complex) unchanged; QASMBench's wstate_n27 23% faster, its other circuits unchanged.
inline constexpr unsigned kTileFusionQubits = 3;
// Each run is fused twice, cost-aware (above) and greedily (every op joins the blocks it overlaps while
// they fit, as the untiled path fuses), and the cheaper by kernel_cost goes into the tile program. Op by
// op, the cost-aware choice never forms a general 3-qubit block (3.5 2x2 passes, more than its first
// few gates apart), though it costs the same however many gates it holds: a run of many gates on few
// qubits (a Toffoli or a controlled SWAP decomposed into CNOTs and rotations) is cheaper as such blocks.
// QASMBench's medium circuits of 17-27 qubits (warm, double, one thread, best of 2 x 3 runs, load
// 1.0-1.2): knn_n25_transpiled 0.37 s against 0.67 s, swap_test_n25_transpiled 0.37 against 0.65, all
// 22 files 5.87 s against 6.64 s (the untiled path: 7.59 s).
// Both keep global phases out of their blocks (FusionConfig::real_up_to_phase, fusion/global_phase.hpp),
// so that transpiled circuits' blocks stay real; the run's phase rides on one op, and real one-qubit ops
// left alone are paired into real 4x4s (run_ops.hpp).

// A gathered run's relabelling swaps are done by its write-back (walk_tiles) when the tile goes back in
// pieces of at least this many bytes (long enough to stream), by SWAP ops in cache otherwise.
inline constexpr std::size_t kFoldedSwapBytes = 512;

// A gathered run costs about this many in-place passes over the state (reading strided chunks into a
// buffer and streaming them back; tile_walk.hpp): a run whose ops would take no more passes of their
// own, each over the amplitudes its controls select, is applied that way instead.
inline constexpr double kGatheredRunPasses = 2.0;

// A run's window is improved by local search (improve_window_run, window_planner.hpp) within this many
// ops visited per tile of the state (one for every 8 amplitudes of a 2^15-amplitude tile): about a
// millisecond at n = 24, small beside the pass over the state that a run costs.
inline constexpr std::size_t kWindowSearchChecks = std::size_t{1} << 12;

// What the passes over the state were (cumulative; reset with reset_stats).
struct TileStats {
  std::uint64_t runs = 0;             // tiled passes
  std::uint64_t gathered_runs = 0;    // of them, over a window other than the lowest qubits
  std::uint64_t large_runs = 0;       // of them, over a window of large_tile_qubits
  std::uint64_t direct_ops = 0;       // ops applied in a pass of their own (too wide for any window, or in a short run)
  std::uint64_t ops = 0;              // ops that went through runs (before fusion)
  std::uint64_t swaps = 0;            // relabelling swaps
  std::uint64_t folded_swaps = 0;     // of them, done by a gathered run's write-back
  std::uint64_t composed_ops = 0;     // fused ops (swaps included) composed into permutations (tile_permutation.hpp)
  std::uint64_t wide_fused_runs = 0;  // runs fused greedily into 3-qubit blocks (cheaper there than cost-aware)
  std::uint64_t phase_folded_runs = 0;  // runs whose blocks took real kernels, a global phase factored out
  std::uint64_t paired_rotations = 0;   // pairs of real one-qubit ops applied as one real 4x4 (run_ops.hpp)
  // The runs' arithmetic: the sum of their fused ops' kernel_cost (fusion/fuser.hpp), in passes of a
  // 2x2 kernel over the whole state with the tiles in cache.
  double work = 0;
  std::uint64_t passes() const { return runs + direct_ops; }
};

// Where the qubits of a window sit in its tiles: what a relabelling weighs.
struct RelabelLayout {
  unsigned tile_qubits = 0, chunk_qubits = 0;  // every window holds the chunk_qubits lowest qubits
  unsigned lane_qubits = 0;                    // the lowest qubits, inside one SIMD register
  unsigned folded_min_qubit = 0;               // a gathered run's write-back swaps only qubits from here up
};

// The swaps (in order) that end a run over `window`: they bring the qubits the `deferred` ops need
// soonest down to the low qubits, which every later window holds. Each lands where the least wanted low
// qubit was, preferring the places where a gathered run's write-back does the swap, then those above
// the lanes; the lanes take the incoming qubits needed last (a fused block with a lane target loses the
// kernels that need register-selecting targets: kernel_cost).
std::vector<std::pair<unsigned, unsigned>> relabel_swaps(QubitMask window, std::span<const OpFootprint> deferred,
                                                         const RelabelLayout& layout);

// The device side of a relabelling: physical qubits a and b have exchanged their contents.
class QubitRelabeller {
 public:
  virtual void swap_qubits(unsigned a, unsigned b) = 0;

 protected:
  ~QubitRelabeller() = default;
};

class TiledQueue {
 public:
  explicit TiledQueue(TileConfig config = {});

  const TileConfig& config() const { return config_; }
  // Whether gates on a state of this many qubits take the tiled path (more than one tile).
  bool active_for(unsigned num_qubits) const {
    return config_.enabled && num_qubits > config_.tile_qubits && num_qubits >= config_.min_state_qubits;
  }

  // Queues an op (a copy, with its matrix) in the state's current qubit numbering.
  void push(const QubitOp& op) { pending_.push(op); }
  bool empty() const { return pending_.empty(); }
  std::size_t size() const { return pending_.size(); }
  // How many gates may queue for a state of `num_qubits`: max_queued, and at most kQueuedWork of work
  // (never fewer than kMinQueued).
  std::size_t queue_limit(unsigned num_qubits) const;
  bool full(unsigned num_qubits) const { return pending_.size() >= queue_limit(num_qubits); }
  // Drops everything queued (the state is being discarded).
  void clear();

  // Applies every queued op to the 2^num_qubits amplitudes at `amps` (num_qubits > tile_qubits, or the
  // whole state is one tile), with the policy's SIMD level and threads. Relabelling swaps are
  // reported to `relabeller` as they happen. The amplitudes may be the part of a larger state whose
  // qubits from num_qubits up have the values `fixed_values` (a rank's chunk): ops may have controls
  // and parity bits there (not other targets), and every part plans alike. With `everything` false,
  // only until half of queue_limit is left: a full queue makes room run by run and keeps the rest for
  // the planner to look ahead over.
  template <class T>
  void flush(Amplitude<T>* amps, unsigned num_qubits, const ExecPolicy& policy, Workspace& workspace,
             QubitRelabeller& relabeller, QubitMask fixed_values = 0, bool everything = true);

  // For a state that is |0...0> (nothing applied since it was allocated or reset), which every
  // permutation of its qubits leaves as it is: renumbers the queued ops, and the device's wires
  // through `relabeller`, so that the qubits take the order in which the queued ops first act on them
  // non-diagonally, soonest lowest (ties and unused qubits: in their present order), where the first
  // run then takes more ops than it does now. Every window holds the lowest qubits, and a program's
  // first wire is the highest qubit (WireMap): from that layout the first window of a circuit that
  // sweeps its wires in order holds the qubits it needs last (the layered circuit at n = 20: 7 runs for
  // 10 layers, 2 from this order); other circuits plan better as they are (QASMBench's
  // adder_n28_transpiled: 3 runs, 5 in this order). Call before the first flush; moves no amplitude.
  void order_qubits_by_first_use(unsigned num_qubits, QubitRelabeller& relabeller);

  const TileStats& stats() const { return stats_; }
  void reset_stats() { stats_ = {}; }

 private:
  template <class T>
  struct PerPrecision {
    TileProgram<T> program;
    TileBuffers<T> buffers;
  };
  template <class T>
  PerPrecision<T>& per_precision();

  // The passes the queued ops at `ops` take applied one by one (untiled).
  double direct_passes(std::span<const std::size_t> ops);

  TileConfig config_;
  OpQueue pending_;
  Fuser fuser_;                 // cost-aware blocks of up to kTileFusionQubits
  Fuser wide_fuser_;            // greedy blocks of up to kTileFusionQubits, as the untiled path forms them
  OpQueue fused_, wide_fused_;  // a run's ops fused by each
  TileStats stats_;
  PerPrecision<double> double_;
  PerPrecision<float> single_;
};

}  // namespace qrt::sv
