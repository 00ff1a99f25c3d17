// Reading a register back, the way the device allows: its amplitudes (`state`) or its probabilities
// (`probs`), and comparing what was read with the kit's reference state.
#pragma once

#include "conformance/check_context.hpp"

#include <span>
#include <string>
#include <vector>

namespace qrt::conformance {

struct Snapshot {
  std::vector<Complex> amplitudes;  // Observation::State only
  std::vector<double> probs;        // always (from the amplitudes in State mode)
};

// The whole register, all wires in allocation order.
Snapshot observe(const CheckContext& context, NativeInstance& instance);

// Probabilities of `wires` (first wire = most significant bit): through `probs` when the device has it,
// else from its state.
std::vector<double> read_probs(const CheckContext& context, NativeInstance& instance, std::span<const qrt_wire> wires,
                               std::span<const qrt_wire> all_wires);

// Largest difference between what was read and a reference state: per amplitude in State mode (global
// phase included), per probability in Probs mode.
double deviation(Observation mode, const Snapshot& got, std::span<const Complex> expected);
// The index of the largest difference with both values, e.g. "amplitude 5: got 0.1+0.2i, expected 0.3+0i".
std::string describe_mismatch(Observation mode, const Snapshot& got, std::span<const Complex> expected);

}  // namespace qrt::conformance
