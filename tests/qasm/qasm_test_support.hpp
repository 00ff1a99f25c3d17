// Helpers shared by the front-end tests: unitaries of lowered / primitive programs (through the
// independent dense_unitary.hpp reference) and error assertions.
#pragma once

#include "dense_unitary.hpp"

#include <qrt/program/expansion.hpp>
#include <qrt/program/lowering.hpp>
#include <qrt/qasm/parser.hpp>

#include <catch2/catch.hpp>

#include <string>
#include <string_view>
#include <vector>

namespace qasm_test {

// The textbook matrix of one lowered Gate / Matrix operation, with its wires. GlobalPhase becomes a 1x1
// matrix on no wires (a scalar), which apply() handles like any other gate.
struct LoweredGate {
  Matrix matrix;
  std::vector<std::uint32_t> wires;
  std::vector<std::uint32_t> controls;
};

inline LoweredGate textbook_gate(const qrt::program::LoweredProgram& lowered,
                                 const qrt::program::LoweredOperation& op) {
  LoweredGate gate;
  const auto targets = lowered.targets(op);
  const auto controls = lowered.controls(op);
  for (std::uint8_t value : lowered.control_states(op)) REQUIRE(value == 1);
  gate.wires.assign(targets.begin(), targets.end());
  gate.controls.assign(controls.begin(), controls.end());
  if (op.kind == qrt::program::LoweredKind::Matrix) {
    const auto m = lowered.matrix(op);
    gate.matrix.assign(m.begin(), m.end());
  } else {
    REQUIRE(op.kind == qrt::program::LoweredKind::Gate);
    const auto params = lowered.params(op);
    const std::string name(lowered.gate_name(op));
    if (name == "GlobalPhase") {
      REQUIRE(params.size() == 1);
      REQUIRE(gate.wires.empty());
      gate.matrix = {std::polar(1.0, -params[0])};  // PennyLane: GlobalPhase(φ) = e^{-iφ}
    } else {
      gate.matrix = pennylane_matrix(name, std::vector<double>(params.begin(), params.end()));
    }
  }
  if (op.adjoint) gate.matrix = qasm_test::adjoint(gate.matrix);
  return gate;
}

// Unitary of a lowered program: product of its Gate / Matrix operations times e^{i global_phase}.
inline Matrix unitary_of(const qrt::program::LoweredProgram& lowered) {
  Matrix u = identity(std::size_t{1} << lowered.num_qubits);
  for (const auto& op : lowered.operations) {
    if (op.kind == qrt::program::LoweredKind::Barrier) continue;
    const LoweredGate gate = textbook_gate(lowered, op);
    apply(u, lowered.num_qubits, gate.matrix, gate.wires, gate.controls);
  }
  return scaled(u, std::polar(1.0, lowered.global_phase));
}

// The final state of a lowered program run from |0...0> with measure, reset and every conditional
// operation left out (as the corpus references were computed).
inline std::vector<Complex> unitary_part_state(const qrt::program::LoweredProgram& lowered) {
  std::vector<Complex> state(std::size_t{1} << lowered.num_qubits);
  state[0] = 1.0;
  for (const auto& op : lowered.operations) {
    if (op.condition || (op.kind != qrt::program::LoweredKind::Gate && op.kind != qrt::program::LoweredKind::Matrix))
      continue;
    const LoweredGate gate = textbook_gate(lowered, op);
    apply_to_state(state, lowered.num_qubits, gate.matrix, gate.wires, gate.controls);
  }
  return state;
}

// Unitary of a program whose gates are all U or CX (expand_to_primitives output).
inline Matrix unitary_of_primitives(const qrt::program::Program& program) {
  Matrix u = identity(std::size_t{1} << program.num_qubits);
  for (const auto& op : program.operations) {
    if (op.kind == qrt::program::OpKind::Barrier) continue;
    REQUIRE(op.kind == qrt::program::OpKind::Gate);
    const auto q = program.qubits(op);
    const auto p = program.params(op);
    if (op.gate == qrt::program::Program::kGateU) {
      REQUIRE(p.size() == 3);
      apply(u, program.num_qubits, u_gate(p[0], p[1], p[2]), {q[0]});
    } else {
      REQUIRE(op.gate == qrt::program::Program::kGateCX);
      apply(u, program.num_qubits, pauli_x(), {q[1]}, {q[0]});
    }
  }
  return u;
}

inline Matrix expanded_unitary(const qrt::program::Program& program) {
  return unitary_of_primitives(qrt::program::expand_to_primitives(program));
}

inline qrt::program::Program parse(std::string_view source) { return qrt::qasm::parse_string(source, "test.qasm"); }

// Parsing `source` fails at line:column with a message containing `text`.
inline void require_parse_error(std::string_view source, std::uint32_t line, std::uint32_t column,
                                std::string_view text) {
  INFO(source);
  try {
    (void)qrt::qasm::parse_string(source, "test.qasm");
    FAIL("expected a parse error containing: " << text);
  } catch (const qrt::program::Error& error) {
    INFO(error.what());
    CHECK(error.file() == "test.qasm");
    CHECK(error.line() == line);
    CHECK(error.column() == column);
    CHECK_THAT(error.message(), Catch::Matchers::Contains(std::string(text)));
  }
}

}  // namespace qasm_test
