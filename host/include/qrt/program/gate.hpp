// The gate definition table of a Program: the primitives U and CX, the built-in library's gates (qelib1.inc
// in OpenQASM, when included), the program's own gate definitions and opaque declarations.
#pragma once

#include <qrt/program/expression.hpp>
#include <qrt/program/source.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace qrt::program {

enum class GateKind : std::uint8_t {
  Primitive,  // U(theta,phi,lambda) and CX: the only gates with a meaning of their own
  Defined,    // `gate name(params) qubits { body }`
  Opaque,     // `opaque name(params) qubits;` — only a device that reports the gate can run it
};

// One gate application inside a body: an earlier gate applied to the enclosing gate's formal qubits.
struct GateCall {
  std::uint32_t gate = 0;             // index into Program::gates
  std::vector<Expression> params;     // in terms of the enclosing gate's parameters
  std::vector<std::uint32_t> qubits;  // indices into the enclosing gate's formal qubits, all distinct
  SourcePos pos;                      // the gate name of the call
};

struct GateDefinition {
  std::string name;
  GateKind kind = GateKind::Defined;
  std::vector<std::string> params;  // formal parameter names
  std::vector<std::string> qubits;  // formal qubit names (at least one)
  std::vector<GateCall> body;       // Defined only. Barriers inside bodies are checked, then dropped:
                                    // they do not change the expansion.
  // True for U, CX and the gates of the built-in qelib1.inc. Only these may be lowered to native device
  // gates by name; a user's own gate called e.g. `h` is always expanded through its body.
  bool builtin = false;
  // Nesting depth of the definition: 0 for primitives and opaque gates, 1 + the deepest callee otherwise.
  std::uint32_t depth = 0;
  SourcePos pos;  // where the name was declared (line 0 for U and CX)
};

}  // namespace qrt::program
