// How probs() walks the state for one qubit list: tile geometry, tile order and the tile kernels.
// Internal to probabilities.cpp.
//
// Amplitude bits split three ways: tile bits; kept outer bits (listed qubits outside the tile: they
// select the output tile) and traced outer bits (unlisted qubits outside the tile: summed over).
// A tile is `runs` runs of `run_length` contiguous amplitudes; the runs differ in the tile qubits
// above the contiguous ones. Tile element (r, e) lands at output offset run_output[r] +
// element_output[e] within its output tile.
//
// Small outputs (at most 2^10 entries): the tile is the lowest 2^10 amplitudes (8 KiB of sums, in
// L1). The (kept outer, traced) combinations are split into ranges; a range sums tiles per kept
// combination and adds them into its own partial histogram.
//
// Large outputs: the tile is up to 2^11 contiguous amplitudes times the 3 qubits giving the lowest
// output bits, so reads stream 8 long runs and each run element completes a whole output cache line.
// At least 2^6 output tiles remain, so every thread owns some, and they are visited in output order,
// so consecutive tiles write neighbouring lines of the same pages. When every output entry receives
// exactly one amplitude (all qubits listed, in any order), each output line is computed from its 8
// amplitudes and stored at once, bypassing the cache when possible; otherwise tiles are summed over
// the traced combinations in a buffer first.
#pragma once

#include "measure/bit_linear_map.hpp"
#include "measure/bits.hpp"

#include <bit>
#include <complex>
#include <cstddef>
#include <span>
#include <vector>

namespace qrt::sv {

class ProbsPlan {
 public:
  enum class Kernel {
    PartialHistograms,      // small output: traced combinations split into ranges, histograms summed
    BufferedAccumulate,     // output tiles whose entries gather several amplitudes: sum, then add
    Lines,                  // one amplitude per output entry: whole output lines written directly
    StreamedLines,          // Lines with streaming stores (16-byte aligned output, SSE2)
    ReversedTiles,          // all qubits in allocation order (a full bit reversal): tiles transposed in cache
    StreamedReversedTiles,  // ReversedTiles with streaming stores (16-byte aligned output, SSE2)
  };

  // `output_aligned`: the output is 16-byte aligned (required by streaming stores).
  ProbsPlan(std::size_t num_qubits, std::span<const std::size_t> qubits, bool output_aligned);

  // ReversedTiles: square tiles of 2^kReversalTileBits x 2^kReversalTileBits amplitudes (from two
  // tiles' worth of bits on).
  static constexpr std::size_t kReversalTileBits = 7;
  static constexpr std::size_t kMinReversalQubits = 2 * kReversalTileBits;

  Kernel kernel() const { return kernel_; }
  std::size_t tile_size() const { return run_offsets_.size() * run_length_; }
  std::size_t output_tiles() const { return std::size_t{1} << kept_outer_order_.size(); }
  std::size_t traced_tiles() const { return std::size_t{1} << std::popcount(traced_outer_); }
  bits::Index traced_outer() const { return traced_outer_; }
  bits::Index kept_outer() const { return kept_outer_; }  // in increasing numeric order

  // Output index of the listed qubits' bits in `amplitude` (unlisted bits are ignored).
  bits::Index output_offset(bits::Index amplitude) const { return output_index_(amplitude); }
  // Amplitude offset (kept outer bits) and output offset of output tile number `tile`.
  bits::Index tile_input(std::size_t tile) const { return tile_input_(tile); }
  bits::Index tile_output(std::size_t tile) const { return tile_output_(tile); }

  // sums[r * run_length + e] (+)= |amplitude (r, e) of the tile at `base`|^2
  template <bool kAccumulate, class T>
  void add_norms(const std::complex<T>* state, bits::Index base, double* sums) const;
  // Tile sums into the output tile starting at `out`: assigned, or added (shared entries, histograms).
  template <bool kAccumulate>
  void flush(const double* sums, double* out) const;
  void zero_output_tile(double* out) const;
  // Lines / StreamedLines: the norms of each output line's 8 amplitudes, stored as one line.
  template <bool kStreaming, class T>
  void write_lines(const std::complex<T>* state, bits::Index base, double* out) const;

 private:
  static bits::Index choose_tile(std::size_t num_qubits, std::span<const std::size_t> qubits);

  Kernel kernel_ = Kernel::PartialHistograms;
  bits::Index traced_outer_ = 0;
  bits::Index kept_outer_ = 0;
  std::vector<std::size_t> kept_outer_order_;  // kept outer qubits by increasing output bit
  std::size_t run_length_ = 1;
  std::vector<bits::Index> run_offsets_;     // amplitude offset of run r
  std::vector<bits::Index> run_output_;      // output offset of run r
  std::vector<bits::Index> element_output_;  // output offset of element e of a run
  // A one-to-one tile as output lines: line l holds amplitudes line_starts_[l] + line_offsets_[j].
  bits::Index line_offsets_[8] = {};
  std::vector<bits::Index> line_starts_;
  std::vector<bits::Index> line_outputs_;
  BitLinearMap output_index_;
  BitLinearMap tile_input_;
  BitLinearMap tile_output_;
};

}  // namespace qrt::sv
