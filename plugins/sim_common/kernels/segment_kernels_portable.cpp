// The adjoint segment-pass kernels (complex128 and complex64) for the portable SIMD level (no target flags: runs on any
// x86-64). Constant-initialised like the gate kernel tables: nothing here runs before the dispatcher checked cpuid.
#include "kernels/segment_pass_kernel.hpp"
#include "kernels/simd_portable.hpp"

namespace qrt::sv::kernels {

constinit const SegmentKernelTable<double> kPortableSegmentKernels = make_segment_kernel_table<PortableSimd>();
constinit const SegmentKernelTable<float> kPortableSegmentKernelsF32 = make_segment_kernel_table<PortableSimdF32>();

}  // namespace qrt::sv::kernels
