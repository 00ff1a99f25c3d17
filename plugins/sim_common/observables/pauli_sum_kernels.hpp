// Kernels for a grouped sum of Pauli words (pauli_sum.hpp): every group in one walk over the state.
//
// The state is walked in chunks of output amplitudes (parallel::kChunkAmplitudes); each chunk takes every
// group in turn, block by block, so the chunk of `bra` (or `acc`) stays in cache across the groups and a
// group's partner chunk (ket at j ^ flip) is shared by the groups with the same high flip bits, which
// come one after the other. A group costs one diagonal table per block (pauli_sum.hpp) and one product
// per amplitude: a Hamiltonian of K words on G flip masks costs G passes' arithmetic over data in cache,
// not K passes over memory.
//
// Contract as expectation.hpp: 2^num_qubits amplitudes, qubit k = bit k; `threads` >= 1; results are
// bit-identical for every thread count (fixed chunks added in order). T = double or float; products and
// sums are formed in double.
#pragma once

#include "observables/pauli_sum.hpp"

#include <complex>

namespace qrt::sv {

// <bra| S |ket>, coefficients included.
template <class T>
std::complex<double> pauli_sum_inner(const std::complex<T>* bra, const std::complex<T>* ket, const PauliSum& sum,
                                     int threads);

// acc += scale * S |ket>. `acc` must not alias `ket`.
template <class T>
void pauli_sum_accumulate(const std::complex<T>* ket, const PauliSum& sum, std::complex<double> scale,
                          std::complex<T>* acc, int threads);

}  // namespace qrt::sv
