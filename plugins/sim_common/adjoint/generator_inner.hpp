// <bra| G |ket> for a Generator (generator.hpp) in one pass over both vectors, without forming G|ket>.
#pragma once

#include "adjoint/generator.hpp"
#include "kernels/qubit_op.hpp"

#include <complex>

namespace qrt::sv {

// T = double or float (the state's scalar type); the sum is formed in double, in chunks whose
// boundaries do not depend on `threads` (the result is bit-identical for every thread count).
template <class T>
std::complex<double> generator_inner(const Amplitude<T>* bra, const Amplitude<T>* ket, unsigned num_qubits,
                                     const Generator& generator, unsigned threads);

// <bra|ket>.
template <class T>
std::complex<double> plain_inner(const Amplitude<T>* bra, const Amplitude<T>* ket, unsigned num_qubits,
                                 unsigned threads);

}  // namespace qrt::sv
