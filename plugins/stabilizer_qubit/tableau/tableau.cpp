// Tableau lifecycle: creation, adding and removing qubits.
#include "tableau/tableau.hpp"

#include "tableau/pauli_string.hpp"

#include <stdexcept>

namespace qrt::stab {

Tableau::Tableau(std::size_t num_qubits) { add_qubits(num_qubits); }

void Tableau::add_qubits(std::size_t count) {
  const std::size_t first = num_qubits_;
  num_qubits_ += count;
  destabilizers_.resize(num_qubits_, num_qubits_);
  stabilizers_.resize(num_qubits_, num_qubits_);
  for (std::size_t q = first; q < num_qubits_; ++q) {
    destabilizers_.row(q).set(q, true, false);  // X_q
    stabilizers_.row(q).set(q, false, true);    // +Z_q: the qubit is |0>
  }
}

void Tableau::remove_qubit(std::size_t column) {
  if (column >= num_qubits_ || outcome_is_random(column))
    throw std::logic_error("stabilizer tableau: removing a qubit that is not in a computational-basis state");
  const std::size_t n = num_qubits_;

  // Z_c commutes with every stabiliser, so Z_c = +-prod{S_i : D_i has X or Y on c}. Fold that product
  // into the first such S_p, keeping the destabiliser pairing (S_j -> S_p S_j pairs with D_j -> D_j D_p).
  std::size_t p = n;
  for (std::size_t i = 0; i < n; ++i) {
    if (!destabilizers_.row(i).x(column)) continue;
    if (p == n) {
      p = i;
      continue;
    }
    multiply_into(stabilizers_.row(p), stabilizers_.row(i));
    multiply_into(destabilizers_.row(i), destabilizers_.row(p));
  }
  PauliString z_column(n);
  z_column.set(column, PauliLetter::Z);
  if (p == n || !same_operator(stabilizers_.row(p), z_column.cref()))
    throw std::logic_error("stabilizer tableau: the removed qubit's Z is not a product of stabilisers");

  // S_p is now +-Z_c. Other stabilisers lose their Z_c factor by multiplying with it, which puts the
  // qubit's eigenvalue into their signs; this only breaks relations with D_p, which leaves with S_p.
  // Other destabilisers have no X on c any more, so dropping a Z on c with the column changes none
  // of their commutation relations.
  for (std::size_t i = 0; i < n; ++i)
    if (i != p && stabilizers_.row(i).z(column)) multiply_into(stabilizers_.row(i), stabilizers_.row(p));

  // Move the removed pair and column to the end, then drop them.
  destabilizers_.swap_rows(p, n - 1);
  stabilizers_.swap_rows(p, n - 1);
  destabilizers_.swap_columns(column, n - 1);
  stabilizers_.swap_columns(column, n - 1);
  destabilizers_.resize(n - 1, n - 1);
  stabilizers_.resize(n - 1, n - 1);
  num_qubits_ = n - 1;
}

}  // namespace qrt::stab
