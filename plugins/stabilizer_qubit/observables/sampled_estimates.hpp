// Shot estimates of expectation values and variances (finite-shot semantics: every shot measures the
// observable's eigenbasis and contributes its eigenvalue; expval is the sample mean, var the sample
// variance with ddof = 0).
//
// Terms that agree on every shared qubit (qubit-wise commuting) are measured together from one set
// of shots: a copy of the tableau is rotated so that each measured Pauli becomes Z, and outcomes are
// drawn from its OutcomeSpace. Otherwise expval samples each term with `shots` shots of its own and
// adds the estimates, and var is rejected (Unsupported): separately sampled terms have no joint
// shots to take a variance over.
#pragma once

#include "observables/pauli_sum.hpp"
#include "tableau/tableau.hpp"

#include <cstdint>
#include <random>

namespace qrt::stab {

double expval_sampled(const Tableau& tableau, const PauliSum& observable, std::uint64_t shots, std::mt19937_64& rng);
double var_sampled(const Tableau& tableau, const PauliSum& observable, std::uint64_t shots, std::mt19937_64& rng);

}  // namespace qrt::stab
