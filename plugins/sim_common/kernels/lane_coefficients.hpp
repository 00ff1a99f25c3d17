// Builds the coefficient tables the kernels read, in the state's scalar type R (double or float:
// computed in double, rounded once when stored). With D = scalars per register (2 per lane):
//  - a per-lane coefficient is 2*D scalars: (Re c_l, Re c_l) for every lane l, then (Im c_l, Im c_l);
//    the kernel computes c*v as Re(c) v + Im(c) (i v), lane by lane;
//  - a broadcast coefficient is 2 scalars (Re c, Im c), for ops that touch no lane qubit.
// Controls on lane qubits become per-lane identity entries.
#pragma once

#include "kernels/qubit_op.hpp"

#include <cstddef>
#include <span>
#include <vector>

namespace qrt::sv {

// Controls on the qubits inside a register: lane l takes part iff (l & mask) == values.
struct LaneControls {
  unsigned mask = 0, values = 0;
  bool active(unsigned lane) const { return (lane & mask) == values; }
};

constexpr std::size_t lane_coefficient_scalars(unsigned lanes_log2) { return std::size_t{4} << lanes_log2; }

// Writes one per-lane coefficient, lane l = value_of(l); returns the position after it.
template <class R, class ValueOf>
R* put_lane_coefficient(R* out, unsigned lanes_log2, ValueOf value_of) {
  const unsigned lanes = 1u << lanes_log2;
  const std::size_t imag_offset = std::size_t{2} << lanes_log2;
  for (unsigned lane = 0; lane < lanes; ++lane) {
    const Complex c = value_of(lane);
    const std::size_t at = 2 * std::size_t{lane};
    out[at] = out[at + 1] = static_cast<R>(c.real());
    out[imag_offset + at] = out[imag_offset + at + 1] = static_cast<R>(c.imag());
  }
  return out + lane_coefficient_scalars(lanes_log2);
}

// A dense op split between register-selecting ("high") targets and lane targets.
struct DenseSplit {
  unsigned num_high = 0;
  unsigned high_qubit[64] = {};       // high target i (kernel order) is this qubit...
  unsigned high_matrix_bit[64] = {};  // ...and this bit of the matrix index
  unsigned lane_target_mask = 0;      // lane qubits that are targets
  // The lane targets the matrix mixes (the kernel permutes lanes over these); a lane target it never
  // flips only selects each lane's coefficients. split_dense_targets sets all lane targets.
  unsigned mixed_lane_mask = 0;
  unsigned lane_matrix_bit[8] = {};  // lane qubit q is this bit of the matrix index
  unsigned lanes_log2 = 0;
};

DenseSplit split_dense_targets(const QubitOp& op, unsigned lanes_log2);

// Number of scalars build_dense_coefficients writes.
std::size_t dense_coefficient_scalars(const DenseSplit& split, bool per_lane);

// Coefficient (output register ho, input c = hi * X + xi) for all ho, c; see dense_kernel.
template <class R>
void build_dense_coefficients(const DenseSplit& split, std::span<const Complex> matrix, LaneControls controls,
                              bool per_lane, R* out);

// For each output register ho (high-target combination) of a dense op on lane targets, the inputs
// c = hi * X + xi of dense_kernel (register hi, lanes permuted by the xi-th subset of the lane targets)
// whose coefficient is non-negligible (kernels/block_structure.hpp) in some lane: the terms
// lane_terms_kernel sums. No lane controls.
std::vector<std::vector<unsigned>> lane_term_inputs(const DenseSplit& split, std::span<const Complex> matrix);

// The per-lane coefficients of those terms, `terms` of them per output register (those past an output's
// own inputs are zero), for outputs in order: what lane_terms_kernel reads.
template <class R>
void build_lane_term_coefficients(const DenseSplit& split, std::span<const Complex> matrix,
                                  const std::vector<std::vector<unsigned>>& inputs, unsigned terms, R* out);

}  // namespace qrt::sv
