#include "inplace_reference.hpp"

#include "state/amplitude_buffer.hpp"

#include <omp.h>

#include <algorithm>
#include <chrono>

namespace bench_reference {

namespace {

// One clone per SIMD level, chosen by the loader (ifunc) from this CPU's features.
__attribute__((target_clones("avx512f", "avx2", "default"))) void scale_range(double* data, std::size_t count,
                                                                              double s) {
  for (std::size_t i = 0; i < count; ++i) data[i] *= s;
}

// A huge-page-advised buffer (as the simulator's state), grown to the largest state and touched once.
qrt::sv::AmplitudeBuffer& reference_buffer(std::size_t amplitudes) {
  static qrt::sv::AmplitudeBuffer buffer;
  if (buffer.capacity() < amplitudes) {
    buffer.reserve(amplitudes, 0);
    auto* data = reinterpret_cast<double*>(buffer.data());
    std::fill(data, data + 2 * buffer.capacity(), 1.0);
  }
  return buffer;
}

}  // namespace

void scale_in_place(double* data, std::size_t count, double s, int threads) {
  if (threads <= 1) return scale_range(data, count, s);
#pragma omp parallel num_threads(threads)
  {
    const std::size_t team = static_cast<std::size_t>(omp_get_num_threads());
    const std::size_t me = static_cast<std::size_t>(omp_get_thread_num());
    const std::size_t begin = count / team * me, end = me + 1 == team ? count : count / team * (me + 1);
    scale_range(data + begin, end - begin, s);
  }
}

InplaceReference::InplaceReference(int num_qubits, int threads)
    : data_(reinterpret_cast<double*>(reference_buffer(std::size_t{1} << num_qubits).data())),
      doubles_(std::size_t{2} << num_qubits),
      threads_(threads) {}

double InplaceReference::pass_seconds() {
  scale_ = 1.0 / scale_;  // alternate 2 and 1/2: the values stay exact
  const auto start = std::chrono::steady_clock::now();
  scale_in_place(data_, doubles_, scale_, threads_);
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace bench_reference
