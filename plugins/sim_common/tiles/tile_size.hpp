// Tile sizes from the machine's cache: a tile should stay in the core's L2 while a run of ops works
// on it, beside the lines a gathered tile streams through.
#pragma once

#include <cstddef>

namespace qrt::sv {

// States of fewer than 2^kUntiledTilesLog2 tiles take the untiled path by default (kwarg
// tile_min_qubits): at 8 tiles or fewer (4 MiB in double) the state stays in the L3 cache, where the
// untiled path's larger fused blocks ran as fast or faster (the layered circuit and a brickwork of
// RX + CNOT at n = 16-18, bench_tiles' machine); from 16 tiles on the tiled path was faster.
inline constexpr unsigned kUntiledTilesLog2 = 4;

// Smallest and largest tiles the device accepts (kwarg tile_qubits).
inline constexpr unsigned kMinTileQubits = 10;
inline constexpr unsigned kMaxTileQubits = 24;

// The L2 cache of one core in bytes: sysconf, else sysfs, else 1 MiB.
std::size_t l2_cache_bytes();

// The largest k such that 2^k amplitudes of `amplitude_bytes` take at most half of `l2_bytes`,
// clamped to [kMinTileQubits, kMaxTileQubits].
unsigned tile_qubits_for_cache(std::size_t l2_bytes, std::size_t amplitude_bytes);

// How many of the lowest qubits every window holds, for tiles of `tile_qubits`: enough for chunks of
// kChunkBytes contiguous bytes (so a gathered tile streams in long runs), leaving at least
// kMinFreeWindowQubits qubits of the window free to take any other qubit. Fewer free qubits make
// more runs (each run can take only that many qubits its predecessor did not hold).
inline constexpr std::size_t kChunkBytes = std::size_t{8} << 10;
inline constexpr unsigned kMinFreeWindowQubits = 5;
unsigned chunk_qubits_for(unsigned tile_qubits, std::size_t amplitude_bytes);

}  // namespace qrt::sv
