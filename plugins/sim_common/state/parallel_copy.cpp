#include "state/parallel_copy.hpp"

#include <omp.h>

#include <cstring>

namespace qrt::sv {

namespace {
// Below this many amplitudes (4 MiB) a thread team costs more than it saves.
constexpr std::size_t kParallelMin = std::size_t{1} << 18;

template <class Chunk>
void split(std::size_t count, unsigned threads, Chunk chunk) {
  if (threads <= 1 || count < kParallelMin) {
    chunk(0, count);
    return;
  }
#pragma omp parallel num_threads(threads)
  {
    const std::size_t team = static_cast<std::size_t>(omp_get_num_threads());
    const std::size_t me = static_cast<std::size_t>(omp_get_thread_num());
    const std::size_t begin = count / team * me, end = me + 1 == team ? count : count / team * (me + 1);
    chunk(begin, end);
  }
}
}  // namespace

template <class T>
void fill_zero(Amplitude<T>* out, std::size_t count, unsigned threads) {
  split(count, threads, [out](std::size_t b, std::size_t e) {
    std::memset(static_cast<void*>(out + b), 0, (e - b) * sizeof(Amplitude<T>));
  });
}

template <class T>
void copy_amplitudes(Amplitude<T>* out, const Amplitude<T>* in, std::size_t count, unsigned threads) {
  split(count, threads, [out, in](std::size_t b, std::size_t e) {
    std::memcpy(static_cast<void*>(out + b), in + b, (e - b) * sizeof(Amplitude<T>));
  });
}

void widen_amplitudes(Complex* out, const Amplitude<float>* in, std::size_t count, unsigned threads) {
  split(count, threads, [out, in](std::size_t b, std::size_t e) {
    for (std::size_t i = b; i < e; ++i) out[i] = Complex(in[i]);
  });
}

template void fill_zero<double>(Amplitude<double>*, std::size_t, unsigned);
template void fill_zero<float>(Amplitude<float>*, std::size_t, unsigned);
template void copy_amplitudes<double>(Amplitude<double>*, const Amplitude<double>*, std::size_t, unsigned);
template void copy_amplitudes<float>(Amplitude<float>*, const Amplitude<float>*, std::size_t, unsigned);

}  // namespace qrt::sv
