// Conventions (see lowering.hpp): U is Qiskit's matrix; PennyLane's Rot(a,b,c) = RZ(c) RY(b) RZ(a),
// GlobalPhase(φ) = e^{-iφ}. The identities each rule relies on:
//   U(θ,φ,λ) = e^{i(φ+λ)/2} Rot(λ,θ,φ) = PhaseShift(φ) RY(θ) PhaseShift(λ)
//            = e^{i(φ+λ)/2} RZ(φ) RY(θ) RZ(λ) = e^{i(φ+λ)/2} RZ(φ+π/2) RX(θ) RZ(λ-π/2)
//   u1(λ) = p(λ) = rz(λ) = PhaseShift(λ) = e^{iλ/2} RZ(λ)
//   sx = RX(π/2) = e^{-iπ/4} SX,   sxdg = RX(-π/2) = e^{iπ/4} SX†,   ch = e^{iπ/4} CH
//   rxx(θ) = e^{-iθ/2} IsingXX(θ),   rzz(θ) = e^{iθ/2} IsingZZ(θ)
//   cu3(θ,φ,λ) = C-U(θ,φ,λ) = CRot(λ,θ,φ) · PhaseShift((φ+λ)/2) on the control
//   cu(θ,φ,λ,γ) = C-(e^{iγ} U(θ,φ,λ))
#include "native_rules.hpp"

#include <algorithm>
#include <map>
#include <numbers>

