// What a run's fused ops go through on their way into its tile program (tiled_queue.hpp): real
// one-qubit rotations paired into real 4x4s, and the global phases the fusers set apart folded back.
// Both are about the arithmetic in cache, where a run's cost lies (bench_tile_kernels, a tile of 2^15
// amplitudes in L2, AVX-512, double): a real 4x4 costs 0.136 ns an amplitude, two real 2x2s 2 x 0.139,
// while a complex 4x4 costs 0.333 against 2 x 0.135 for two complex 2x2s (so only real ones are paired).
#pragma once

#include "kernels/qubit_op.hpp"

#include <cstddef>
#include <vector>

namespace qrt::sv {

// The qubits at the lowest tile bits of `window`: inside one SIMD register (at most 3 bits: 8 complex64
// amplitudes in an AVX-512 register), where a real 2x2 already costs half a complex one (0.077 against
// 0.165 ns an amplitude, double) and no pairing or phase should land.
QubitMask lane_qubits(QubitMask window);

// Pairs real one-qubit ops without controls (not permutations: those compose, tile_permutation.hpp; not
// on `lanes`) into real 4x4s: an op joins the first later one on another qubit that nothing between
// them touches, at the earlier one's place (moved there, it commutes with everything it passes).
// Returns the number of pairs.
std::size_t pair_real_rotations(std::vector<QubitOp>& ops, QubitMask lanes);

// Multiplies the global phases among `ops` (fusion/global_phase.hpp: what the fusers set apart) into
// the one op where that costs least (phase_host_cost; not a permutation, nor an op on `lanes`), or
// leaves them as one global Phase op where every candidate would cost more than that op's pass in
// cache. A borrowed matrix the host needs is copied into `storage` (kept alive by the caller while the
// ops are used). Returns whether there were any.
bool fold_global_phases(std::vector<QubitOp>& ops, QubitMask lanes, std::vector<Complex>& storage);

}  // namespace qrt::sv
