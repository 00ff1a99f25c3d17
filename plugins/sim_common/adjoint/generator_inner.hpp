// <bra| G |ket> for a Generator (generator.hpp) in one pass over both vectors, without forming G|ket>.
#pragma once

#include "adjoint/generator.hpp"
#include "kernels/qubit_op.hpp"

#include <complex>
#include <span>
#include <vector>

namespace qrt::sv {

// T = double or float (the state's scalar type); the sum is formed in double, in chunks whose
// boundaries do not depend on `threads` (the result is bit-identical for every thread count).
template <class T>
std::complex<double> generator_inner(const Amplitude<T>* bra, const Amplitude<T>* ket, unsigned num_qubits,
                                     const Generator& generator, unsigned threads);

// The reduced transition matrix of (bra, ket) on `qubits` (ascending, at most kMaxReducedQubits):
// M[a * d + b] = sum over the other qubits r of conj(bra[r, a]) ket[r, b], d = 2^qubits.size(), local
// index bit j = qubits[j]. Then <bra| A |ket> = sum_ab A_ab M_ab for any operator A on those qubits: one
// pass serves every generator of a fused segment.
inline constexpr unsigned kMaxReducedQubits = 4;
template <class T>
std::vector<std::complex<double>> reduced_transition(const Amplitude<T>* bra, const Amplitude<T>* ket,
                                                     unsigned num_qubits, std::span<const unsigned> qubits,
                                                     unsigned threads);

// A generator as a dense row-major matrix on `qubits` (ascending; they must hold its targets, controls
// and parity qubits), local index bit j = qubits[j].
std::vector<Complex> dense_generator(const Generator& generator, std::span<const unsigned> qubits);

// <bra|ket>.
template <class T>
std::complex<double> plain_inner(const Amplitude<T>* bra, const Amplitude<T>* ket, unsigned num_qubits,
                                 unsigned threads);

}  // namespace qrt::sv