namespace qrt::program::detail {
namespace {

constexpr double kPi = std::numbers::pi;

constexpr Affine param(std::size_t i) {
  Affine a;
  a.weight[i] = 1.0;
  return a;
}
constexpr Affine constant(double c) { return Affine{c, {}}; }
constexpr Affine operator+(Affine a, const Affine& b) {
  a.constant += b.constant;
  for (std::size_t i = 0; i < a.weight.size(); ++i) a.weight[i] += b.weight[i];
  return a;
}
constexpr Affine operator*(double k, Affine a) {
  a.constant *= k;
  for (double& w : a.weight) w *= k;
  return a;
}
constexpr Affine operator-(const Affine& a) { return -1.0 * a; }
constexpr Affine operator-(const Affine& a, const Affine& b) { return a + -b; }
constexpr Affine operator/(const Affine& a, double k) { return (1.0 / k) * a; }

// Parameter names of U-like gates (u3, cu3, cu), and `angle` for one-parameter gates.
const Affine theta = param(0);
const Affine phi = param(1);
const Affine lambda = param(2);
const Affine gamma_angle = param(3);
const Affine angle = param(0);

using Wires = std::vector<std::uint8_t>;
using Angles = std::vector<Affine>;

Step native(std::string_view name, Wires targets, Angles params = {}) {
  return Step{StepKind::Native, name, std::move(params), std::move(targets), {}, false};
}
Step controlled(Step step, Wires controls) {
  step.controls = std::move(controls);
  return step;
}
Step adjoint(Step step) {
  step.adjoint = true;
  return step;
}
Step phase(Affine value, Wires controls = {}) {
  return Step{StepKind::Phase, {}, {value}, {}, std::move(controls), false};
}
Step gate(std::string_view name, Wires targets, Angles params, Wires controls = {}) {
  return Step{StepKind::Gate, name, std::move(params), std::move(targets), std::move(controls), false};
}
Step unitary_u(Wires targets, Angles params) {
  return Step{StepKind::Unitary, "QubitUnitary", std::move(params), std::move(targets), {}, false};
}

// Rules shared by gates with the same matrix.
std::vector<Rule> phase_shift_rules() {
  return {{{native("PhaseShift", {0}, {angle})}}, {{native("RZ", {0}, {angle}), phase(angle / 2)}}};
}
std::vector<Rule> controlled_phase_rules() {
  return {{{native("ControlledPhaseShift", {0, 1}, {angle})}}, {{controlled(native("PhaseShift", {1}, {angle}), {0})}}};
}

std::map<std::string_view, std::vector<Rule>> build_table() {
  std::map<std::string_view, std::vector<Rule>> table;
  table["U"] = {
      {{unitary_u({0}, {theta, phi, lambda})}},
      {{native("Rot", {0}, {lambda, theta, phi}), phase((phi + lambda) / 2)}},
      {{native("PhaseShift", {0}, {lambda}), native("RY", {0}, {theta}), native("PhaseShift", {0}, {phi})}},
      {{native("RZ", {0}, {lambda}), native("RY", {0}, {theta}), native("RZ", {0}, {phi}), phase((phi + lambda) / 2)}},
      {{native("RZ", {0}, {lambda - constant(kPi / 2)}), native("RX", {0}, {theta}),
        native("RZ", {0}, {phi + constant(kPi / 2)}), phase((phi + lambda) / 2)}},
  };
  table["CX"] = {
      {{native("CNOT", {0, 1})}},
      {{controlled(native("PauliX", {1}), {0})}},
      {{native("Hadamard", {1}), native("CZ", {0, 1}), native("Hadamard", {1})}},
  };
  table["id"] = {{}};  // the identity: nothing to apply
  table["u0"] = {{}};
  table["x"] = {{{native("PauliX", {0})}}};
  table["y"] = {{{native("PauliY", {0})}}};
  table["z"] = {{{native("PauliZ", {0})}}};
  table["h"] = {{{native("Hadamard", {0})}}};
  table["s"] = {{{native("S", {0})}}, {{native("PhaseShift", {0}, {constant(kPi / 2)})}}};
  table["sdg"] = {{{adjoint(native("S", {0}))}}, {{native("PhaseShift", {0}, {constant(-kPi / 2)})}}};
  table["t"] = {{{native("T", {0})}}, {{native("PhaseShift", {0}, {constant(kPi / 4)})}}};
  table["tdg"] = {{{adjoint(native("T", {0}))}}, {{native("PhaseShift", {0}, {constant(-kPi / 4)})}}};
  table["sx"] = {{{native("SX", {0}), phase(constant(-kPi / 4))}}, {{native("RX", {0}, {constant(kPi / 2)})}}};
  table["sxdg"] = {{{adjoint(native("SX", {0})), phase(constant(kPi / 4))}},
                   {{native("RX", {0}, {constant(-kPi / 2)})}}};
  table["p"] = table["u1"] = table["rz"] = phase_shift_rules();
  table["rx"] = {{{native("RX", {0}, {angle})}}};
  table["ry"] = {{{native("RY", {0}, {angle})}}};
  table["cz"] = {{{native("CZ", {0, 1})}}, {{controlled(native("PauliZ", {1}), {0})}}};
  table["cy"] = {{{native("CY", {0, 1})}}, {{controlled(native("PauliY", {1}), {0})}}};
  table["ch"] = {{{native("CH", {0, 1}), phase(constant(kPi / 4))}},
                 {{controlled(native("Hadamard", {1}), {0}), phase(constant(kPi / 4))}}};
  table["swap"] = {{{native("SWAP", {0, 1})}}};
  table["ccx"] = {{{native("Toffoli", {0, 1, 2})}}, {{controlled(native("PauliX", {2}), {0, 1})}}};
  table["cswap"] = {{{native("CSWAP", {0, 1, 2})}}, {{controlled(native("SWAP", {1, 2}), {0})}}};
  table["crx"] = {{{native("CRX", {0, 1}, {angle})}}, {{controlled(native("RX", {1}, {angle}), {0})}}};
  table["cry"] = {{{native("CRY", {0, 1}, {angle})}}, {{controlled(native("RY", {1}, {angle}), {0})}}};
  table["crz"] = {{{native("CRZ", {0, 1}, {angle})}}, {{controlled(native("RZ", {1}, {angle}), {0})}}};
  table["cu1"] = table["cp"] = controlled_phase_rules();
  table["cu3"] = {
      {{native("CRot", {0, 1}, {lambda, theta, phi}), phase((phi + lambda) / 2, {0})}},
      {{gate("U", {1}, {theta, phi, lambda}, {0})}},
  };
  table["cu"] = {
      {{native("CRot", {0, 1}, {lambda, theta, phi}), phase(gamma_angle + (phi + lambda) / 2, {0})}},
      {{gate("U", {1}, {theta, phi, lambda}, {0}), phase(gamma_angle, {0})}},
  };
  table["csx"] = {{{controlled(native("SX", {1}), {0})}}};
  table["rxx"] = {{{native("IsingXX", {0, 1}, {angle}), phase(-angle / 2)}}};
  table["rzz"] = {{{native("IsingZZ", {0, 1}, {angle}), phase(angle / 2)}},
                  {{native("MultiRZ", {0, 1}, {angle}), phase(angle / 2)}}};
  table["c3x"] = {{{controlled(native("PauliX", {3}), {0, 1, 2})}}};
  table["c3sqrtx"] = {{{controlled(native("SX", {3}), {0, 1, 2})}}};
  table["c4x"] = {{{controlled(native("PauliX", {4}), {0, 1, 2, 3})}}};
  return table;
}

const std::map<std::string_view, std::vector<Rule>>& table() {
  static const auto rules = build_table();
  return rules;
}

}  // namespace

std::span<const Rule> native_rules(std::string_view gate) {
  const auto& rules = table();
  const auto it = rules.find(gate);
  return it == rules.end() ? std::span<const Rule>() : std::span<const Rule>(it->second);
}

std::string describe(const Rule& rule) {
  std::string out;
  for (const Step& step : rule.steps) {
    if (step.kind == StepKind::Phase && step.controls.empty()) continue;  // a global phase needs nothing
    std::string text = step.kind == StepKind::Phase ? std::string("PhaseShift") : std::string(step.name);
    if (!step.controls.empty()) {
      text +=
          " (with " + std::to_string(step.controls.size()) + " control wire" + (step.controls.size() == 1 ? ")" : "s)");
    }
    if (step.adjoint) text += " (adjoint)";
    out += (out.empty() ? "" : " + ") + text;
  }
  return out.empty() ? "nothing" : out;
}

}  // namespace qrt::program::detail
