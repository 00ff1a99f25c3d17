// Global phases in fused blocks. Transpiled circuits write their gates as RZ, SX and CNOT, and OpenQASM's
// sx is SX times a global phase (qelib1: e^{-i pi/4} SX): absorbed into a fused block, such a phase made
// it complex, and products like a Hadamard written RZ SX RZ are real only up to a phase of their own.
// Kept apart (a fuser collects the global phases it is given and divides the phase out of a block that
// is real up to one), the blocks take the real-coefficient kernels (in cache a real 4x4 costs what a 2x2
// does, a complex one about 2.5 times as much), and the phases of a run are put back once, into an op
// of the run that multiplies every amplitude and is complex anyway.
#pragma once

#include "kernels/qubit_op.hpp"

#include <span>
#include <vector>

namespace qrt::sv {

// When `op` is a Dense op without controls whose matrix is not real but is real up to a phase u
// (every entry u times a real number, to rounding: 1e-14), divides u out of its matrix, multiplies
// `phase` by u and returns true. A matrix of 3+ targets is borrowed: it is copied into `storage` first
// (the op then borrows that). Otherwise leaves everything as it is and returns false.
bool factor_out_real_phase(QubitOp& op, std::vector<Complex>& storage, Complex& phase);

// Whether `op` multiplies every amplitude by its coefficients (no controls, and a shape that reaches
// the whole state): only then may a global phase be multiplied into it.
bool acts_on_every_amplitude(const QubitOp& op);

// A global phase alone: a Phase op with no subspace (touches no qubit).
inline bool is_global_phase(const QubitOp& op) { return op.shape == OpShape::Phase && op.control_mask == 0; }

// What multiplying a global phase into `op` adds to its arithmetic (acts_on_every_amplitude ops only):
// nothing for a complex op, little for a real 2x2 (the complex kernel costs about as much in cache),
// and for a real op of 2+ targets as much as the complex kernels cost more (fuser.hpp, kernel_cost).
double phase_host_cost(const QubitOp& op);

// `op` times `phase` (acts_on_every_amplitude ops only); a borrowed matrix is copied into `storage`
// (which `op` must not borrow).
QubitOp times_phase(const QubitOp& op, Complex phase, std::vector<Complex>& storage);

}  // namespace qrt::sv
