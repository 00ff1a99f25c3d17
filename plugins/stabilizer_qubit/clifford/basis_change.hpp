// One-qubit Cliffords that turn a Pauli into Z by conjugation: measuring or removing a qubit in the
// X or Y basis is done by rotating it to Z first.
#pragma once

#include "clifford/local_clifford.hpp"

namespace qrt::stab {

const LocalClifford& x_to_z();  // Hadamard: H X H = Z
const LocalClifford& y_to_z();  // Hadamard * S^dagger: (H S^dagger) Y (S H) = Z

}  // namespace qrt::stab
