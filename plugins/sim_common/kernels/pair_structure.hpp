// Whether a 2-qubit matrix only couples index pairs {i, i ^ m} for one m: then it is two 2x2 blocks,
// which the two-pairs kernel applies in one pass with half the arithmetic of the 4x4 dense kernel
// (a CNOT with a rotation on its target, IsingXX, IsingYY...).
#pragma once

#include "kernels/qubit_op.hpp"

#include <span>

namespace qrt::sv {

// That m (1, 2 or 3) for a row-major 4x4 matrix; 0 when it has no such structure. A diagonal matrix
// gets 3.
inline unsigned pair_partner(std::span<const Complex> matrix) {
  unsigned partner = 0;
  for (unsigned i = 0; i < 4; ++i)
    for (unsigned j = 0; j < 4; ++j) {
      if (i == j || matrix[i * 4 + j] == Complex(0.0)) continue;
      if (partner != 0 && (i ^ j) != partner) return 0;
      partner = i ^ j;
    }
  return partner ? partner : 3;
}

}  // namespace qrt::sv
