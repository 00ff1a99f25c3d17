// The mapping table from built-in gates (U, CX and qelib1's gates) to native device gates: for each
// gate, alternative rules in order of preference. Each rule reproduces the gate's definition exactly,
// global phase included (the lowering test checks every one against the U/CX expansion).
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace qrt::program::detail {

// An affine function of the gate's parameters, constant + sum(weight[i] * param[i]): every angle the
// rules need is one (e.g. Rot(λ, θ, φ) for u3, a phase of (φ+λ)/2).
struct Affine {
  double constant = 0.0;
  std::array<double, 4> weight{};

  double operator()(std::span<const double> params) const noexcept {
    double value = constant;
    for (std::size_t i = 0; i < params.size() && i < weight.size(); ++i) value += weight[i] * params[i];
    return value;
  }
};

enum class StepKind : std::uint8_t {
  Native,   // a device gate `name`
  Unitary,  // QubitUnitary with the matrix of U(params[0], params[1], params[2])
  Gate,     // another built-in gate `name` (lowered recursively, e.g. a controlled U)
  Phase,    // multiply by e^{i params[0]} — on the subspace where `controls` are all 1, if any
};

struct Step {
  StepKind kind = StepKind::Native;
  std::string_view name;
  std::vector<Affine> params;
  std::vector<std::uint8_t> targets;   // positions among the gate's qubits, in the native wire order
  std::vector<std::uint8_t> controls;  // positions among the gate's qubits used as extra control wires
  bool adjoint = false;
};

struct Rule {
  std::vector<Step> steps;
};

// The rules for a built-in gate (empty when it has none and must be expanded).
std::span<const Rule> native_rules(std::string_view gate);

// "Rot", "PauliX (with 3 control wires)", "S (adjoint)", "QubitUnitary" — for error messages.
std::string describe(const Rule& rule);

}  // namespace qrt::program::detail
