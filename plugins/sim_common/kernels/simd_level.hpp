// SIMD levels the kernels are compiled for, and run-time selection by cpuid.
#pragma once

#include "kernels/kernel_args.hpp"

#include <cstdint>
#include <optional>
#include <string_view>

namespace qrt::sv {

enum class SimdLevel : std::uint8_t { Portable = 0, Avx2 = 1, Avx512 = 2 };
inline constexpr unsigned kNumSimdLevels = 3;

std::string_view simd_level_name(SimdLevel level);
std::optional<SimdLevel> parse_simd_level(std::string_view name);

// Whether this CPU (and OS) can run the level's kernels.
bool simd_level_supported(SimdLevel level);
// The best level this CPU supports.
SimdLevel best_simd_level();

// The kernel table to use for a state of `num_qubits` qubits when `requested` is allowed: the level
// itself, or a narrower one when the state has fewer amplitudes than a register holds.
// T = double or float (the amplitude's scalar type).
template <class T>
const kernels::KernelTable<T>& kernel_table_for(SimdLevel requested, unsigned num_qubits);

}  // namespace qrt::sv
