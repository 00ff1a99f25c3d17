// Haar-random unitaries (QR of a complex Gaussian matrix, Gram-Schmidt) for apply_matrix checks.
#pragma once

#include "conformance/reference.hpp"

#include <random>

namespace qrt::conformance {

Matrix random_unitary(std::size_t dim, std::mt19937_64& rng);

}  // namespace qrt::conformance
