// Reading a straight-line entry point into the program model instead of compiling it: the base profile
// (and adaptive code that never reads a result) is a list of gate, measurement, reset and output calls
// with constant operands, which runs like an OpenQASM circuit (fused; sampled once when every measurement
// is terminal). Anything else is left to the JIT.
#pragma once

#include <qrt/program/program.hpp>
#include <qrt/qir/program.hpp>

#include <llvm/IR/Function.h>

#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace qrt::qir {

// One output call of the program, in program order.
struct RecordStep {
  EventKind kind = EventKind::Result;
  std::string value;                   // the value when it is a constant (a result never measured reads "0")
  std::optional<std::uint32_t> clbit;  // a result: the classical bit of the last measurement into it
  std::string label;
  bool labelled = false;
};

// The program as a circuit: one qreg q (qubit id k = q[k]) and one creg c with a bit per measurement call
// in program order (a result measured twice reads the bit of the measurement before its record).
// An operation's position (SourcePos::line) is 1 + the index in `functions` of the call it came from, so
// that an error names that function as the runtime's errors do.
struct StraightLineCircuit {
  program::Program program;
  std::vector<RecordStep> records;
  std::vector<std::string> functions;
};

// The circuit, or why the entry point needs the JIT (a sentence naming the instruction).
std::variant<StraightLineCircuit, std::string> read_straight_line(const llvm::Function& entry,
                                                                  std::uint64_t required_qubits);

}  // namespace qrt::qir
