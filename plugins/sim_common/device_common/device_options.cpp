#include "device_common/device_options.hpp"

#include "tiles/tile_size.hpp"

#include <qrt/sdk/error.hpp>

#include <omp.h>

#include <string>
#include <vector>

namespace qrt::sv {

namespace {
// Largest state the device accepts at all (2^40 amplitudes = 16 TiB); memory is the practical limit.
constexpr std::int64_t kMaxDeviceQubits = 40;
}  // namespace

qrt::sdk::Schema DeviceOptions::schema() {
  return qrt::sdk::Schema()
      .integer("shots", 0, "Shots for sample/counts and shot-based expval/var; 0 means analytic results", 0)
      .integer("seed", std::nullopt,
               "Seed of the device's random generator (measurements, samples); null draws a fresh random seed "
               "at creation and at every reset",
               0)
      .integer("threads", 0, "OpenMP threads for large states; 0 means all cores", 0, 1024)
      .integer("max_qubits", kMaxDeviceQubits,
               "Most qubits allocated at once (the state needs 16 * 2^n bytes, 8 * 2^n in single precision)", 1,
               kMaxDeviceQubits)
      .string("precision", "double",
              "Amplitude precision: double (complex128) or single (complex64: half the memory and about "
              "twice the speed of bandwidth-bound gates; results accurate to ~1e-6 relative, sums still in "
              "double)",
              {"double", "single"})
      .boolean("fusion", true,
               "Fuse runs of gates on few qubits into one matrix before applying them (one pass over the state "
               "instead of one per gate); measurements and state reads flush the queue")
      .integer("fusion_max_qubits", 3, "Largest fused block, in qubits", 1, 5)
      .integer("fusion_min_qubits", 12,
               "Fuse only on states of at least this many qubits (smaller ones are cache-resident)", 0,
               kMaxDeviceQubits)
      .boolean("tiles", true,
               "Apply runs of gates tile by tile (cache blocking): tiles of 2^tile_qubits amplitudes stay in the "
               "core's L2 cache while every gate of a run works on them, so a run costs one pass over the state "
               "however many gates it holds; false applies each fused gate in a pass of its own")
      .integer("tile_qubits", 0,
               "Qubits of a tile (2^tile_qubits amplitudes); 0 picks the largest tile that fills at most half of "
               "the L2 cache",
               0, kMaxTileQubits)
      .integer("tile_min_qubits", 0,
               "Tile only states of at least this many qubits (and more than tile_qubits); 0 means tile_qubits + 4 "
               "in double precision and tile_qubits + 6 in single (smaller states stay in the L3 cache, where the "
               "untiled path is as fast)",
               0, kMaxDeviceQubits)
      .integer("parallel_min_qubits", 14, "Use threads only on states of at least this many qubits", 0,
               kMaxDeviceQubits)
      .string("simd", "auto",
              "Kernel instruction set: auto (the best this CPU supports), avx512, avx2 or portable; for testing "
              "and benchmarking",
              {"auto", "avx512", "avx2", "portable"});
}

DeviceOptions DeviceOptions::from_kwargs(const qrt::sdk::Kwargs& kwargs) {
  DeviceOptions o;
  o.shots = static_cast<std::uint64_t>(kwargs.integer("shots"));
  if (!kwargs.is_null("seed")) o.seed = static_cast<std::uint64_t>(kwargs.integer("seed"));
  const auto threads = kwargs.integer("threads");
  o.threads = threads == 0 ? static_cast<unsigned>(omp_get_num_procs()) : static_cast<unsigned>(threads);
  o.parallel_min_qubits = static_cast<unsigned>(kwargs.integer("parallel_min_qubits"));
  o.max_qubits = static_cast<unsigned>(kwargs.integer("max_qubits"));
  o.fusion.enabled = kwargs.boolean("fusion");
  o.fusion.max_qubits = static_cast<unsigned>(kwargs.integer("fusion_max_qubits"));
  o.fusion.min_state_qubits = static_cast<unsigned>(kwargs.integer("fusion_min_qubits"));

  const std::string& precision = kwargs.string("precision");
  if (precision == "double") o.precision = Precision::Double;
  else if (precision == "single") o.precision = Precision::Single;
  else
    qrt::sdk::throw_invalid_argument("kwarg 'precision' = \"" + precision +
                                     "\" is not a precision; allowed: \"double\", \"single\"");

  const std::string& simd = kwargs.string("simd");
  if (simd == "auto") {
    o.simd = best_simd_level();
  } else {
    const std::optional<SimdLevel> level = parse_simd_level(simd);
    if (!level) qrt::sdk::throw_invalid_argument("kwarg 'simd' = \"" + simd + "\" is not a SIMD level");
    if (!simd_level_supported(*level))
      qrt::sdk::throw_invalid_argument("kwarg 'simd' = \"" + simd + "\": this CPU does not support it");
    o.simd = *level;
  }

  o.tiles.enabled = kwargs.boolean("tiles");
  o.tiles.fuse = o.fusion.enabled;
  const auto tile_qubits = kwargs.integer("tile_qubits");
  if (tile_qubits != 0 && tile_qubits < kMinTileQubits)
    qrt::sdk::throw_invalid_argument("kwarg 'tile_qubits' = " + std::to_string(tile_qubits) +
                                     ": a tile needs at least " + std::to_string(kMinTileQubits) +
                                     " qubits (0 picks the size from the L2 cache)");
  o.tiles.tile_qubits = tile_qubits == 0 ? tile_qubits_for_cache(l2_cache_bytes(), o.amplitude_bytes())
                                         : static_cast<unsigned>(tile_qubits);
  o.tiles.chunk_qubits = chunk_qubits_for(o.tiles.tile_qubits, o.amplitude_bytes());
  o.tiles.large_tile_qubits = large_tile_qubits_for(o.tiles.tile_qubits, l3_cache_bytes(), o.amplitude_bytes());
  const auto tile_min_qubits = kwargs.integer("tile_min_qubits");
  o.tiles.min_state_qubits = tile_min_qubits == 0 ? o.tiles.tile_qubits + untiled_tiles_log2(o.amplitude_bytes())
                                                  : static_cast<unsigned>(tile_min_qubits);
  return o;
}

}  // namespace qrt::sv
