// The Aaronson-Gottesman tableau ("Improved simulation of stabilizer circuits", PRA 70, 052328, 2004):
// n destabiliser rows and n stabiliser rows over n qubits with their signs. The state is the unique
// +1 eigenstate of the stabilisers; destabiliser i anticommutes with stabiliser i only, which is what
// makes measurement O(n^2) instead of O(n^3).
//
// Qubits are columns 0..n-1. Gates rewrite the columns they act on in every row (O(n) per gate);
// measurement and expectation values use word-parallel row products (O(n^2 / 64) words).
#pragma once

#include "clifford/local_clifford.hpp"
#include "tableau/pauli_block.hpp"

#include <cstddef>
#include <span>

namespace qrt::stab {

class Tableau {
 public:
  explicit Tableau(std::size_t num_qubits = 0);

  std::size_t num_qubits() const { return num_qubits_; }

  // Appends `count` qubits in |0> as columns num_qubits()...
  void add_qubits(std::size_t count);
  // A qubit is entangled when no single-qubit Pauli on it stabilises the state (its reduced state is
  // mixed). O(n) for a qubit in |0> or |1>, else O(n^2 / 64).
  bool is_entangled(std::size_t column) const;
  // Removes a qubit that is not entangled (a product factor of the state, in any of the six
  // one-qubit stabiliser states); the others keep their state and the last column takes its place.
  // Throws std::logic_error for an entangled qubit: callers check is_entangled() first.
  void remove_qubit(std::size_t column);

  // Applies a one- or two-qubit Clifford; columns[0] is the gate's first wire. Columns must be
  // distinct and < num_qubits() (callers validate).
  void apply(const LocalClifford& gate, std::span<const std::size_t> columns);

  // Z measurement of one qubit, split so that callers can postselect or draw the random bit:
  // random outcome (probability 1/2 each) iff some stabiliser has an X or Y on the qubit.
  bool outcome_is_random(std::size_t column) const;
  // Collapses a random outcome to `outcome` (0 or 1). Precondition: outcome_is_random(column).
  void collapse(std::size_t column, int outcome);
  // The outcome when it is not random. Precondition: !outcome_is_random(column).
  int deterministic_outcome(std::size_t column) const;

  // <P> for a Pauli string on num_qubits() qubits: 0 when P anticommutes with a stabiliser, else +-1.
  int expectation(PauliCRef pauli) const;

  const PauliBlock& stabilizers() const { return stabilizers_; }
  const PauliBlock& destabilizers() const { return destabilizers_; }

  std::size_t memory_bytes() const { return destabilizers_.memory_bytes() + stabilizers_.memory_bytes(); }

 private:
  std::size_t num_qubits_ = 0;
  PauliBlock destabilizers_;
  PauliBlock stabilizers_;
};

}  // namespace qrt::stab
