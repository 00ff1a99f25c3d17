#include "tiles/tile_size.hpp"

#include <unistd.h>

#include <algorithm>
#include <bit>
#include <fstream>
#include <string>

namespace qrt::sv {

namespace {

// "1024K", "2M" or a plain number of bytes, as sysfs writes cache sizes; 0 when unreadable.
std::size_t parse_size(const std::string& text) {
  std::size_t value = 0, i = 0;
  while (i < text.size() && text[i] >= '0' && text[i] <= '9')
    value = value * 10 + static_cast<std::size_t>(text[i++] - '0');
  if (i < text.size() && (text[i] == 'K' || text[i] == 'k')) value <<= 10;
  else if (i < text.size() && (text[i] == 'M' || text[i] == 'm')) value <<= 20;
  return value;
}

// The cache size sysconf gives for `name`, else the one sysfs gives for cpu0's cache `index`; 0 when
// neither does.
std::size_t cache_bytes(int name, const char* index) {
  const long from_sysconf = sysconf(name);
  if (from_sysconf > 0) return static_cast<std::size_t>(from_sysconf);
  std::ifstream in(std::string("/sys/devices/system/cpu/cpu0/cache/") + index + "/size");
  std::string text;
  if (in >> text) return parse_size(text);
  return 0;
}

}  // namespace

std::size_t l2_cache_bytes() {
  static const std::size_t bytes = [] {
    const std::size_t found = cache_bytes(_SC_LEVEL2_CACHE_SIZE, "index2");
    return found > 0 ? found : std::size_t{1} << 20;
  }();
  return bytes;
}

std::size_t l3_cache_bytes() {
  static const std::size_t bytes = cache_bytes(_SC_LEVEL3_CACHE_SIZE, "index3");
  return bytes;
}

unsigned large_tile_qubits_for(unsigned tile_qubits, std::size_t l3_bytes, std::size_t amplitude_bytes) {
  const unsigned large = tile_qubits + kLargeTileExtraQubits;
  if (large > kMaxTileQubits || amplitude_bytes == 0) return 0;
  const std::size_t tile_bytes = amplitude_bytes << large;
  return tile_bytes * kLargeTilesInL3 <= l3_bytes ? large : 0;
}

unsigned tile_qubits_for_cache(std::size_t l2_bytes, std::size_t amplitude_bytes) {
  const std::size_t amplitudes = l2_bytes / 2 / amplitude_bytes;
  const unsigned k = amplitudes == 0 ? 0 : static_cast<unsigned>(std::bit_width(amplitudes) - 1);
  return std::clamp(k, kMinTileQubits, kMaxTileQubits);
}

unsigned chunk_qubits_for(unsigned tile_qubits, std::size_t amplitude_bytes) {
  const unsigned for_bytes = static_cast<unsigned>(std::bit_width(kChunkBytes / amplitude_bytes) - 1);
  const unsigned leave_free = tile_qubits > kMinFreeWindowQubits ? tile_qubits - kMinFreeWindowQubits : 1;
  return std::max(1u, std::min(for_bytes, leave_free));
}

}  // namespace qrt::sv
