// Gates on any number of wires (MultiRZ, GlobalPhase) and the four-qubit excitations, which are
// two-level rotations of |0011>, |1100> (plus a phase elsewhere for the Plus/Minus variants).
#include "gates/gate_builders.hpp"

#include <cmath>

namespace qrt::sv::gates {

// MultiRZ(t) = exp(-i t Z⊗...⊗Z / 2): e^{-it/2} on even parity, e^{it/2} on odd.
void multi_rz(std::span<const double> p, std::span<const unsigned> w, GateOps& out) {
  out.emplace([&] { return QubitOp::parity(std::polar(1.0, -p[0] / 2), std::polar(1.0, p[0] / 2), mask_of(w)); });
}

// GlobalPhase(phi) = e^{-i phi} I on whatever wires it names.
void global_phase(std::span<const double> p, std::span<const unsigned>, GateOps& out) {
  out.emplace([&] { return QubitOp::phase(std::polar(1.0, -p[0])); });
}

namespace {
// The rotation of |0011> (w2, w3 set) and |1100> by phi/2, scaled by `scale`.
QubitOp double_excitation_pair(double phi, std::span<const unsigned> w, Complex scale) {
  const double c = std::cos(phi / 2), s = std::sin(phi / 2);
  return QubitOp::two_level(mask_of(w), bit(w[2]) | bit(w[3]), {scale * c, -scale * s, scale * s, scale * c});
}
}  // namespace

void double_excitation(std::span<const double> p, std::span<const unsigned> w, GateOps& out) {
  out.emplace([&] { return double_excitation_pair(p[0], w, 1.0); });
}

// e^{i phi/2} on the 14 other basis states = global e^{i phi/2} times a pair rotation scaled back.
void double_excitation_plus(std::span<const double> p, std::span<const unsigned> w, GateOps& out) {
  out.emplace([&] { return QubitOp::phase(std::polar(1.0, p[0] / 2)); });
  out.emplace([&] { return double_excitation_pair(p[0], w, std::polar(1.0, -p[0] / 2)); });
}

void double_excitation_minus(std::span<const double> p, std::span<const unsigned> w, GateOps& out) {
  out.emplace([&] { return QubitOp::phase(std::polar(1.0, -p[0] / 2)); });
  out.emplace([&] { return double_excitation_pair(p[0], w, std::polar(1.0, p[0] / 2)); });
}

}  // namespace qrt::sv::gates
