// Consecutive permutation ops of a run (X, CNOT, Toffoli, SWAP, their multi-controlled forms, fused
// blocks that only move amplitudes) composed into one move of the tile's amplitudes.
//
// Apart, each of them is a pass of the swap kernel over the tile in cache: a classical-arithmetic
// circuit (QASMBench's adders) spent most of its tiled time there, one pass per gate. Composed, the
// amplitudes a whole sequence moves are moved once, each straight to where the sequence takes it,
// following the permutation's cycles in place (no second tile buffer: a tile already takes half of L2).
#pragma once

#include "kernels/qubit_op.hpp"

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace qrt::sv {

// Whether an op only moves amplitudes, unchanged, from one basis state to another: a two-level op
// whose matrix is [[0, 1], [1, 0]], or a dense one whose matrix is a permutation matrix (entries 0
// and exactly 1).
bool is_permutation(const QubitOp& op);

// A permutation of a tile's 2^k amplitudes in blocks of 2^block_log2 consecutive amplitudes (the tile
// bits below block_log2 are ones no composed op touches): block cycles[j] moves to cycles[j + 1]
// within each cycle, and the last block of a cycle to its first. Blocks that stay put are not listed.
struct TilePermutation {
  unsigned block_log2 = 0;
  std::vector<std::uint32_t> cycles;      // the cycles' blocks, one cycle after another
  std::vector<std::uint32_t> cycle_ends;  // where each cycle ends in `cycles`
  std::size_t moved_blocks() const { return cycles.size(); }
};

// The composition of `ops` (in order; permutation ops, is_permutation, in tile bits: every target and
// control below tile_qubits) over a tile of 2^tile_qubits amplitudes. std::invalid_argument for an op
// that is not a permutation or reaches outside the tile.
TilePermutation compose_permutation(std::span<const QubitOp> ops, unsigned tile_qubits);

// Moves the amplitudes of one tile as `permutation` says. Safe to call from several threads on
// different tiles with one permutation.
template <class T>
void apply_permutation(Amplitude<T>* tile, const TilePermutation& permutation);

}  // namespace qrt::sv
