// The reference the statevector benchmarks are measured against: `a[i] = s * a[i]` over a buffer of a
// state's size, vectorised for the best SIMD level of this CPU (picked at run time, as the kernels
// are: a reference built for the baseline instruction set would flatter them) and split into
// contiguous parts over `threads` threads, as the kernels split the state.
#pragma once

#include <cstddef>

namespace bench_reference {

// data[i] *= s for i in [0, count), split contiguously over `threads` threads (1: no OpenMP region).
void scale_in_place(double* data, std::size_t count, double s, int threads);

// One pass of the reference over a buffer of 2^num_qubits amplitudes. All references share one buffer,
// grown to the largest size asked for and touched once (first touch costs seconds per GiB here).
class InplaceReference {
 public:
  InplaceReference(int num_qubits, int threads);
  // Seconds of one pass.
  double pass_seconds();

 private:
  double* data_;
  std::size_t doubles_;
  int threads_;
  double scale_ = 2.0;
};

}  // namespace bench_reference
