// Z measurement and Pauli expectation values on the tableau (Aaronson-Gottesman section III).
#include "tableau/pauli_string.hpp"
#include "tableau/tableau.hpp"

#include <stdexcept>

namespace qrt::stab {

bool Tableau::outcome_is_random(std::size_t column) const {
  for (std::size_t i = 0; i < num_qubits_; ++i)
    if (stabilizers_.row(i).x(column)) return true;
  return false;
}

void Tableau::collapse(std::size_t column, int outcome) {
  const std::size_t n = num_qubits_;
  std::size_t p = 0;
  while (p < n && !stabilizers_.row(p).x(column)) ++p;
  if (p == n) throw std::logic_error("stabilizer tableau: collapsing a deterministic measurement");

  // Every other row that anticommutes with Z_c absorbs S_p, so that S_p is the only one left; D_p is
  // skipped because it is overwritten below (and is the one row that anticommutes with S_p).
  for (std::size_t i = 0; i < n; ++i) {
    if (i != p && destabilizers_.row(i).x(column)) multiply_into(destabilizers_.row(i), stabilizers_.row(p));
    if (i != p && stabilizers_.row(i).x(column)) multiply_into(stabilizers_.row(i), stabilizers_.row(p));
  }
  destabilizers_.row(p).copy_from(stabilizers_.row(p));
  PauliRef measured = stabilizers_.row(p);
  measured.clear();
  measured.set(column, false, true);
  *measured.sign = static_cast<std::uint8_t>(outcome != 0);
}

int Tableau::deterministic_outcome(std::size_t column) const {
  // Z_c = +-prod{S_i : D_i anticommutes with Z_c}; the product's sign is the outcome.
  PauliString product(num_qubits_);
  for (std::size_t i = 0; i < num_qubits_; ++i)
    if (destabilizers_.row(i).x(column)) multiply_into(product.ref(), stabilizers_.row(i));
  return product.negative() ? 1 : 0;
}

int Tableau::expectation(PauliCRef pauli) const {
  for (std::size_t i = 0; i < num_qubits_; ++i)
    if (!commutes(pauli, stabilizers_.row(i))) return 0;
  // P commutes with the whole stabiliser group, so +-P belongs to it; the destabilisers say which
  // generators multiply to it.
  PauliString product(num_qubits_);
  for (std::size_t i = 0; i < num_qubits_; ++i)
    if (!commutes(pauli, destabilizers_.row(i))) multiply_into(product.ref(), stabilizers_.row(i));
  if (!same_operator(product.cref(), pauli))
    throw std::logic_error("stabilizer tableau: a commuting Pauli is not in the stabiliser group");
  return (product.negative() != (*pauli.sign != 0)) ? -1 : 1;
}

}  // namespace qrt::stab
