// The rotation gates of stabilizer.qubit (PennyLane names and conventions): Clifford exactly when their
// angles are multiples of pi/2, which is how transpilers write Clifford circuits (rz(pi/2), sx as
// rx(pi/2), u1(pi), u3(pi/2, 0, pi) = H ...). An angle within kQuarterTurnTolerance of a multiple of
// pi/2 counts as that multiple (the rounding of a written `pi/2`); any other angle is refused.
#pragma once

#include "clifford/local_clifford.hpp"

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace qrt::stab {

inline constexpr double kQuarterTurnTolerance = 1e-12;

enum class Rotation { RX, RY, RZ, PhaseShift, Rot };

struct RotationGate {
  std::string_view name;
  Rotation kind;
  unsigned num_params;
};

std::span<const RotationGate> rotation_gates();
std::optional<std::size_t> find_rotation(std::string_view name);

// The nearest multiple of pi/2 when `angle` is within kQuarterTurnTolerance of it (relative to |angle|
// beyond 1); nullopt otherwise.
std::optional<double> quarter_turn(double angle);

// The 2x2 unitary (row-major) of the gate at `angles`: RX, RY, RZ, PhaseShift(phi) = diag(1, e^{i phi}),
// Rot(phi, theta, omega) = RZ(omega) RY(theta) RZ(phi).
std::vector<Complex> rotation_matrix(Rotation kind, std::span<const double> angles);

// The gate's Clifford table at `angles` (adjoint, with a control of the given value when `control` is
// set), or nullopt when that operation is not Clifford. One-angle gates need a quarter turn; Rot is
// also taken when its product is Clifford though its angles are not quarter turns (Rot(a, 0, -a) = I).
std::optional<LocalClifford> rotation_clifford(const RotationGate& gate, std::span<const double> angles, bool adjoint,
                                               std::optional<int> control);

}  // namespace qrt::stab
