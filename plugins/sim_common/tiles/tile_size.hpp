// Tile sizes from the machine's cache: a tile should stay in the core's L2 while a run of ops works
// on it, beside the lines a gathered tile streams through.
#pragma once

#include <cstddef>

namespace qrt::sv {

// States of fewer than 2^untiled_tiles_log2 tiles take the untiled path by default (kwarg
// tile_min_qubits): there the state stays in the L3 cache, where the untiled path's larger fused blocks
// can run as fast or faster. In double precision from 16 tiles on (8 MiB, 2^15-amplitude tiles) the
// tiled path was faster on the layered circuit and a brickwork of RX + CNOT at n = 16-18, bench_tiles'
// machine. In single precision it was slower at 16 and 32 tiles (n = 20 and 21 with 2^16-amplitude
// tiles: 0.55-0.97x of the untiled time on the layered circuit, the RY ansatz and RX, RZ layers, one
// and two threads, bench_tiles, 2026-12-06, load below 1.1; one case of six 1.2x) and as fast or
// faster from 64 tiles on (n = 22, 32 MiB: 1.0-1.6x): its untiled kernels do half the arithmetic per
// byte, and in L3 they keep up.
inline constexpr unsigned kUntiledTilesLog2Double = 4;
inline constexpr unsigned kUntiledTilesLog2Single = 6;
inline unsigned untiled_tiles_log2(std::size_t amplitude_bytes) {
  return amplitude_bytes >= 16 ? kUntiledTilesLog2Double : kUntiledTilesLog2Single;
}

// Smallest and largest tiles the device accepts (kwarg tile_qubits).
inline constexpr unsigned kMinTileQubits = 10;
inline constexpr unsigned kMaxTileQubits = 24;

// The L2 cache of one core in bytes: sysconf, else sysfs, else 1 MiB.
std::size_t l2_cache_bytes();

// The largest k such that 2^k amplitudes of `amplitude_bytes` take at most half of `l2_bytes`,
// clamped to [kMinTileQubits, kMaxTileQubits].
unsigned tile_qubits_for_cache(std::size_t l2_bytes, std::size_t amplitude_bytes);

// The L3 cache (shared by the cores) in bytes: sysconf, else sysfs; 0 when neither says.
std::size_t l3_cache_bytes();

// Large tiles (tiled_queue.hpp): kLargeTileExtraQubits more qubits than tile_qubits (4x the amplitudes),
// where kLargeTilesInL3 of them fit in `l3_bytes` (one being walked and one prefetched on each of a few
// cores); 0 (none) where they do not, or the L3 cache's size is unknown.
inline constexpr unsigned kLargeTileExtraQubits = 2;
inline constexpr std::size_t kLargeTilesInL3 = 8;
unsigned large_tile_qubits_for(unsigned tile_qubits, std::size_t l3_bytes, std::size_t amplitude_bytes);

// How many of the lowest qubits every window holds, for tiles of `tile_qubits`: enough for chunks of
// kChunkBytes contiguous bytes (so a gathered tile streams in long runs), leaving at least
// kMinFreeWindowQubits qubits of the window free to take any other qubit. Fewer free qubits make
// more runs (each run can take only that many qubits its predecessor did not hold).
inline constexpr std::size_t kChunkBytes = std::size_t{8} << 10;
inline constexpr unsigned kMinFreeWindowQubits = 5;
unsigned chunk_qubits_for(unsigned tile_qubits, std::size_t amplitude_bytes);

}  // namespace qrt::sv
