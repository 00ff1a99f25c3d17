// What the built-in qelib1.inc means: each gate, expanded to U and CX (Qiskit's U matrix), equals its
// textbook matrix exactly — including the documented global phases. This pins down the conventions that
// the lowering rules rely on, independently of the lowering.
#include "qasm_test_support.hpp"

#include <functional>
#include <sstream>

using namespace qasm_test;

namespace {

const std::vector<double> kParams{0.7311, -1.2783, 2.4097, 0.4419};

// Expansion of `gate(params) q[0], ..., q[n-1];` (first argument = first wire of the textbook matrix).
Matrix expansion_of(const std::string& gate, std::size_t num_params, std::size_t num_qubits) {
  std::ostringstream source;
  source.precision(17);
  source << "OPENQASM 2.0;\ninclude \"qelib1.inc\";\nqreg q[" << num_qubits << "];\n" << gate;
  for (std::size_t i = 0; i < num_params; ++i) source << (i == 0 ? "(" : ", ") << kParams[i];
  source << (num_params > 0 ? ") " : " ");
  for (std::size_t i = 0; i < num_qubits; ++i) source << (i == 0 ? "" : ", ") << "q[" << i << "]";
  source << ";\n";
  return expanded_unitary(parse(source.str()));
}

Matrix on_wires(const Matrix& gate, std::size_t num_qubits) {
  std::vector<std::uint32_t> wires(num_qubits);
  for (std::size_t i = 0; i < num_qubits; ++i) wires[i] = static_cast<std::uint32_t>(i);
  Matrix u = identity(std::size_t{1} << num_qubits);
  apply(u, num_qubits, gate, wires);
  return u;
}

struct Case {
  std::string gate;
  std::size_t params;
  std::size_t qubits;
  Matrix textbook;
};

}  // namespace

TEST_CASE("qasm: the test's textbook Rot is RZ·RY·RZ", "[qasm][qelib1]") {
  Matrix product = identity(2);
  apply(product, 1, rz(0.3), {0});
  apply(product, 1, ry(-1.1), {0});
  apply(product, 1, rz(2.2), {0});
  CHECK(max_difference(product, rot(0.3, -1.1, 2.2)) < 1e-15);
}

TEST_CASE("qasm: every qelib1 gate equals its textbook matrix exactly", "[qasm][qelib1]") {
  const double t = kParams[0], f = kParams[1], l = kParams[2], g = kParams[3];
  const std::vector<Case> cases = {
      {"id", 0, 1, identity(2)},
      {"u0", 1, 1, identity(2)},
      {"x", 0, 1, pauli_x()},
      {"y", 0, 1, pauli_y()},
      {"z", 0, 1, pauli_z()},
      {"h", 0, 1, hadamard()},
      {"s", 0, 1, s_gate()},
      {"sdg", 0, 1, adjoint(s_gate())},
      {"t", 0, 1, t_gate()},
      {"tdg", 0, 1, adjoint(t_gate())},
      {"sx", 0, 1, scaled(sx_gate(), std::polar(1.0, -kPi / 4))},
      {"sxdg", 0, 1, scaled(adjoint(sx_gate()), std::polar(1.0, kPi / 4))},
      {"rx", 1, 1, rx(t)},
      {"ry", 1, 1, ry(t)},
      {"rz", 1, 1, phase_shift(t)},
      {"rz", 1, 1, scaled(rz(t), std::polar(1.0, t / 2))},
      {"u1", 1, 1, phase_shift(t)},
      {"p", 1, 1, phase_shift(t)},
      {"u3", 3, 1, u_gate(t, f, l)},
      {"u3", 3, 1, scaled(rot(l, t, f), std::polar(1.0, (f + l) / 2))},
      {"u", 3, 1, u_gate(t, f, l)},
      {"u2", 2, 1, u_gate(kPi / 2, t, f)},
      {"cx", 0, 2, controlled(pauli_x())},
      {"cy", 0, 2, controlled(pauli_y())},
      {"cz", 0, 2, controlled(pauli_z())},
      {"ch", 0, 2, scaled(controlled(hadamard()), std::polar(1.0, kPi / 4))},
      {"swap", 0, 2, swap_gate()},
      {"crx", 1, 2, controlled(rx(t))},
      {"cry", 1, 2, controlled(ry(t))},
      {"crz", 1, 2, controlled(rz(t))},
      {"cu1", 1, 2, controlled(phase_shift(t))},
      {"cp", 1, 2, controlled(phase_shift(t))},
      {"cu3", 3, 2, controlled(u_gate(t, f, l))},
      {"cu", 4, 2, controlled(scaled(u_gate(t, f, l), std::polar(1.0, g)))},
      {"csx", 0, 2, controlled(sx_gate())},
      {"rxx", 1, 2, scaled(ising_xx(t), std::polar(1.0, -t / 2))},
      {"rzz", 1, 2, scaled(ising_zz(t), std::polar(1.0, t / 2))},
      {"ccx", 0, 3, controlled(pauli_x(), 2)},
      {"cswap", 0, 3, controlled(swap_gate())},
      {"c3x", 0, 4, controlled(pauli_x(), 3)},
      {"c3sqrtx", 0, 4, controlled(sx_gate(), 3)},
      {"c4x", 0, 5, controlled(pauli_x(), 4)},
  };
  for (const Case& c : cases) {
    INFO(c.gate);
    CHECK(max_difference(expansion_of(c.gate, c.params, c.qubits), on_wires(c.textbook, c.qubits)) < 1e-12);
  }
}

TEST_CASE("qasm: rccx and rc3x are Toffoli and C3X up to relative phases", "[qasm][qelib1]") {
  for (const auto& [gate, qubits, controls] :
       {std::tuple{"rccx", std::size_t{3}, 2}, std::tuple{"rc3x", std::size_t{4}, 3}}) {
    INFO(gate);
    const Matrix got = expansion_of(gate, 0, qubits);
    const Matrix want = on_wires(controlled(pauli_x(), controls), qubits);
    // got = D · want for a diagonal unitary D: every entry has the modulus of the textbook one, and
    // got · want† is diagonal.
    const std::size_t d = std::size_t{1} << qubits;
    Matrix product(d * d);
    const Matrix want_dagger = adjoint(want);
    for (std::size_t r = 0; r < d; ++r)
      for (std::size_t c = 0; c < d; ++c) {
        CHECK(std::abs(std::abs(got[r * d + c]) - std::abs(want[r * d + c])) < 1e-12);
        Complex acc = 0;
        for (std::size_t k = 0; k < d; ++k) acc += got[r * d + k] * want_dagger[k * d + c];
        if (r != c) CHECK(std::abs(acc) < 1e-12);
      }
  }
}
