#include "kernels/simd_level.hpp"

namespace qrt::sv {

namespace {
constexpr const kernels::KernelTable* kTables[kNumSimdLevels] = {&kernels::kPortableKernels, &kernels::kAvx2Kernels,
                                                                 &kernels::kAvx512Kernels};
constexpr std::string_view kNames[kNumSimdLevels] = {"portable", "avx2", "avx512"};
}  // namespace

std::string_view simd_level_name(SimdLevel level) { return kNames[static_cast<unsigned>(level)]; }

std::optional<SimdLevel> parse_simd_level(std::string_view name) {
  for (unsigned i = 0; i < kNumSimdLevels; ++i)
    if (kNames[i] == name) return static_cast<SimdLevel>(i);
  return std::nullopt;
}

bool simd_level_supported(SimdLevel level) {
  // __builtin_cpu_supports also checks that the OS saves the wider registers (XCR0).
  switch (level) {
    case SimdLevel::Portable: return true;
    case SimdLevel::Avx2:
      return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma") && __builtin_cpu_supports("popcnt");
    case SimdLevel::Avx512:
      return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("fma") && __builtin_cpu_supports("popcnt");
  }
  return false;
}

SimdLevel best_simd_level() {
  static const SimdLevel best = [] {
    for (unsigned i = kNumSimdLevels; i-- > 0;)
      if (simd_level_supported(static_cast<SimdLevel>(i))) return static_cast<SimdLevel>(i);
    return SimdLevel::Portable;
  }();
  return best;
}

const kernels::KernelTable& kernel_table_for(SimdLevel requested, unsigned num_qubits) {
  unsigned level = static_cast<unsigned>(requested);
  while (level > 0 && kTables[level]->lanes_log2 > num_qubits) --level;
  return *kTables[level];
}

}  // namespace qrt::sv
