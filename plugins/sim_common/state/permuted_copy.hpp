// Copying the state out in another qubit order (the ABI's: allocation order, first wire the most
// significant bit), as a table-driven gather.
#pragma once

#include "kernels/qubit_op.hpp"

#include <span>

namespace qrt::sv {

// out[i] = state[j], where bit (n-1-p) of i is bit qubit_at[p] of j, for positions p = 0..n-1
// (position 0 is the most significant bit of i). qubit_at must be a permutation of 0..n-1.
// The output is complex128 whatever the state's element type T (double or float; widening is exact).
template <class T>
void copy_permuted(const Amplitude<T>* state, std::span<const unsigned> qubit_at, Complex* out, unsigned threads);

}  // namespace qrt::sv
