// How a qelib1 gate with a trainable argument becomes native gates of one parameter each, whose
// derivative with respect to that parameter the adjoint method and the shift rules know. Each native
// angle is an affine function of one argument of the gate, so d(angle)/d(argument) is `scale`.
// Global phases are dropped: a gradient lowering never puts a gate under control wires (OpenQASM 2 has
// no control modifier; gate bodies are expanded onto their qubits), so a phase of one gate is a phase
// of the whole state, which no expectation value sees.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

namespace qrt::gradient_detail {

struct NativeStep {
  std::string_view gate;            // PennyLane spelling, as the capabilities' "gates" list it
  std::vector<std::uint8_t> wires;  // indices into the qelib1 gate's qubits, in the native wire order
  int argument = -1;                // angle = offset + scale * argument; -1: the constant `offset`
  double scale = 1.0;
  double offset = 0.0;
};

// Alternatives, first preferred; each is the exact gate up to a global phase, steps in application order.
using GradientRule = std::vector<NativeStep>;

// The rules of a qelib1 gate (or U); empty for gates without one (they are expanded through their body).
std::span<const GradientRule> gradient_rules(std::string_view qelib1_gate);

}  // namespace qrt::gradient_detail
