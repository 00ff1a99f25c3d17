// Tableau lifecycle: creation, adding and removing qubits.
#include "tableau/tableau.hpp"

#include "clifford/basis_change.hpp"
#include "tableau/pauli_string.hpp"

#include <stdexcept>

namespace qrt::stab {

Tableau::Tableau(std::size_t num_qubits) { add_qubits(num_qubits); }

void Tableau::add_qubits(std::size_t count) {
  const std::size_t first = num_qubits_;
  try {
    destabilizers_.resize(first + count, first + count);
    stabilizers_.resize(first + count, first + count);
  } catch (...) {  // out of memory: leave the tableau as it was (shrinking allocates nothing)
    destabilizers_.resize(first, first);
    stabilizers_.resize(first, first);
    throw;
  }
  num_qubits_ = first + count;
  for (std::size_t q = first; q < num_qubits_; ++q) {
    destabilizers_.row(q).set(q, true, false);  // X_q
    stabilizers_.row(q).set(q, false, true);    // +Z_q: the qubit is |0>
  }
}

namespace {

// +-letter on `column` alone, as a Pauli string over n qubits.
PauliString single_qubit(std::size_t n, std::size_t column, PauliLetter letter) {
  PauliString p(n);
  p.set(column, letter);
  return p;
}

}  // namespace

bool Tableau::is_entangled(std::size_t column) const {
  if (!outcome_is_random(column)) return false;  // +-Z on the qubit is a stabiliser
  return expectation(single_qubit(num_qubits_, column, PauliLetter::X).cref()) == 0 &&
         expectation(single_qubit(num_qubits_, column, PauliLetter::Y).cref()) == 0;
}

void Tableau::remove_qubit(std::size_t column) {
  if (column >= num_qubits_) throw std::logic_error("stabilizer tableau: removing a qubit that does not exist");
  const std::size_t n = num_qubits_;
  // A product factor in an X or Y eigenstate is first rotated to Z: a local unitary on a factor does
  // not change the other qubits.
  if (outcome_is_random(column)) {
    const std::span<const std::size_t> qubit(&column, 1);
    if (expectation(single_qubit(n, column, PauliLetter::X).cref()) != 0) apply(x_to_z(), qubit);
    else if (expectation(single_qubit(n, column, PauliLetter::Y).cref()) != 0) apply(y_to_z(), qubit);
    else throw std::logic_error("stabilizer tableau: removing an entangled qubit");
  }

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
  if (p == n || !same_operator(stabilizers_.row(p), single_qubit(n, column, PauliLetter::Z).cref()))
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
