// Test-only reference: textbook gate matrices (PennyLane's definitions, and Qiskit's U / CX) and a tiny
// dense simulator that builds the unitary of a gate sequence. Written independently of the code under
// test: nothing here includes a qrt header.
#pragma once

#include <algorithm>
#include <cmath>
#include <complex>
#include <cstdint>
#include <numbers>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace qasm_test {

using Complex = std::complex<double>;
using Matrix = std::vector<Complex>;  // square, row-major

inline constexpr double kPi = std::numbers::pi;
inline const Complex kI{0.0, 1.0};

// a*b without std::complex's inf/nan recovery path (which makes the 16-qubit corpus check slow).
inline Complex mul(const Complex& a, const Complex& b) {
  return {a.real() * b.real() - a.imag() * b.imag(), a.real() * b.imag() + a.imag() * b.real()};
}

inline std::size_t dimension(const Matrix& m) { return static_cast<std::size_t>(std::lround(std::sqrt(m.size()))); }

inline Matrix identity(std::size_t dim) {
  Matrix m(dim * dim);
  for (std::size_t i = 0; i < dim; ++i) m[i * dim + i] = 1.0;
  return m;
}

inline Matrix adjoint(const Matrix& m) {
  const std::size_t d = dimension(m);
  Matrix out(m.size());
  for (std::size_t r = 0; r < d; ++r)
    for (std::size_t c = 0; c < d; ++c) out[c * d + r] = std::conj(m[r * d + c]);
  return out;
}

inline Matrix scaled(Matrix m, Complex factor) {
  for (Complex& x : m) x *= factor;
  return m;
}

// |0><0| ⊗ I + |1><1| ⊗ base: the first wire controls.
inline Matrix controlled(const Matrix& base) {
  const std::size_t d = dimension(base);
  Matrix out = identity(2 * d);
  for (std::size_t r = 0; r < d; ++r)
    for (std::size_t c = 0; c < d; ++c) out[(d + r) * 2 * d + (d + c)] = base[r * d + c];
  return out;
}

inline Matrix controlled(const Matrix& base, int times) {
  Matrix out = base;
  for (int i = 0; i < times; ++i) out = controlled(out);
  return out;
}

// ---- single-qubit gates ----
inline Matrix pauli_x() { return {0, 1, 1, 0}; }
inline Matrix pauli_y() { return {0, -kI, kI, 0}; }
inline Matrix pauli_z() { return {1, 0, 0, -1}; }
inline Matrix hadamard() {
  const double h = 1.0 / std::sqrt(2.0);
  return {h, h, h, -h};
}
inline Matrix s_gate() { return {1, 0, 0, kI}; }
inline Matrix t_gate() { return {1, 0, 0, std::polar(1.0, kPi / 4)}; }
inline Matrix sx_gate() { return {Complex(0.5, 0.5), Complex(0.5, -0.5), Complex(0.5, -0.5), Complex(0.5, 0.5)}; }
inline Matrix phase_shift(double phi) { return {1, 0, 0, std::polar(1.0, phi)}; }
inline Matrix rx(double t) { return {std::cos(t / 2), -kI * std::sin(t / 2), -kI * std::sin(t / 2), std::cos(t / 2)}; }
inline Matrix ry(double t) { return {std::cos(t / 2), -std::sin(t / 2), std::sin(t / 2), std::cos(t / 2)}; }
inline Matrix rz(double t) { return {std::polar(1.0, -t / 2), 0, 0, std::polar(1.0, t / 2)}; }
// PennyLane: Rot(φ, θ, ω) = RZ(ω) RY(θ) RZ(φ), written out.
inline Matrix rot(double phi, double theta, double omega) {
  const double c = std::cos(theta / 2), s = std::sin(theta / 2);
  return {std::polar(c, -(phi + omega) / 2), -std::polar(s, (phi - omega) / 2), std::polar(s, -(phi - omega) / 2),
          std::polar(c, (phi + omega) / 2)};
}
// Qiskit's U(θ, φ, λ).
inline Matrix u_gate(double theta, double phi, double lambda) {
  const double c = std::cos(theta / 2), s = std::sin(theta / 2);
  return {c, -std::polar(s, lambda), std::polar(s, phi), std::polar(c, phi + lambda)};
}

