// Two-qubit gates (wires[0] is the most significant bit of the matrix index). Gates that only mix
// |01> and |10> are two-level pairs (SWAP touches half the state and does no arithmetic).
#include "gates/gate_builders.hpp"

#include <cmath>
#include <numbers>

namespace qrt::sv::gates {

namespace {
constexpr Complex kI{0.0, 1.0};

// The pair |01>, |10> of (w0, w1): |01> has w1 set.
QubitOp middle_pair(std::span<const unsigned> w, Complex m_aa, Complex m_ab, Complex m_ba, Complex m_bb) {
  return QubitOp::two_level(bit(w[0]) | bit(w[1]), bit(w[1]), {m_aa, m_ab, m_ba, m_bb});
}
}  // namespace

QubitOp two_qubit(std::span<const unsigned> wires, const std::array<Complex, 16>& m) {
  const unsigned lsb_first[2] = {wires[1], wires[0]};
  return QubitOp::dense(lsb_first, m);
}

void swap(std::span<const double>, std::span<const unsigned> w, GateOps& out) {
  out.emplace([&] { return middle_pair(w, 0.0, 1.0, 1.0, 0.0); });
}

void iswap(std::span<const double>, std::span<const unsigned> w, GateOps& out) {
  out.emplace([&] { return middle_pair(w, 0.0, kI, kI, 0.0); });
}

// PSWAP(phi): |01> <-> |10> with phase e^{i phi} both ways; |00>, |11> unchanged.
void pswap(std::span<const double> p, std::span<const unsigned> w, GateOps& out) {
  const Complex e = std::polar(1.0, p[0]);
  out.emplace([&] { return middle_pair(w, 0.0, e, e, 0.0); });
}

// SISWAP = sqrt(ISWAP)
void siswap(std::span<const double>, std::span<const unsigned> w, GateOps& out) {
  const double r = std::numbers::sqrt2 / 2;
  out.emplace([&] { return middle_pair(w, r, kI * r, kI * r, r); });
}

// ECR = (X⊗I - Y⊗X) / sqrt(2), wires[0] first
void ecr(std::span<const double>, std::span<const unsigned> w, GateOps& out) {
  const double r = std::numbers::sqrt2 / 2;
  const Complex i = kI * r;
  out.emplace([&] {
    return two_qubit(w, {0.0, 0.0, r, i,   //
                         0.0, 0.0, i, r,   //
                         r, -i, 0.0, 0.0,  //
                         -i, r, 0.0, 0.0});
  });
}

// IsingXX(phi) = exp(-i phi X⊗X / 2)
void ising_xx(std::span<const double> p, std::span<const unsigned> w, GateOps& out) {
  const double c = std::cos(p[0] / 2);
  const Complex s = -kI * std::sin(p[0] / 2);
  out.emplace([&] {
    return two_qubit(w, {c, 0.0, 0.0, s,  //
                         0.0, c, s, 0.0,  //
                         0.0, s, c, 0.0,  //
                         s, 0.0, 0.0, c});
  });
}

// IsingYY(phi) = exp(-i phi Y⊗Y / 2)
void ising_yy(std::span<const double> p, std::span<const unsigned> w, GateOps& out) {
  const double c = std::cos(p[0] / 2);
  const Complex s = kI * std::sin(p[0] / 2);
  out.emplace([&] {
    return two_qubit(w, {c, 0.0, 0.0, s,   //
                         0.0, c, -s, 0.0,  //
                         0.0, -s, c, 0.0,  //
                         s, 0.0, 0.0, c});
  });
}

// IsingXY(phi) = exp(i phi (X⊗X + Y⊗Y) / 4): a rotation of the |01>, |10> pair.
void ising_xy(std::span<const double> p, std::span<const unsigned> w, GateOps& out) {
  const double c = std::cos(p[0] / 2);
  const Complex s = kI * std::sin(p[0] / 2);
  out.emplace([&] { return middle_pair(w, c, s, s, c); });
}

// IsingZZ(phi) = exp(-i phi Z⊗Z / 2)
void ising_zz(std::span<const double> p, std::span<const unsigned> w, GateOps& out) {
  out.emplace([&] { return QubitOp::parity(std::polar(1.0, -p[0] / 2), std::polar(1.0, p[0] / 2), mask_of(w)); });
}

// SingleExcitation(phi): |01> -> c|01> + s|10>, |10> -> c|10> - s|01> (c, s of phi/2).
void single_excitation(std::span<const double> p, std::span<const unsigned> w, GateOps& out) {
  const double c = std::cos(p[0] / 2), s = std::sin(p[0] / 2);
  out.emplace([&] { return middle_pair(w, c, -s, s, c); });
}

namespace {
// SingleExcitation on |01>, |10> and the phase e^{i sign phi/2} on |00>, |11>.
void single_excitation_with_phase(double phi, double sign, std::span<const unsigned> w, GateOps& out) {
  const double c = std::cos(phi / 2), s = std::sin(phi / 2);
  const Complex e = std::polar(1.0, sign * phi / 2);
  out.emplace([&] {
    return two_qubit(w, {e, 0.0, 0.0, 0.0,  //
                         0.0, c, -s, 0.0,   //
                         0.0, s, c, 0.0,    //
                         0.0, 0.0, 0.0, e});
  });
}
}  // namespace

void single_excitation_plus(std::span<const double> p, std::span<const unsigned> w, GateOps& out) {
  single_excitation_with_phase(p[0], +1.0, w, out);
}

void single_excitation_minus(std::span<const double> p, std::span<const unsigned> w, GateOps& out) {
  single_excitation_with_phase(p[0], -1.0, w, out);
}

}  // namespace qrt::sv::gates
