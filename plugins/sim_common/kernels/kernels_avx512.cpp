// The kernel tables (complex128 and complex64) for the avx512 SIMD level (compiled with -mavx512f -mfma -mpopcnt).
// Constant-initialised: loading the plugin runs no code from this file, so it is safe on CPUs that
// lack the instructions; the dispatcher only calls into it after checking cpuid.
#include "kernels/kernel_templates.hpp"
#include "kernels/simd_avx512.hpp"

namespace qrt::sv::kernels {

constinit const KernelTable<double> kAvx512Kernels = make_kernel_table<Avx512Simd>("avx512");
constinit const KernelTable<float> kAvx512KernelsF32 = make_kernel_table<Avx512SimdF32>("avx512");

}  // namespace qrt::sv::kernels
