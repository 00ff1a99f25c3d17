#include "clifford/rotation_gates.hpp"

#include "clifford/gate_catalog.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <numbers>

namespace qrt::stab {

namespace {

constexpr std::array<RotationGate, 5> kRotations{{
    {"RX", Rotation::RX, 1},
    {"RY", Rotation::RY, 1},
    {"RZ", Rotation::RZ, 1},
    {"PhaseShift", Rotation::PhaseShift, 1},
    {"Rot", Rotation::Rot, 3},
}};

const Complex kI{0, 1};

std::vector<Complex> multiply(const std::vector<Complex>& a, const std::vector<Complex>& b) {
  return {a[0] * b[0] + a[1] * b[2], a[0] * b[1] + a[1] * b[3], a[2] * b[0] + a[3] * b[2], a[2] * b[1] + a[3] * b[3]};
}

}  // namespace

std::span<const RotationGate> rotation_gates() { return kRotations; }

std::optional<std::size_t> find_rotation(std::string_view name) {
  for (std::size_t i = 0; i < kRotations.size(); ++i)
    if (kRotations[i].name == name) return i;
  return std::nullopt;
}

std::optional<double> quarter_turn(double angle) {
  if (!std::isfinite(angle)) return std::nullopt;
  constexpr double kQuarter = std::numbers::pi / 2;
  const double turns = std::nearbyint(angle / kQuarter);
  const double nearest = turns * kQuarter;
  if (std::abs(angle - nearest) > kQuarterTurnTolerance * std::max(1.0, std::abs(angle))) return std::nullopt;
  // Reduced modulo 2 pi (4 quarter turns; RX etc. have period 4 pi, so keep 8) so that cos/sin of the
  // half angle are exact for every multiple.
  const double reduced = std::fmod(turns, 8.0);
  return (reduced < 0 ? reduced + 8.0 : reduced) * kQuarter;
}

std::vector<Complex> rotation_matrix(Rotation kind, std::span<const double> angles) {
  const double c = std::cos(angles[0] / 2), s = std::sin(angles[0] / 2);
  switch (kind) {
    case Rotation::RX: return {c, -kI * s, -kI * s, c};
    case Rotation::RY: return {c, -s, s, c};
    case Rotation::RZ: return {std::polar(1.0, -angles[0] / 2), 0, 0, std::polar(1.0, angles[0] / 2)};
    case Rotation::PhaseShift: return {1, 0, 0, std::polar(1.0, angles[0])};
    case Rotation::Rot: {
      const double phi[1] = {angles[0]}, theta[1] = {angles[1]}, omega[1] = {angles[2]};
      return multiply(rotation_matrix(Rotation::RZ, omega),
                      multiply(rotation_matrix(Rotation::RY, theta), rotation_matrix(Rotation::RZ, phi)));
    }
  }
  return {};
}

std::optional<LocalClifford> rotation_clifford(const RotationGate& gate, std::span<const double> angles, bool adjoint,
                                               std::optional<int> control) {
  std::vector<double> used(angles.begin(), angles.end());
  bool quarter_turns = true;
  for (double& angle : used)
    if (auto q = quarter_turn(angle)) angle = *q;
    else quarter_turns = false;
  if (!quarter_turns && gate.num_params == 1) return std::nullopt;
  std::vector<Complex> m = rotation_matrix(gate.kind, used);
  // Snapped angles leave cos/sin rounding of order 1e-16: exact zeros and ones make the table exact.
  for (Complex& z : m) z = {std::abs(z.real()) < 1e-15 ? 0.0 : z.real(), std::abs(z.imag()) < 1e-15 ? 0.0 : z.imag()};
  if (adjoint) m = {std::conj(m[0]), std::conj(m[2]), std::conj(m[1]), std::conj(m[3])};
  if (control) return LocalClifford::from_unitary(controlled_matrix(m, *control), 2);
  return LocalClifford::from_unitary(m, 1);
}

}  // namespace qrt::stab
