// Observables as the stabiliser device evaluates them: a real-weighted sum of Pauli strings over
// tableau columns.
#pragma once

#include "tableau/pauli_string.hpp"

#include <vector>

namespace qrt::stab {

struct PauliTerm {
  double coefficient = 1.0;
  PauliString pauli;
};

struct PauliSum {
  std::vector<PauliTerm> terms;
};

}  // namespace qrt::stab
