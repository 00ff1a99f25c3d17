#include "reference/reference_gates.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <numbers>

namespace qrt::reference {
namespace {

using std::numbers::pi;
using Params = std::span<const double>;
constexpr Complex i1{0.0, 1.0};

Complex phase(double angle) { return std::polar(1.0, angle); }
Matrix m2(Complex a, Complex b, Complex c, Complex d) { return Matrix(2, {a, b, c, d}); }

// One-qubit gates.
Matrix pauli_x() { return m2(0, 1, 1, 0); }
Matrix pauli_y() { return m2(0, -i1, i1, 0); }
Matrix pauli_z() { return m2(1, 0, 0, -1); }
Matrix hadamard() {
  const double h = 1.0 / std::sqrt(2.0);
  return m2(h, h, h, -h);
}
Matrix rx(double t) { return m2(std::cos(t / 2), -i1 * std::sin(t / 2), -i1 * std::sin(t / 2), std::cos(t / 2)); }
Matrix ry(double t) { return m2(std::cos(t / 2), -std::sin(t / 2), std::sin(t / 2), std::cos(t / 2)); }
Matrix rz(double t) { return m2(phase(-t / 2), 0, 0, phase(t / 2)); }
Matrix phase_shift(double p) { return m2(1, 0, 0, phase(p)); }
Matrix rot(double phi, double theta, double omega) {
  const double c = std::cos(theta / 2), s = std::sin(theta / 2);
  return m2(phase(-(phi + omega) / 2) * c, -phase((phi - omega) / 2) * s, phase(-(phi - omega) / 2) * s,
            phase((phi + omega) / 2) * c);
}
Matrix swap() { return Matrix(4, {1, 0, 0, 0, 0, 0, 1, 0, 0, 1, 0, 0, 0, 0, 0, 1}); }

// Table entries: (params, number of wires of the call) -> matrix.
Matrix identity_gate(Params, unsigned n) { return Matrix::identity(std::size_t{1} << n); }
Matrix pauli_x_gate(Params, unsigned) { return pauli_x(); }
Matrix pauli_y_gate(Params, unsigned) { return pauli_y(); }
Matrix pauli_z_gate(Params, unsigned) { return pauli_z(); }
Matrix hadamard_gate(Params, unsigned) { return hadamard(); }
Matrix s_gate(Params, unsigned) { return m2(1, 0, 0, i1); }
Matrix t_gate(Params, unsigned) { return m2(1, 0, 0, phase(pi / 4)); }
Matrix sx_gate(Params, unsigned) {
  return m2(Complex(0.5, 0.5), Complex(0.5, -0.5), Complex(0.5, -0.5), Complex(0.5, 0.5));
}
Matrix phase_shift_gate(Params p, unsigned) { return phase_shift(p[0]); }
Matrix rx_gate(Params p, unsigned) { return rx(p[0]); }
Matrix ry_gate(Params p, unsigned) { return ry(p[0]); }
Matrix rz_gate(Params p, unsigned) { return rz(p[0]); }
Matrix rot_gate(Params p, unsigned) { return rot(p[0], p[1], p[2]); }

Matrix cnot_gate(Params, unsigned) { return controlled(pauli_x()); }
Matrix cy_gate(Params, unsigned) { return controlled(pauli_y()); }
Matrix cz_gate(Params, unsigned) { return controlled(pauli_z()); }
Matrix ch_gate(Params, unsigned) { return controlled(hadamard()); }
Matrix swap_gate(Params, unsigned) { return swap(); }
Matrix iswap_gate(Params, unsigned) { return Matrix(4, {1, 0, 0, 0, 0, 0, i1, 0, 0, i1, 0, 0, 0, 0, 0, 1}); }
Matrix cswap_gate(Params, unsigned) { return controlled(swap()); }
Matrix toffoli_gate(Params, unsigned) { return controlled(pauli_x(), 2); }
Matrix controlled_phase_shift_gate(Params p, unsigned) { return controlled(phase_shift(p[0])); }
Matrix crx_gate(Params p, unsigned) { return controlled(rx(p[0])); }
Matrix cry_gate(Params p, unsigned) { return controlled(ry(p[0])); }
Matrix crz_gate(Params p, unsigned) { return controlled(rz(p[0])); }
Matrix crot_gate(Params p, unsigned) { return controlled(rot(p[0], p[1], p[2])); }

// exp(-i φ/2 P⊗P) = cos(φ/2) I - i sin(φ/2) P⊗P, written out.
Matrix ising_xx_gate(Params p, unsigned) {
  const Complex c = std::cos(p[0] / 2), s = -i1 * std::sin(p[0] / 2);
  return Matrix(4, {c, 0, 0, s, 0, c, s, 0, 0, s, c, 0, s, 0, 0, c});
}
Matrix ising_yy_gate(Params p, unsigned) {
  const Complex c = std::cos(p[0] / 2), s = i1 * std::sin(p[0] / 2);
  return Matrix(4, {c, 0, 0, s, 0, c, -s, 0, 0, -s, c, 0, s, 0, 0, c});
}
Matrix ising_zz_gate(Params p, unsigned) {
  const Complex a = phase(-p[0] / 2), b = phase(p[0] / 2);
  return Matrix(4, {a, 0, 0, 0, 0, b, 0, 0, 0, 0, b, 0, 0, 0, 0, a});
}
// exp(-i θ/2 Z⊗...⊗Z): e^{-iθ/2} on even-parity basis states, e^{+iθ/2} on odd ones.
Matrix multi_rz_gate(Params p, unsigned n) {
  std::vector<Complex> diagonal(std::size_t{1} << n);
  for (std::size_t i = 0; i < diagonal.size(); ++i) diagonal[i] = phase((std::popcount(i) % 2 ? 1 : -1) * p[0] / 2);
  return Matrix::diagonal(diagonal);
}
Matrix global_phase_gate(Params p, unsigned n) { return phase(-p[0]) * Matrix::identity(std::size_t{1} << n); }

constexpr unsigned kMaxChecked = 3;  // gates on any number of wires are checked on up to 3

// Sorted by name (find_reference_gate searches it).
constexpr std::array kTable{
    ReferenceGate{"CH", 0, 2, 2, &ch_gate},
    ReferenceGate{"CNOT", 0, 2, 2, &cnot_gate},
    ReferenceGate{"CRX", 1, 2, 2, &crx_gate},
    ReferenceGate{"CRY", 1, 2, 2, &cry_gate},
    ReferenceGate{"CRZ", 1, 2, 2, &crz_gate},
    ReferenceGate{"CRot", 3, 2, 2, &crot_gate},
    ReferenceGate{"CSWAP", 0, 3, 3, &cswap_gate},
    ReferenceGate{"CY", 0, 2, 2, &cy_gate},
    ReferenceGate{"CZ", 0, 2, 2, &cz_gate},
    ReferenceGate{"ControlledPhaseShift", 1, 2, 2, &controlled_phase_shift_gate},
    ReferenceGate{"GlobalPhase", 1, 1, kMaxChecked, &global_phase_gate},
    ReferenceGate{"Hadamard", 0, 1, 1, &hadamard_gate},
    ReferenceGate{"ISWAP", 0, 2, 2, &iswap_gate},
    ReferenceGate{"Identity", 0, 1, kMaxChecked, &identity_gate},
    ReferenceGate{"IsingXX", 1, 2, 2, &ising_xx_gate},
    ReferenceGate{"IsingYY", 1, 2, 2, &ising_yy_gate},
    ReferenceGate{"IsingZZ", 1, 2, 2, &ising_zz_gate},
    ReferenceGate{"MultiRZ", 1, 1, kMaxChecked, &multi_rz_gate},
    ReferenceGate{"PauliX", 0, 1, 1, &pauli_x_gate},
    ReferenceGate{"PauliY", 0, 1, 1, &pauli_y_gate},
    ReferenceGate{"PauliZ", 0, 1, 1, &pauli_z_gate},
    ReferenceGate{"PhaseShift", 1, 1, 1, &phase_shift_gate},
    ReferenceGate{"RX", 1, 1, 1, &rx_gate},
    ReferenceGate{"RY", 1, 1, 1, &ry_gate},
    ReferenceGate{"RZ", 1, 1, 1, &rz_gate},
    ReferenceGate{"Rot", 3, 1, 1, &rot_gate},
    ReferenceGate{"S", 0, 1, 1, &s_gate},
    ReferenceGate{"SWAP", 0, 2, 2, &swap_gate},
    ReferenceGate{"SX", 0, 1, 1, &sx_gate},
    ReferenceGate{"T", 0, 1, 1, &t_gate},
    ReferenceGate{"Toffoli", 0, 3, 3, &toffoli_gate},
};

constexpr bool sorted_by_name() {
  for (std::size_t i = 1; i < kTable.size(); ++i)
    if (!(kTable[i - 1].name < kTable[i].name)) return false;
  return true;
}
static_assert(sorted_by_name(), "kTable must be sorted by name");

}  // namespace

std::span<const ReferenceGate> reference_gates() { return kTable; }

const ReferenceGate* find_reference_gate(std::string_view name) {
  auto it = std::lower_bound(kTable.begin(), kTable.end(), name,
                             [](const ReferenceGate& g, std::string_view n) { return g.name < n; });
  return it != kTable.end() && it->name == name ? &*it : nullptr;
}

}  // namespace qrt::reference
