// The ops of one tiled run, bound to their kernels once for every tile. A tile holds the 2^k
// amplitudes whose qubits outside the window have fixed values; inside it, tile bit i is the i-th
// lowest qubit of the window. Each op is rewritten in tile bits, and what the outside qubits decide is
// kept beside it: whether the op acts on a tile (its controls outside the window) and, for a parity
// over outside qubits, which of its two coefficients goes with which local parity.
#pragma once

#include "kernels/prepared_kernel.hpp"
#include "kernels/workspace.hpp"

#include <array>
#include <cstddef>
#include <vector>

namespace qrt::sv {

// Why an op cannot go into a tile: a non-diagonal target outside the window.
bool fits_window(const QubitOp& op, QubitMask window);

template <class T>
class TileProgram {
 public:
  // An empty program for tiles over `window` (k qubits), run with `table` (chosen for k qubits).
  void reset(QubitMask window, const kernels::KernelTable<T>& table);
  // Appends an op in the state's qubit numbering; it must fit the window (std::invalid_argument).
  void add(const QubitOp& op);

  QubitMask window() const { return window_; }
  unsigned tile_qubits() const { return tile_qubits_; }
  std::size_t size() const { return steps_.size(); }

  // Runs every op, in order, on one tile: `tile` holds its 2^k amplitudes in tile order, `outer` is
  // the state index of its first amplitude (its bits outside the window). Safe to call from several
  // threads on different tiles.
  void run(Amplitude<T>* tile, QubitMask outer) const;

 private:
  struct Step {
    QubitMask outer_control_mask = 0, outer_control_values = 0;  // the op acts where these match
    QubitMask outer_parity_mask = 0;  // odd parity of these outside bits: variant 1
    std::size_t variant[2] = {0, 0};  // kernels_ positions for even and odd outside parity
  };
  QubitMask local(QubitMask state_bits) const;
  std::size_t prepare(const QubitOp& local_op);

  QubitMask window_ = 0;
  unsigned tile_qubits_ = 0;
  const kernels::KernelTable<T>* table_ = nullptr;
  std::array<std::uint8_t, 64> tile_bit_{};  // tile bit of each window qubit
  std::vector<Step> steps_;
  std::vector<PreparedKernel<T>> kernels_;
  std::vector<AlignedScratch> coefficients_;  // one per kernel; kept across resets (grow-only)
  Workspace workspace_;
};

}  // namespace qrt::sv
