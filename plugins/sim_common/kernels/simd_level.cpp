#include "kernels/simd_level.hpp"

namespace qrt::sv {

namespace {
template <class T>
struct Tables;
template <>
struct Tables<double> {
  static constexpr const kernels::KernelTable<double>* of[kNumSimdLevels] = {
      &kernels::kPortableKernels, &kernels::kAvx2Kernels, &kernels::kAvx512Kernels};
};
template <>
struct Tables<float> {
  static constexpr const kernels::KernelTable<float>* of[kNumSimdLevels] = {
      &kernels::kPortableKernelsF32, &kernels::kAvx2KernelsF32, &kernels::kAvx512KernelsF32};
};
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

template <class T>
const kernels::KernelTable<T>& kernel_table_for(SimdLevel requested, unsigned num_qubits) {
  unsigned level = static_cast<unsigned>(requested);
  while (level > 0 && Tables<T>::of[level]->lanes_log2 > num_qubits) --level;
  return *Tables<T>::of[level];
}

template const kernels::KernelTable<double>& kernel_table_for<double>(SimdLevel, unsigned);
template const kernels::KernelTable<float>& kernel_table_for<float>(SimdLevel, unsigned);

}  // namespace qrt::sv
