// qrt::program::Program — a circuit read once by a front end (OpenQASM today) into a device-independent
// form that no front end owns.
//
//  - Qubits: every qreg concatenated in declaration order; the first qreg gets the lowest global
//    indices (qreg a[2]; qreg b[3]; -> a[0]=0, a[1]=1, b[0]=2, ...). Classical bits likewise.
//  - Operations: a flat list in program order, after register broadcasting (`h q;` on a 3-qubit register
//    is three operations). Gate operations name an entry of the gate table and carry evaluated real
//    parameters; they are not expanded (see expand_to_primitives() and lower() for that).
//  - Parameters and qubit lists of all operations live in two shared pools (Program::parameters,
//    Program::operands); an Operation holds ranges into them. Use params() / qubits() to read them.
//  - Free parameters: a program may leave names in its top-level gate arguments unbound (`rx(theta/2)
//    q[0];`, OpenQASM with qasm::ParseOptions::free_parameters). It is read once and bound many times:
//    lowering takes the values (LoweringOptions::parameters), or bind() makes a plain copy
//    (qrt/program/parameters.hpp). Until then the slots of those arguments in `parameters` hold NaN.
//
// Gate semantics follow qelib1.inc with Qiskit's matrix for U (see lowering.hpp, "Conventions").
#pragma once

#include <qrt/program/error.hpp>
#include <qrt/program/gate.hpp>
#include <qrt/program/source.hpp>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace qrt::program {

// A contiguous slice [offset, offset + count) of one of a program's pools.
struct IndexRange {
  std::uint32_t offset = 0;
  std::uint32_t count = 0;
};

struct Register {
  std::string name;
  std::uint32_t offset = 0;  // global index of element 0
  std::uint32_t size = 0;
  SourcePos pos;
};

// `if (creg == value)`: the operation runs only when the bits [offset, offset + size) of the classical
// bit array, read as an unsigned integer with bit `offset` least significant, equal `value`. Registers
// wider than 64 bits compare their upper bits against 0.
struct Condition {
  std::uint32_t creg = 0;  // index into Program::cregs
  std::uint32_t offset = 0;
  std::uint32_t size = 0;
  std::uint64_t value = 0;
};

enum class OpKind : std::uint8_t {
  Gate,     // gate(params) qubits...  (qubits: the gate's arguments in order)
  Measure,  // measure qubits[0] -> clbit
  Reset,    // reset qubits[0]
  Barrier,  // barrier qubits...      (one operation for the whole list, duplicates removed)
};

struct Operation {
  OpKind kind = OpKind::Gate;
  std::uint32_t gate = 0;   // Gate: index into Program::gates
  IndexRange params;        // Gate: into Program::parameters
  IndexRange qubits;        // into Program::operands (global qubit indices)
  std::uint32_t clbit = 0;  // Measure: global classical bit index
  std::optional<Condition> condition;
  SourcePos pos;  // the statement's gate name / keyword
};

// A top-level gate argument that uses a free parameter: Program::parameters[parameter] is `expression`
// evaluated with its Parameter nodes indexing Program::free_parameters.
struct SymbolicArgument {
  std::uint32_t parameter = 0;
  Expression expression;
};

struct Program {
  static constexpr std::uint32_t kGateU = 0;   // gates[0] is always U(theta,phi,lambda)
  static constexpr std::uint32_t kGateCX = 1;  // gates[1] is always CX

  std::uint32_t num_qubits = 0;
  std::uint32_t num_clbits = 0;
  std::vector<Register> qregs;  // declaration order
  std::vector<Register> cregs;
  std::vector<GateDefinition> gates;  // U, CX, then every definition in declaration order
  std::vector<Operation> operations;
  std::vector<double> parameters;       // pool for Operation::params
  std::vector<std::uint32_t> operands;  // pool for Operation::qubits
  // The free parameters the top-level arguments use, first use first (a stable order: the order of the
  // source), and every argument that uses one, in increasing `parameter` order. Empty for a plain program.
  std::vector<std::string> free_parameters;
  std::vector<SymbolicArgument> symbolic_arguments;
  std::vector<Diagnostic> warnings;  // e.g. a missing `OPENQASM 2.0;` header
  // Every file read (the main file, includes, the built-in qelib1.inc); SourcePos::file indexes this.
  std::vector<std::shared_ptr<const SourceFile>> sources;

  std::span<const double> params(const Operation& op) const noexcept {
    return {parameters.data() + op.params.offset, op.params.count};
  }
  std::span<const std::uint32_t> qubits(const Operation& op) const noexcept {
    return {operands.data() + op.qubits.offset, op.qubits.count};
  }
  const GateDefinition& gate(const Operation& op) const { return gates.at(op.gate); }

  // A Program with this one's qubits, registers, gate table, warnings and sources, and no operations:
  // the start of a program derived from this one (an expansion, a lowering).
  Program declarations_only() const;

  std::optional<std::uint32_t> find_gate(std::string_view name) const noexcept;
  const Register* find_qreg(std::string_view name) const noexcept;
  const Register* find_creg(std::string_view name) const noexcept;
  // Number of Gate operations (after broadcasting; measure, reset and barrier excluded).
  std::size_t gate_count() const noexcept;

  // "file:line:col" for messages.
  std::string describe(SourcePos pos) const;
  // A diagnostic / error at `pos` quoting the source line; for runtime errors of an executor too.
  Diagnostic diagnostic(SourcePos pos, Severity severity, std::string message) const;
  Error error_at(SourcePos pos, std::string message) const;
};

}  // namespace qrt::program
