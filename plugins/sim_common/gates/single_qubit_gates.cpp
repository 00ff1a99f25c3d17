// One-qubit gates. Diagonal gates with a 1 in the first entry are phases on the |1> subspace (they
// touch half the state); RZ is a parity phase; the rest are 2x2 pairs.
#include "gates/gate_builders.hpp"

#include <cmath>
#include <numbers>

namespace qrt::sv::gates {

namespace {
constexpr Complex kI{0.0, 1.0};
QubitOp phase_on_one(unsigned qubit, Complex phase) { return QubitOp::phase(phase, bit(qubit), bit(qubit)); }
}  // namespace

void identity(std::span<const double>, std::span<const unsigned>, GateOps&) {}

void pauli_x(std::span<const double>, std::span<const unsigned> w, GateOps& out) {
  out.emplace([&] { return one_qubit(w[0], 0.0, 1.0, 1.0, 0.0); });
}

void pauli_y(std::span<const double>, std::span<const unsigned> w, GateOps& out) {
  out.emplace([&] { return one_qubit(w[0], 0.0, -kI, kI, 0.0); });
}

void pauli_z(std::span<const double>, std::span<const unsigned> w, GateOps& out) {
  out.emplace([&] { return phase_on_one(w[0], -1.0); });
}

void hadamard(std::span<const double>, std::span<const unsigned> w, GateOps& out) {
  const double r = std::numbers::sqrt2 / 2;
  out.emplace([&] { return one_qubit(w[0], r, r, r, -r); });
}

void s_gate(std::span<const double>, std::span<const unsigned> w, GateOps& out) {
  out.emplace([&] { return phase_on_one(w[0], kI); });
}

void t_gate(std::span<const double>, std::span<const unsigned> w, GateOps& out) {
  out.emplace([&] { return phase_on_one(w[0], std::polar(1.0, std::numbers::pi / 4)); });
}

void sx(std::span<const double>, std::span<const unsigned> w, GateOps& out) {
  const Complex p{0.5, 0.5}, m{0.5, -0.5};
  out.emplace([&] { return one_qubit(w[0], p, m, m, p); });
}

void phase_shift(std::span<const double> p, std::span<const unsigned> w, GateOps& out) {
  out.emplace([&] { return phase_on_one(w[0], std::polar(1.0, p[0])); });
}

// RX(t) = exp(-i t X / 2)
void rx(std::span<const double> p, std::span<const unsigned> w, GateOps& out) {
  const double c = std::cos(p[0] / 2), s = std::sin(p[0] / 2);
  out.emplace([&] { return one_qubit(w[0], c, -kI * s, -kI * s, c); });
}

// RY(t) = exp(-i t Y / 2)
void ry(std::span<const double> p, std::span<const unsigned> w, GateOps& out) {
  const double c = std::cos(p[0] / 2), s = std::sin(p[0] / 2);
  out.emplace([&] { return one_qubit(w[0], c, -s, s, c); });
}

// RZ(t) = exp(-i t Z / 2) = diag(e^{-it/2}, e^{it/2})
void rz(std::span<const double> p, std::span<const unsigned> w, GateOps& out) {
  out.emplace([&] { return one_qubit(w[0], std::polar(1.0, -p[0] / 2), 0.0, 0.0, std::polar(1.0, p[0] / 2)); });
}

// Rot(phi, theta, omega) = RZ(omega) RY(theta) RZ(phi)
void rot(std::span<const double> p, std::span<const unsigned> w, GateOps& out) {
  const double phi = p[0], theta = p[1], omega = p[2];
  const double c = std::cos(theta / 2), s = std::sin(theta / 2);
  out.emplace([&] {
    return one_qubit(w[0], std::polar(c, -(phi + omega) / 2), -std::polar(s, (phi - omega) / 2),
                     std::polar(s, -(phi - omega) / 2), std::polar(c, (phi + omega) / 2));
  });
}

}  // namespace qrt::sv::gates
