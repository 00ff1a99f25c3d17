// Bulk fills and copies of amplitude ranges, split over threads for large ranges.
#pragma once

#include "kernels/qubit_op.hpp"

#include <cstddef>

namespace qrt::sv {

// T = double or float.
template <class T>
void fill_zero(Amplitude<T>* out, std::size_t count, unsigned threads);
// Non-overlapping ranges.
template <class T>
void copy_amplitudes(Amplitude<T>* out, const Amplitude<T>* in, std::size_t count, unsigned threads);
// complex64 -> complex128 (exact).
void widen_amplitudes(Complex* out, const Amplitude<float>* in, std::size_t count, unsigned threads);

}  // namespace qrt::sv
