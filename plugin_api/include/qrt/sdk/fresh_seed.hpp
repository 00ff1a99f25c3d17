// Seeds for devices created or reset without a `seed` kwarg: unpredictable across processes, distinct
// across calls, and cheap. std::random_device is read once per process (constructing one per call
// costs microseconds: it probes the CPU with cpuid, a trap under virtualisation, and took ~16% of a
// benchmark of 2,000 small pooled programs); each call then mixes a fresh counter value through
// SplitMix64, whose output is a bijection of its input, so no two calls in a process repeat a seed.
// Header-only; any thread may call it.
#pragma once

#include <atomic>
#include <cstdint>
#include <random>

namespace qrt::sdk {

inline std::uint64_t fresh_seed() {
  static const std::uint64_t base = [] {
    std::random_device entropy;
    return (static_cast<std::uint64_t>(entropy()) << 32) ^ entropy();
  }();
  static std::atomic<std::uint64_t> counter{0};
  std::uint64_t z = base + 0x9E3779B97F4A7C15ull * (counter.fetch_add(1, std::memory_order_relaxed) + 1);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

}  // namespace qrt::sdk
