// The kernel tables (complex128 and complex64) for the portable SIMD level (no target flags: runs on any x86-64).
// Constant-initialised: loading the plugin runs no code from this file, so it is safe on CPUs that
// lack the instructions; the dispatcher only calls into it after checking cpuid.
#include "kernels/kernel_templates.hpp"
#include "kernels/simd_portable.hpp"

namespace qrt::sv::kernels {

constinit const KernelTable<double> kPortableKernels = make_kernel_table<PortableSimd>("portable");
constinit const KernelTable<float> kPortableKernelsF32 = make_kernel_table<PortableSimdF32>("portable");

}  // namespace qrt::sv::kernels
