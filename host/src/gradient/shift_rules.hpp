// Parameter-shift rules (Wierichs et al., "General parameter-shift rules for quantum gradients",
// arXiv:2107.12390): for a gate exp(-i x G), f'(x) = sum_k c_k f(x + s_k), exact for every f that is an
// expectation value after the gate.
//  - Two-term, G with eigenvalues ±1/2 (RX, RY, RZ, IsingXX/YY/ZZ) or {0, 1} (PhaseShift,
//    ControlledPhaseShift: one frequency, 1): f' = [f(x + π/2) - f(x - π/2)] / 2.
//  - Four-term, G with eigenvalues {0, ±1/2} (CRX, CRY, CRZ: frequencies 1/2 and 1):
//    f' = c+ [f(x + π/2) - f(x - π/2)] - c- [f(x + 3π/2) - f(x - 3π/2)], c± = (√2 ± 1) / (4√2).
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace qrt::gradient_detail {

struct Shift {
  double shift;
  double coefficient;
};

// The rule of a native gate; empty when there is none.
std::span<const Shift> shift_rule(std::string_view native_gate);

// The native gates with a rule, in the capabilities' spelling.
const std::vector<std::string>& shift_rule_gates();

}  // namespace qrt::gradient_detail
