#include "gradient/shift_rules.hpp"

#include <array>
#include <cmath>
#include <numbers>

namespace qrt::gradient_detail {
namespace {

constexpr double kPi = std::numbers::pi;

const std::array<Shift, 2> kTwoTerm{{{kPi / 2, 0.5}, {-kPi / 2, -0.5}}};

const std::array<Shift, 4>& four_term() {
  static const std::array<Shift, 4> rule = [] {
    const double root2 = std::sqrt(2.0);
    const double plus = (root2 + 1) / (4 * root2), minus = (root2 - 1) / (4 * root2);
    return std::array<Shift, 4>{{{kPi / 2, plus}, {-kPi / 2, -plus}, {3 * kPi / 2, -minus}, {-3 * kPi / 2, minus}}};
  }();
  return rule;
}

}  // namespace

const std::vector<std::string>& shift_rule_gates() {
  static const std::vector<std::string> gates{
      "RX", "RY", "RZ", "PhaseShift", "ControlledPhaseShift", "IsingXX", "IsingYY", "IsingZZ", "CRX", "CRY", "CRZ"};
  return gates;
}

std::span<const Shift> shift_rule(std::string_view gate) {
  if (gate == "CRX" || gate == "CRY" || gate == "CRZ") return four_term();
  for (const auto& name : shift_rule_gates()) {
    if (name == gate) return kTwoTerm;
  }
  return {};
}

}  // namespace qrt::gradient_detail
