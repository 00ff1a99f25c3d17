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

}  // namespace

std::size_t l2_cache_bytes() {
  static const std::size_t bytes = [] {
    const long from_sysconf = sysconf(_SC_LEVEL2_CACHE_SIZE);
    if (from_sysconf > 0) return static_cast<std::size_t>(from_sysconf);
    std::ifstream in("/sys/devices/system/cpu/cpu0/cache/index2/size");
    std::string text;
    if (in >> text) {
      const std::size_t parsed = parse_size(text);
      if (parsed > 0) return parsed;
    }
    return std::size_t{1} << 20;
  }();
  return bytes;
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
