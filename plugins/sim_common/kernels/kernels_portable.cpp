// The kernel table for the portable SIMD level (no target flags: runs on any x86-64).
// Constant-initialised: loading the plugin runs no code from this file, so it is safe on CPUs that
// lack the instructions; the dispatcher only calls into it after checking cpuid.
#include "kernels/simd_portable.hpp"
#include "kernels/kernel_templates.hpp"

namespace qrt::sv::kernels {

constinit const KernelTable kPortableKernels = make_kernel_table<PortableSimd>("portable");

}  // namespace qrt::sv::kernels
