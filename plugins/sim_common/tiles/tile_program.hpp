// The ops of one tiled run, bound to their kernels once for every tile. A tile holds the 2^k
// amplitudes whose qubits outside the window have fixed values; inside it, tile bit i is the i-th
// lowest qubit of the window. Each op is rewritten in tile bits, and what the outside qubits decide is
// kept beside it: whether the op acts on a tile (its controls outside the window), and which variant of
// it does: for a parity over outside qubits, which of its two coefficients goes with which local
// parity; for a dense matrix with targets outside the window that it never flips (a fused CNOT whose
// control is outside, with the rotation on its target), which block of the matrix. Consecutive ops
// that only move amplitudes become one step that moves each amplitude once (tile_permutation.hpp), or
// that applies them one by one where that measures faster (ComposedMove). An op that acts on a tile only
// through qubits outside the window (a phase on them, a parity of them) multiplies the whole tile by one
// number: all such ops of a program are multiplied together per tile and applied as one scalar pass.
#pragma once

#include "kernels/prepared_kernel.hpp"
#include "kernels/workspace.hpp"
#include "tiles/tile_permutation.hpp"

#include <array>
#include <atomic>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

namespace qrt::sv {

// Whether an op can go into a tile over `window`: it flips no qubit outside the window (diagonal
// shapes anywhere; two-level targets inside; dense targets inside, or outside where the matrix never
// flips them, at most kMaxTileSelectors of those).
inline constexpr unsigned kMaxTileSelectors = 4;
bool fits_window(const QubitOp& op, QubitMask window);

// The tile bit of `qubit`, a qubit of `window`: how many window qubits lie below it.
inline unsigned tile_bit(QubitMask window, unsigned qubit) {
  return static_cast<unsigned>(std::popcount(window & ((QubitMask{1} << qubit) - 1)));
}

// How many consecutive permutation ops (is_permutation) a tile program composes into one move of the
// tile's amplitudes (tile_permutation.hpp) instead of applying them one by one with the swap kernel, by
// the size of the blocks the composition moves. Measured on one 2^15-amplitude tile in L2 (AVX-512,
// double, load below 0.4): a swap-kernel pass costs 0.13-0.17 ns an amplitude; a composed move of 3 to
// 22 ops 0.37-0.62 ns in blocks of 32 bytes or more, 0.83-0.89 ns amplitude by amplitude (its cycles
// jump around the tile).
inline std::size_t min_composed_permutations(std::size_t block_bytes) { return block_bytes >= 32 ? 3 : 6; }

// Told before each step of a tile's program runs (the walk prefetches the next tile there).
class StepHook {
 public:
  virtual void before_step(std::size_t step, std::size_t steps) = 0;

 protected:
  ~StepHook() = default;
};

template <class T>
class TileProgram {
 public:
  // An empty program for tiles over `window` (k qubits), run with `table` (chosen for k qubits).
  void reset(QubitMask window, const kernels::KernelTable<T>& table);
  // Appends an op in the state's qubit numbering; it must fit the window (std::invalid_argument).
  // Consecutive permutation ops with no control outside the window are held back and composed.
  void add(const QubitOp& op);
  // Ends the program: ops held back are composed (or added one by one). run() needs it after the last add.
  void finish();
  bool finished() const { return held_permutations_.empty(); }
  // How many of the ops were composed into permutation steps.
  std::size_t composed_ops() const { return composed_ops_; }

  QubitMask window() const { return window_; }
  unsigned tile_qubits() const { return tile_qubits_; }
  std::size_t size() const { return steps_.size(); }

  // Runs every op, in order, on one tile: `tile` holds its 2^k amplitudes in tile order, `outer` is
  // the state index of its first amplitude (its bits outside the window). Safe to call from several
  // threads on different tiles.
  void run(Amplitude<T>* tile, QubitMask outer, StepHook* hook = nullptr) const;

 private:
  struct Step {
    QubitMask outer_control_mask = 0, outer_control_values = 0;  // the op acts where these match
    QubitMask outer_parity_mask = 0;                          // Parity: odd parity of these outside bits is variant 1
    std::array<std::uint8_t, kMaxTileSelectors> selectors{};  // Dense: their outside bits, in order,
    unsigned num_selectors = 0;                               // number the variant
    std::size_t first_kernel = 0;                             // the variants' kernels, consecutive in kernels_
    std::size_t permutation = kNoPermutation;                 // or the composed move it applies (moves_)
    // A scalar step (an op on qubits outside the window only): the tile is multiplied by
    // scalar_coefficients[variant] where the outer controls match, together with the program's other
    // scalar steps, by the phase kernel at first_kernel (run with the product as its coefficient).
    bool scalar = false;
    std::array<Complex, 2> scalar_coefficients{};
  };
  static constexpr std::size_t kNoPermutation = ~std::size_t{0};
  // A composed permutation, and its ops one by one (kernels_[first_kernel, first_kernel + count): swap
  // kernels). The composed move costs from about 0.5 ns an amplitude (CNOT chains) to 5 ns (moves
  // amplitude by amplitude across the whole tile, each a cache miss: QASMBench's adder_n28), the ops
  // one by one 0.07-0.15 ns each (2^15 amplitudes in L2, double, AVX-512): which is cheaper depends on
  // the permutation and the machine, so the walk's first tiles time both (MoveTrial) and the others take
  // the faster. Both move the same amplitudes to the same places: the results do not depend on it.
  static constexpr unsigned kMoveTrialTiles = 2;  // the first composed, the second one by one
  static constexpr std::uint64_t kUntimed = ~std::uint64_t{0};
  struct MoveTrial {
    std::atomic<unsigned> tiles{0};
    std::atomic<std::uint64_t> composed_ns{kUntimed}, separate_ns{kUntimed};
  };
  struct ComposedMove {
    TilePermutation permutation;
    std::size_t first_kernel = 0, count = 0;
    std::unique_ptr<MoveTrial> trial;  // atomics, shared by the threads walking the tiles
  };
  void apply_move(Amplitude<T>* tile, std::size_t move) const;
  QubitMask local(QubitMask state_bits) const;
  QubitOp localised(const QubitOp& op) const;  // the op in tile bits
  void add_step(const QubitOp& op);
  void add_scalar_step(const QubitOp& op);
  void apply_scalar(Amplitude<T>* tile, Complex factor, std::size_t kernel) const;
  std::size_t prepare(const QubitOp& local_op);
  void add_dense_blocks(const QubitOp& op, Step step, QubitMask outer_targets);

  QubitMask window_ = 0;
  unsigned tile_qubits_ = 0;
  const kernels::KernelTable<T>* table_ = nullptr;
  std::array<std::uint8_t, 64> tile_bit_{};  // tile bit of each window qubit
  std::vector<Step> steps_;
  std::vector<PreparedKernel<T>> kernels_;
  std::vector<AlignedScratch> coefficients_;  // one per kernel; kept across resets (grow-only)
  std::vector<QubitOp> held_permutations_;    // consecutive permutation ops not yet composed
  std::vector<ComposedMove> moves_;
  std::size_t composed_ops_ = 0;
  Workspace workspace_;
};

}  // namespace qrt::sv
