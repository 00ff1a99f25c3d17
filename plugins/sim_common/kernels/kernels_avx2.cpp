// The kernel tables (complex128 and complex64) for the avx2 SIMD level (compiled with -mavx2 -mfma -mpopcnt).
// Constant-initialised: loading the plugin runs no code from this file, so it is safe on CPUs that
// lack the instructions; the dispatcher only calls into it after checking cpuid.
#include "kernels/kernel_templates.hpp"
#include "kernels/simd_avx2.hpp"

namespace qrt::sv::kernels {

constinit const KernelTable<double> kAvx2Kernels = make_kernel_table<Avx2Simd>("avx2");
constinit const KernelTable<float> kAvx2KernelsF32 = make_kernel_table<Avx2SimdF32>("avx2");

}  // namespace qrt::sv::kernels
