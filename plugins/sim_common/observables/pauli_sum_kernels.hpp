// Kernels for a grouped sum of Pauli words (pauli_sum.hpp): every group in one walk over the state.
//
// The state is walked in chunks of output amplitudes (parallel::kChunkAmplitudes); each chunk takes every
// group in turn, block by block, so the chunk of the state (or of `acc`) stays in cache across the groups and a
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

// <psi| S |psi>, coefficients included (real: S is Hermitian). A group whose flip reaches above the
// block reads each pair of amplitudes once (half the blocks); the diagonal group only |psi|^2.
template <class T>
double pauli_sum_expectation(const std::complex<T>* state, const PauliSum& sum, int threads);

// acc += scale * S |ket>. `acc` must not alias `ket`.
template <class T>
void pauli_sum_accumulate(const std::complex<T>* ket, const PauliSum& sum, std::complex<double> scale,
                          std::complex<T>* acc, int threads);

}  // namespace qrt::sv
