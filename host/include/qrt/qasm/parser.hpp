// Parsing OpenQASM 2.0 (Cross et al., arXiv:1707.03429) into a Program.
//
//   qrt::program::Program program = qrt::qasm::parse_file("circuit.qasm");
//   for (const auto& warning : program.warnings) std::cerr << warning.format() << '\n';
//
// Every problem in the input throws qrt::program::Error with the file, line, column and a caret excerpt.
//
// Accepted language: the whole of OpenQASM 2.0 — header, include, qreg/creg, gate (nested, parameters),
// opaque, U, CX, broadcasting over registers, measure, reset, barrier, if (creg == n), expressions with
// pi + - * / ^, unary minus, sin cos tan exp ln sqrt, and real/integer literals. Deliberate choices:
//  - A missing `OPENQASM 2.0;` header is a warning (Program::warnings), not an error.
//  - `include "qelib1.inc"` always means the built-in library, never a file of that name on disk: the
//    program model's standard gates (qrt/program/gate_library.hpp: the gates of Qiskit's final
//    qelib1.inc, with sx, sxdg, p, cp, u, csx, cu, ...), taken as data, not parsed. Other
//    includes resolve against the including file's directory, then ParseOptions::include_paths.
//  - `^` binds tighter than unary minus and is right-associative: -2^2 = -4, 2^3^2 = 512.
//  - Identifiers may also start with an upper-case letter or '_' (the paper asks for lower case).
//  - Gates and registers share one namespace: `qreg h[1];` after including qelib1.inc is a duplicate.
//  - `1e3` (exponent without a dot) is a real literal.
#pragma once

#include <qrt/program/program.hpp>

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace qrt::qasm {

// Limits that keep any input, however hostile, from exhausting memory or the stack.
struct ParseOptions {
  std::vector<std::filesystem::path> include_paths;   // searched after the including file's folder
  std::uint32_t max_qubits = 1u << 16;                // sum of all qreg sizes
  std::uint32_t max_clbits = 1u << 16;                // sum of all creg sizes
  std::size_t max_operations = std::size_t{1} << 24;  // after broadcasting; 4x as many qubit operands
  std::uint32_t max_gate_depth = 64;                  // nesting of gate definitions
  std::uint32_t max_expression_depth = 128;           // nesting of parentheses / operators
  std::uint32_t max_include_depth = 32;
  std::size_t max_file_bytes = std::size_t{1} << 28;
  // Extension for parameter sweeps and gradients (not OpenQASM 2.0): an identifier with no other meaning
  // in the expressions of top-level gate arguments, e.g. `theta` in `rx(theta/2) q[0];`, is a free
  // parameter of the Program (Program::free_parameters), bound later (qrt/program/parameters.hpp). Gate
  // parameters, pi and the functions take precedence inside their scopes. false: plain OpenQASM 2, and
  // such an identifier is an "unknown identifier" error.
  bool free_parameters = false;
};

program::Program parse_file(const std::filesystem::path& path, const ParseOptions& options = {});

// Parses `source`; `name` is used in messages and its folder is the base for relative includes.
program::Program parse_string(std::string_view source, const std::string& name = "<input>",
                              const ParseOptions& options = {});

}  // namespace qrt::qasm
