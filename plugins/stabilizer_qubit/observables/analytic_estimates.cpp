#include "observables/analytic_estimates.hpp"

#include <algorithm>

namespace qrt::stab {

double expval_exact(const Tableau& tableau, const PauliSum& observable) {
  double value = 0;
  for (const PauliTerm& term : observable.terms) value += term.coefficient * tableau.expectation(term.pauli.cref());
  return value;
}

double var_exact(const Tableau& tableau, const PauliSum& observable) {
  const auto& terms = observable.terms;
  double square = 0;
  for (std::size_t s = 0; s < terms.size(); ++s) {
    square += terms[s].coefficient * terms[s].coefficient;  // P_s^2 = I
    for (std::size_t t = s + 1; t < terms.size(); ++t) {
      if (!commutes(terms[s].pauli.cref(), terms[t].pauli.cref())) continue;
      PauliString product = terms[s].pauli;
      multiply_into(product.ref(), terms[t].pauli.cref());
      square += 2 * terms[s].coefficient * terms[t].coefficient * tableau.expectation(product.cref());
    }
  }
  const double mean = expval_exact(tableau, observable);
  return std::max(0.0, square - mean * mean);
}

}  // namespace qrt::stab