// ---- two-qubit gates (first wire = most significant bit) ----
inline Matrix swap_gate() { return {1, 0, 0, 0, 0, 0, 1, 0, 0, 1, 0, 0, 0, 0, 0, 1}; }
inline Matrix ising_xx(double t) {
  const Complex c = std::cos(t / 2), s = -kI * std::sin(t / 2);
  return {c, 0, 0, s, 0, c, s, 0, 0, s, c, 0, s, 0, 0, c};
}
inline Matrix ising_zz(double t) {
  const Complex m = std::polar(1.0, -t / 2), p = std::polar(1.0, t / 2);
  return {m, 0, 0, 0, 0, p, 0, 0, 0, 0, p, 0, 0, 0, 0, m};
}

// Applies `gate` (acting on `wires`, wires[0] = most significant bit of the gate's index) to a state of
// `num_qubits` qubits, only where all `controls` are 1. Global qubit k is bit k of the state index.
inline void apply_to_state(std::vector<Complex>& state, std::size_t num_qubits, const Matrix& gate,
                           const std::vector<std::uint32_t>& wires, const std::vector<std::uint32_t>& controls = {}) {
  const std::size_t dim = std::size_t{1} << num_qubits;
  const std::size_t k = wires.size();
  const std::size_t local = std::size_t{1} << k;
  if (gate.size() != local * local || state.size() != dim) throw std::invalid_argument("gate does not match its wires");
  std::size_t busy = 0;
  for (auto w : wires) busy |= std::size_t{1} << w;
  std::size_t control_mask = 0;
  for (auto c : controls) control_mask |= std::size_t{1} << c;
  if ((busy & control_mask) != 0) throw std::invalid_argument("a wire is both target and control");
  std::vector<std::size_t> offset(local, 0);
  for (std::size_t j = 0; j < local; ++j)
    for (std::size_t b = 0; b < k; ++b)
      if ((j >> (k - 1 - b)) & 1) offset[j] |= std::size_t{1} << wires[b];
  std::vector<std::uint32_t> sorted(wires.begin(), wires.end());
  std::sort(sorted.begin(), sorted.end());
  std::vector<Complex> in(local);
  const bool single = k == 1;  // the common case, unrolled: the corpus check simulates 16-qubit circuits
  // Every index with the target bits clear: spread the bits of `i` around the (sorted) target positions.
  for (std::size_t i = 0; i < (dim >> k); ++i) {
    std::size_t base = i;
    for (std::uint32_t position : sorted) {
      const std::size_t low = base & ((std::size_t{1} << position) - 1);
      base = ((base >> position) << (position + 1)) | low;
    }
    if ((base & control_mask) != control_mask) continue;
    if (single) {
      const Complex a0 = state[base], a1 = state[base | offset[1]];
      state[base] = mul(gate[0], a0) + mul(gate[1], a1);
      state[base | offset[1]] = mul(gate[2], a0) + mul(gate[3], a1);
      continue;
    }
    for (std::size_t j = 0; j < local; ++j) in[j] = state[base | offset[j]];
    for (std::size_t r = 0; r < local; ++r) {
      Complex acc = 0;
      for (std::size_t c = 0; c < local; ++c) acc += mul(gate[r * local + c], in[c]);
      state[base | offset[r]] = acc;
    }
  }
}

// The same on every column of the n-qubit unitary `u`.
inline void apply(Matrix& u, std::size_t num_qubits, const Matrix& gate, const std::vector<std::uint32_t>& wires,
                  const std::vector<std::uint32_t>& controls = {}) {
  const std::size_t dim = std::size_t{1} << num_qubits;
  std::vector<Complex> column(dim);
  for (std::size_t col = 0; col < dim; ++col) {
    for (std::size_t row = 0; row < dim; ++row) column[row] = u[row * dim + col];
    apply_to_state(column, num_qubits, gate, wires, controls);
    for (std::size_t row = 0; row < dim; ++row) u[row * dim + col] = column[row];
  }
}

