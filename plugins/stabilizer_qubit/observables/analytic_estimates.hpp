// Exact expectation values and variances of Pauli sums on a stabiliser state. Each <P> is -1, 0 or
// +1 (Tableau::expectation, O(n^2 / 64) words). The variance of sum_t c_t P_t uses
// <O^2> = sum_t c_t^2 + 2 sum_{s<t} c_s c_t <P_s P_t>, where only commuting pairs contribute (an
// anticommuting pair's two orders cancel), so it costs O(T^2) expectations for T terms.
#pragma once

#include "observables/pauli_sum.hpp"
#include "tableau/tableau.hpp"

namespace qrt::stab {

double expval_exact(const Tableau& tableau, const PauliSum& observable);
double var_exact(const Tableau& tableau, const PauliSum& observable);

}  // namespace qrt::stab
