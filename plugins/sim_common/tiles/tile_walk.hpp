// One pass over the state for a whole run of ops: the state is cut into tiles of 2^k amplitudes (the
// amplitudes that share the values of the qubits outside the window), and every op of the run is
// applied to one tile while it sits in the core's cache before the walk moves on.
//
// A window of the k lowest qubits makes every tile a contiguous block, worked on in place. Any other
// window holds the c lowest qubits (a chunk of 2^c contiguous amplitudes, c >= the planner's minimum)
// and some higher ones: its tile is gathered chunk by chunk into a buffer of the thread's own, worked
// on there and written back with streaming stores. Worked on in place, those chunks would lie a
// multiple of the cache's set period apart and evict each other between ops.
//
// While the program runs on one tile, the thread prefetches the next tile it will work on into L2, a
// share before each op (a tile takes half of L2), so that reading the state overlaps the arithmetic
// instead of preceding it: one core alone waits on memory otherwise. Measured (one thread, double, best
// of 4, three alternations, load average below 1): QASMBench's ising_n26 in 1.10-1.19 s against
// 1.19-1.22 s without, knn_n25 in 0.56-0.58 s against 0.61-0.68 s.
#pragma once

#include "tiles/tile_program.hpp"

#include <cstddef>
#include <memory>
#include <span>
#include <utility>
#include <vector>

namespace qrt::sv {

// Per-thread tile buffers, grow-only (kept across runs).
template <class T>
class TileBuffers {
 public:
  Amplitude<T>* get(unsigned thread, std::size_t amplitudes);
  void ensure(unsigned threads, std::size_t amplitudes);

 private:
  struct Free {
    void operator()(Amplitude<T>* p) const noexcept;
  };
  std::vector<std::unique_ptr<Amplitude<T>[], Free>> buffers_;
  std::size_t capacity_ = 0;
};

// Applies `program` (finished: TileProgram::finish, else std::invalid_argument) to every tile of the
// 2^num_qubits amplitudes at `amps` over its window (the program's), tiles spread over `threads` threads. The window
// must hold the lowest qubit, and a window other than the lowest k qubits chunks of at least 64 bytes at 16-byte
// aligned `amps`. The amplitudes may be part of a larger state whose higher index bits are `fixed_values` (see
// TiledQueue::flush): the program sees them as bits of every tile's index.
//
// `write_back_swaps`: pairs of window qubits whose contents the walk exchanges as it writes each
// gathered tile back (a relabelling at no cost: the tile goes back in blocks, each to its exchanged
// place). Only for a gathered window; the lowest tile bit they involve sets the block, which must
// hold whole cache lines (std::invalid_argument otherwise).
template <class T>
void walk_tiles(Amplitude<T>* amps, unsigned num_qubits, const TileProgram<T>& program, unsigned threads,
                TileBuffers<T>& buffers, QubitMask fixed_values = 0,
                std::span<const std::pair<unsigned, unsigned>> write_back_swaps = {});

}  // namespace qrt::sv