inline double max_difference(const Matrix& a, const Matrix& b) {
  if (a.size() != b.size()) return 1e300;
  double worst = 0;
  for (std::size_t i = 0; i < a.size(); ++i) worst = std::max(worst, std::abs(a[i] - b[i]));
  return worst;
}

// The textbook matrix of a PennyLane gate by name, or throws.
inline Matrix pennylane_matrix(std::string_view name, const std::vector<double>& p) {
  struct Entry {
    std::string_view name;
    std::size_t params;
    Matrix (*make)(const std::vector<double>&);
  };
  static const Entry kGates[] = {
      {"Identity", 0, [](const std::vector<double>&) { return identity(2); }},
      {"PauliX", 0, [](const std::vector<double>&) { return pauli_x(); }},
      {"PauliY", 0, [](const std::vector<double>&) { return pauli_y(); }},
      {"PauliZ", 0, [](const std::vector<double>&) { return pauli_z(); }},
      {"Hadamard", 0, [](const std::vector<double>&) { return hadamard(); }},
      {"S", 0, [](const std::vector<double>&) { return s_gate(); }},
      {"T", 0, [](const std::vector<double>&) { return t_gate(); }},
      {"SX", 0, [](const std::vector<double>&) { return sx_gate(); }},
      {"PhaseShift", 1, [](const std::vector<double>& a) { return phase_shift(a[0]); }},
      {"RX", 1, [](const std::vector<double>& a) { return rx(a[0]); }},
      {"RY", 1, [](const std::vector<double>& a) { return ry(a[0]); }},
      {"RZ", 1, [](const std::vector<double>& a) { return rz(a[0]); }},
      {"Rot", 3, [](const std::vector<double>& a) { return rot(a[0], a[1], a[2]); }},
      {"CNOT", 0, [](const std::vector<double>&) { return controlled(pauli_x()); }},
      {"CY", 0, [](const std::vector<double>&) { return controlled(pauli_y()); }},
      {"CZ", 0, [](const std::vector<double>&) { return controlled(pauli_z()); }},
      {"CH", 0, [](const std::vector<double>&) { return controlled(hadamard()); }},
      {"SWAP", 0, [](const std::vector<double>&) { return swap_gate(); }},
      {"CSWAP", 0, [](const std::vector<double>&) { return controlled(swap_gate()); }},
      {"Toffoli", 0, [](const std::vector<double>&) { return controlled(pauli_x(), 2); }},
      {"ControlledPhaseShift", 1, [](const std::vector<double>& a) { return controlled(phase_shift(a[0])); }},
      {"CRX", 1, [](const std::vector<double>& a) { return controlled(rx(a[0])); }},
      {"CRY", 1, [](const std::vector<double>& a) { return controlled(ry(a[0])); }},
      {"CRZ", 1, [](const std::vector<double>& a) { return controlled(rz(a[0])); }},
      {"CRot", 3, [](const std::vector<double>& a) { return controlled(rot(a[0], a[1], a[2])); }},
      {"IsingXX", 1, [](const std::vector<double>& a) { return ising_xx(a[0]); }},
      {"IsingZZ", 1, [](const std::vector<double>& a) { return ising_zz(a[0]); }},
      {"MultiRZ", 1, [](const std::vector<double>& a) { return ising_zz(a[0]); }},  // on two wires
  };
  for (const Entry& entry : kGates) {
    if (entry.name != name) continue;
    if (p.size() != entry.params) throw std::invalid_argument(std::string(name) + ": wrong parameter count");
    return entry.make(p);
  }
  throw std::invalid_argument("no textbook matrix for " + std::string(name));
}

}  // namespace qasm_test
