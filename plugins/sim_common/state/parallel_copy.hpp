// Bulk fills and copies of amplitude ranges, split over threads for large ranges.
#pragma once

#include "kernels/qubit_op.hpp"

#include <cstddef>

namespace qrt::sv {

void fill_zero(Complex* out, std::size_t count, unsigned threads);
// Non-overlapping ranges.
void copy_amplitudes(Complex* out, const Complex* in, std::size_t count, unsigned threads);

}  // namespace qrt::sv
