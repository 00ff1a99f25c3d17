// The adjoint segment-pass kernels (complex128 and complex64) for the avx512 SIMD level (compiled with -mavx512f -mfma
// -mpopcnt). Constant-initialised like the gate kernel tables: nothing here runs before the dispatcher checked cpuid.
#include "kernels/segment_pass_kernel.hpp"
#include "kernels/simd_avx512.hpp"

namespace qrt::sv::kernels {

constinit const SegmentKernelTable<double> kAvx512SegmentKernels = make_segment_kernel_table<Avx512Simd>();
constinit const SegmentKernelTable<float> kAvx512SegmentKernelsF32 = make_segment_kernel_table<Avx512SimdF32>();

}  // namespace qrt::sv::kernels
