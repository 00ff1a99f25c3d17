// Runtime-sized dense kernel (gather, matrix-vector product, scatter) for matrices too large for the
// compiled-in SIMD kernels. Plain C++; parallel over groups above the threshold.
#pragma once

#include "kernels/qubit_op.hpp"

namespace qrt::sv {

template <class T>  // double or float; arithmetic in double
void apply_dense_large(Amplitude<T>* amps, unsigned num_qubits, const QubitOp& op, unsigned threads);

}  // namespace qrt::sv
