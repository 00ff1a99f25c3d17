#include <qrt/executor.hpp>

namespace qrt {

std::uint64_t derive_seed(std::uint64_t base, std::uint64_t index) noexcept {
  // SplitMix64 (Steele, Lea, Flood 2014) of the index-th step from `base`: a bijection of its input
  // with full avalanche, so neighbouring indices (and neighbouring bases) give unrelated seeds.
  std::uint64_t z = base + (index + 1) * 0x9E3779B97F4A7C15ull;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

}  // namespace qrt
