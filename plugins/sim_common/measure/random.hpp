// Random numbers drawn from std::mt19937_64 by explicit bit manipulation rather than the standard
// distributions, whose algorithms are implementation-defined: the same seed gives the same draws
// on every platform and standard library.
#pragma once

#include <cstdint>
#include <random>

namespace qrt::sv {

// Uniform double in [0, 1) with 53 random bits.
inline double uniform01(std::uint64_t random_bits) { return static_cast<double>(random_bits >> 11) * 0x1.0p-53; }
inline double uniform01(std::mt19937_64& rng) { return uniform01(rng()); }

// Uniform integer in [0, n) from 64 random bits by multiply-shift (Lemire); the bias is at most
// n / 2^64, far below anything a finite number of shots can detect.
inline std::uint64_t uniform_below(std::uint64_t random_bits, std::uint64_t n) {
  __extension__ using Wide = unsigned __int128;
  return static_cast<std::uint64_t>((static_cast<Wide>(random_bits) * n) >> 64);
}

}  // namespace qrt::sv
