// The device's kwargs: schema (what the host publishes and validates) and the parsed values.
#pragma once

#include "fusion/fuser.hpp"
#include "kernels/simd_level.hpp"
#include "tiles/tiled_queue.hpp"

#include <qrt/sdk/kwargs.hpp>
#include <qrt/sdk/schema.hpp>

#include <cstdint>
#include <optional>

namespace qrt::sv {

// Element type of the amplitudes: complex128 (default) or complex64 (half the memory and bandwidth,
// ~1e-6 relative accuracy; norms, probabilities and expectation values still accumulate in double).
enum class Precision : std::uint8_t { Double, Single };

struct DeviceOptions {
  std::uint64_t shots = 0;
  std::optional<std::uint64_t> seed;  // none: a fresh random seed at creation and at every reset
  unsigned threads = 1;               // resolved: >= 1
  unsigned parallel_min_qubits = 14;
  SimdLevel simd = SimdLevel::Portable;  // resolved and supported by this CPU
  FusionConfig fusion;
  TileConfig tiles;  // resolved: tile_qubits from the kwarg or the L2 cache, chunk_qubits from it
  unsigned max_qubits = 0;
  Precision precision = Precision::Double;

  std::size_t amplitude_bytes() const { return precision == Precision::Single ? 8 : 16; }

  // The kwargs both state-vector devices accept (statevector.qubit and statevector.mpi).
  static qrt::sdk::Schema schema();
  // Throws qrt::sdk::Error (invalid argument) for values the schema cannot express, e.g. a SIMD level
  // this CPU lacks.
  static DeviceOptions from_kwargs(const qrt::sdk::Kwargs& kwargs);
};

}  // namespace qrt::sv
