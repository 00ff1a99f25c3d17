// The identities (lowering.hpp, "Conventions"; U is Qiskit's matrix):
//   U(θ,φ,λ) = u3 = u = e^{i(φ+λ)/2} RZ(φ) RY(θ) RZ(λ) = PhaseShift(φ) RY(θ) PhaseShift(λ)
//   u2(φ,λ) = U(π/2,φ,λ);  rz = p = u1 = PhaseShift = e^{iλ/2} RZ
//   cp = cu1 = ControlledPhaseShift;  crx, cry, crz = CRX, CRY, CRZ (control first)
//   rxx(θ) = e^{-iθ/2} IsingXX(θ);  rzz(θ) = e^{iθ/2} IsingZZ(θ)
#include "gradient/gradient_rules.hpp"

#include <map>
#include <numbers>

namespace qrt::gradient_detail {
namespace {

NativeStep angle(std::string_view gate, std::vector<std::uint8_t> wires, int argument) {
  return NativeStep{gate, std::move(wires), argument, 1.0, 0.0};
}
NativeStep fixed(std::string_view gate, std::vector<std::uint8_t> wires, double value) {
  return NativeStep{gate, std::move(wires), -1, 0.0, value};
}

// U(θ,φ,λ) with θ, φ, λ the arguments `theta`, `phi`, `lambda` (-1: the constant π/2 for θ).
std::vector<GradientRule> u_rules(int theta, int phi, int lambda) {
  auto ry = theta >= 0 ? angle("RY", {0}, theta) : fixed("RY", {0}, std::numbers::pi / 2);
  return {{angle("RZ", {0}, lambda), ry, angle("RZ", {0}, phi)},
          {angle("PhaseShift", {0}, lambda), ry, angle("PhaseShift", {0}, phi)}};
}

std::map<std::string_view, std::vector<GradientRule>> build() {
  std::map<std::string_view, std::vector<GradientRule>> t;
  t["rx"] = {{angle("RX", {0}, 0)}};
  t["ry"] = {{angle("RY", {0}, 0)}};
  t["rz"] = t["p"] = t["u1"] = {{angle("PhaseShift", {0}, 0)}, {angle("RZ", {0}, 0)}};
  t["cp"] = t["cu1"] = {{angle("ControlledPhaseShift", {0, 1}, 0)}};
  t["crx"] = {{angle("CRX", {0, 1}, 0)}};
  t["cry"] = {{angle("CRY", {0, 1}, 0)}};
  t["crz"] = {{angle("CRZ", {0, 1}, 0)}};
  t["rxx"] = {{angle("IsingXX", {0, 1}, 0)}};
  t["rzz"] = {{angle("IsingZZ", {0, 1}, 0)}};
  t["U"] = t["u3"] = t["u"] = u_rules(0, 1, 2);
  t["u2"] = u_rules(-1, 0, 1);
  return t;
}

}  // namespace

std::span<const GradientRule> gradient_rules(std::string_view qelib1_gate) {
  static const auto table = build();
  auto it = table.find(qelib1_gate);
  return it == table.end() ? std::span<const GradientRule>() : std::span<const GradientRule>(it->second);
}

}  // namespace qrt::gradient_detail
