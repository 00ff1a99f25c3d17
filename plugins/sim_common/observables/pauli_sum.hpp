// A weighted sum of Pauli words grouped for evaluation in one walk over the state (pauli_sum_kernels).
//
// A word P with flip mask f (its X and Y qubits) and sign mask s (its Z and Y qubits) maps |j ^ f> to
// a multiple of |j>:  (P ket)[j] = (-i)^y (-1)^parity(j & s) ket[j ^ f]  (y: its Y count). Words with
// the same flip mask therefore act as ONE diagonal operator D followed by one flip:
//     (sum_k c_k P_k ket)[j] = D(j) ket[j ^ f],   D(j) = sum_k w_k (-1)^parity(j & s_k),  w_k = c_k (-i)^y_k
// so a group costs one pass whatever its number of words, and all Z-only words (f = 0) share one
// diagonal group. Words equal in both masks are merged (their weights added).
//
// D is evaluated per block of 2^block_bits amplitudes: the bits of j above the block give each word a
// constant sign, the bits inside it a sign table (shared by the words with the same low sign bits), or,
// for a group with many distinct low sign patterns, a fast Walsh-Hadamard transform of the block's
// weights (block_bits butterflies per amplitude instead of one product per pattern).
#pragma once

#include "observables/compiled_term.hpp"

#include <complex>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace qrt::sv {

// Amplitudes per block: 2^8 (a block's diagonal table, 4 KiB, and its sign tables stay in L1).
inline constexpr std::size_t kPauliSumBlockBits = 8;

struct PauliGroup {
  std::uint64_t flip = 0;
  std::vector<std::uint64_t> signs;           // one per distinct word of the group
  std::vector<std::complex<double>> weights;  // w_k = (sum of its coefficients) * (-i)^y_k
  std::vector<std::uint32_t> pattern_of;      // per word: its low sign pattern (index into patterns)
  std::vector<std::uint64_t> patterns;        // the distinct low sign masks (s & block mask)
  std::uint64_t high_signs = 0;               // the words' sign bits above the block (OR): D depends on a
                                              // block's position only through these bits
  std::vector<std::uint32_t> pattern_table;   // per pattern: its sign table in PauliSum::sign_tables
                                              // (empty when `transform`)
  bool transform = false;                     // D by a Walsh-Hadamard transform (many patterns)
  bool imaginary = false;                     // some weight has an imaginary part (an odd number of Y)
};

struct PauliSum {
  std::size_t num_qubits = 0;
  std::size_t block_bits = 0;      // min(kPauliSumBlockBits, num_qubits)
  std::vector<PauliGroup> groups;  // sorted by flip mask
  // Per distinct low sign mask m: (-1)^parity(lo & m) for every in-block index lo, twice (for the real
  // and the imaginary part of an amplitude: the kernels then run over plain doubles with no shuffles).
  std::vector<double> sign_tables;
  std::size_t word_count() const;
  std::size_t block_size() const { return std::size_t{1} << block_bits; }
  const double* sign_table(std::uint32_t table) const {
    return sign_tables.data() + 2 * std::size_t{table} * block_size();
  }
};

// Whether a compiled term is a plain Pauli word (no Hadamard or Hermitian factor): what a PauliSum holds.
bool is_pauli_word(const CompiledTerm& term);

// Groups the given terms (each a Pauli word, see is_pauli_word; the coefficient is included) for a
// num_qubits-qubit register.
PauliSum group_pauli_words(std::span<const CompiledTerm* const> terms, std::size_t num_qubits);

}  // namespace qrt::sv
