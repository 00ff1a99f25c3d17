// The adjoint segment-pass kernels (complex128 and complex64) for the avx2 SIMD level (compiled with -mavx2 -mfma
// -mpopcnt). Constant-initialised like the gate kernel tables: nothing here runs before the dispatcher checked cpuid.
#include "kernels/segment_pass_kernel.hpp"
#include "kernels/simd_avx2.hpp"

namespace qrt::sv::kernels {

constinit const SegmentKernelTable<double> kAvx2SegmentKernels = make_segment_kernel_table<Avx2Simd>();
constinit const SegmentKernelTable<float> kAvx2SegmentKernelsF32 = make_segment_kernel_table<Avx2SimdF32>();

}  // namespace qrt::sv::kernels
