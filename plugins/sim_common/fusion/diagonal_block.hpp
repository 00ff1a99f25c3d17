// Fused blocks that are diagonal with a parity structure. Transpiled circuits write a ZZ coupling
// (RZZ, IsingZZ: QAOA, Ising and Trotter circuits) as CNOT, RZ, CNOT; fused, the three are a diagonal
// 4x4 whose entries depend only on the parity of the two bits, which the Parity kernel applies in one
// pass of 2x2 cost, where the dense kernel multiplies a complex 4x4 (in L2 0.142 against 0.333 ns an
// amplitude, double: bench_tile_kernels).
#pragma once

#include "kernels/qubit_op.hpp"

namespace qrt::sv {

// When `op` is a Dense op without controls whose matrix is diagonal (off-diagonal entries within 1e-14
// of zero) and whose diagonal takes one value where the parity of some of its targets' bits is even and
// another where it is odd, rewrites it as that Parity op (on those targets) and returns true; a diagonal
// of one value everywhere becomes a Phase op on no subspace (a global phase). Otherwise leaves it as it
// is and returns false.
bool rewrite_as_parity(QubitOp& op);

}  // namespace qrt::sv
