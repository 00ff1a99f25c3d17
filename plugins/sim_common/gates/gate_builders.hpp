// Builders of the catalog's gates (see gate_catalog.hpp for the contract). Controlled gates (CNOT,
// CRX, Toffoli, ...) reuse the builder of their target gate; the catalog adds the control wires.
#pragma once

#include "gates/gate_catalog.hpp"

namespace qrt::sv::gates {

// single_qubit_gates.cpp
void identity(std::span<const double>, std::span<const unsigned>, GateOps&);
void pauli_x(std::span<const double>, std::span<const unsigned>, GateOps&);
void pauli_y(std::span<const double>, std::span<const unsigned>, GateOps&);
void pauli_z(std::span<const double>, std::span<const unsigned>, GateOps&);
void hadamard(std::span<const double>, std::span<const unsigned>, GateOps&);
void s_gate(std::span<const double>, std::span<const unsigned>, GateOps&);
void t_gate(std::span<const double>, std::span<const unsigned>, GateOps&);
void sx(std::span<const double>, std::span<const unsigned>, GateOps&);
void phase_shift(std::span<const double>, std::span<const unsigned>, GateOps&);
void rx(std::span<const double>, std::span<const unsigned>, GateOps&);
void ry(std::span<const double>, std::span<const unsigned>, GateOps&);
void rz(std::span<const double>, std::span<const unsigned>, GateOps&);
void rot(std::span<const double>, std::span<const unsigned>, GateOps&);

// two_qubit_gates.cpp
void swap(std::span<const double>, std::span<const unsigned>, GateOps&);
void iswap(std::span<const double>, std::span<const unsigned>, GateOps&);
void pswap(std::span<const double>, std::span<const unsigned>, GateOps&);
void siswap(std::span<const double>, std::span<const unsigned>, GateOps&);
void ecr(std::span<const double>, std::span<const unsigned>, GateOps&);
void ising_xx(std::span<const double>, std::span<const unsigned>, GateOps&);
void ising_xy(std::span<const double>, std::span<const unsigned>, GateOps&);
void ising_yy(std::span<const double>, std::span<const unsigned>, GateOps&);
void ising_zz(std::span<const double>, std::span<const unsigned>, GateOps&);
void single_excitation(std::span<const double>, std::span<const unsigned>, GateOps&);
void single_excitation_plus(std::span<const double>, std::span<const unsigned>, GateOps&);
void single_excitation_minus(std::span<const double>, std::span<const unsigned>, GateOps&);

// multi_qubit_gates.cpp
void multi_rz(std::span<const double>, std::span<const unsigned>, GateOps&);
void global_phase(std::span<const double>, std::span<const unsigned>, GateOps&);
void double_excitation(std::span<const double>, std::span<const unsigned>, GateOps&);
void double_excitation_plus(std::span<const double>, std::span<const unsigned>, GateOps&);
void double_excitation_minus(std::span<const double>, std::span<const unsigned>, GateOps&);

// Helpers shared by the builder files.
inline QubitMask bit(unsigned qubit) { return QubitMask{1} << qubit; }
inline QubitMask mask_of(std::span<const unsigned> qubits) {
  QubitMask m = 0;
  for (unsigned q : qubits) m |= bit(q);
  return m;
}
// A one-qubit unitary [[m00, m01], [m10, m11]] on `qubit`: the pair |0>, |1>.
inline QubitOp one_qubit(unsigned qubit, Complex m00, Complex m01, Complex m10, Complex m11) {
  return QubitOp::two_level(bit(qubit), 0, {m00, m01, m10, m11});
}
// A two-qubit unitary (row-major 4x4, wires[0] the most significant bit).
QubitOp two_qubit(std::span<const unsigned> wires, const std::array<Complex, 16>& m);

}  // namespace qrt::sv::gates
