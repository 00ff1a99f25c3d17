// A validated term reduced to what the kernels need: Pauli factors become bit masks, Hadamard and
// Hermitian factors become dense blocks applied on the fly.
//
//   term = coefficient * P ⊗ B1 ⊗ B2 ⊗ ...   (P a Pauli word, Bi dense factors on disjoint qubits)
//
// P acts on a basis state |i> as  P|i> = i^y_count * (-1)^parity(i & sign_mask) |i ^ flip_mask>,
// where flip_mask holds the X and Y qubits and sign_mask the Z and Y qubits.
#pragma once

#include "observables/observable.hpp"

#include <complex>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace qrt::sv {

// Largest Hermitian factor accepted: its matrix alone has 4^12 entries (256 MiB).
inline constexpr std::size_t kMaxHermitianQubits = 12;

// Entries of a Hermitian matrix may differ from the conjugate of their transpose by this much,
// relative to the largest entry (absorbs the rounding of matrices built in floating point).
inline constexpr double kHermitianTolerance = 1e-10;

struct PauliMasks {
  std::uint64_t flip = 0;  // X and Y qubits
  std::uint64_t sign = 0;  // Z and Y qubits
  unsigned y_count = 0;    // number of Y factors: the word carries a phase i^y_count
};

struct DenseFactor {
  std::vector<std::size_t> qubits;           // qubits[0] = most significant bit of the matrix index
  std::vector<std::complex<double>> matrix;  // row-major 2^m x 2^m
  bool squares_to_identity = false;          // Hadamard: M * M = I
};

struct CompiledTerm {
  double coefficient = 1.0;
  PauliMasks pauli;
  std::vector<DenseFactor> dense;

  std::size_t dense_qubit_count() const;
  // The dense factors' qubits, in factor order: the local block index has block_qubits()[0] as MSB.
  std::vector<std::size_t> block_qubits() const;
};

// Validates `term` against a num_qubits-qubit register (see observable.hpp) and compiles it.
// `term_index` only serves the error messages ("term 2, factor 1 (Hermitian): ...").
CompiledTerm compile_term(const Term& term, std::size_t num_qubits, std::size_t term_index);

// Validates and compiles every term of `observable`.
std::vector<CompiledTerm> compile_observable(const Observable& observable, std::size_t num_qubits);

// The square of a compiled term: coefficient^2 * (Pauli and Hadamard factors square to identity,
// each Hermitian block M becomes M*M). Valid because the factors act on disjoint qubits.
CompiledTerm squared(const CompiledTerm& term);

// The 2x2 Hadamard observable (X + Z) / sqrt(2).
std::vector<std::complex<double>> hadamard_matrix();

}  // namespace qrt::sv
