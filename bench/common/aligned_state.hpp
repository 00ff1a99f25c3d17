// A state for timing kernels in cache, 64-byte aligned as the device's states and tiles are. A
// std::vector's data lies wherever malloc puts it (16-byte aligned), and loads and stores that straddle
// cache lines made kernels look 10-40% slower than the device runs them (a real 2x2 on 2^15 amplitudes:
// 0.27 against 0.20 ns an amplitude, double, AVX-512).
#pragma once

#include "kernels/workspace.hpp"

#include <algorithm>
#include <complex>
#include <cstddef>
#include <span>

namespace bench_reference {

template <class T>
class AlignedState {
 public:
  AlignedState(unsigned num_qubits, std::complex<T> value)
      : amplitudes_(reinterpret_cast<std::complex<T>*>(storage_.get_as<T>(std::size_t{2} << num_qubits)),
                    std::size_t{1} << num_qubits) {
    std::fill(amplitudes_.begin(), amplitudes_.end(), value);
  }
  std::span<std::complex<T>> amplitudes() const { return amplitudes_; }

 private:
  qrt::sv::AlignedScratch storage_;
  std::span<std::complex<T>> amplitudes_;
};

}  // namespace bench_reference
