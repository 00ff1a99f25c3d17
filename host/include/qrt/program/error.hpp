// Diagnostics of the program model: warnings collected in the Program, and qrt::program::Error, the
// exception thrown for every invalid input (a front end's syntax and semantics, limits, lowering) and
// for run-time errors that quote a statement.
//
// Formatted like a compiler message, with the source line and a caret under the column:
//
//   circuit.qasm:3:4: error: unknown gate 'hh' (did you mean 'h'?)
//     hh q[0];
//     ^
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>

namespace qrt::program {

enum class Severity : std::uint8_t { Warning, Error };

struct Diagnostic {
  Severity severity = Severity::Error;
  std::string file;          // file name as given (OpenQASM: "qelib1.inc" for the built-in library)
  std::uint32_t line = 0;    // 1-based; 0 when the message is about the file as a whole
  std::uint32_t column = 0;  // 1-based byte column
  std::string message;       // the bare message, without position or excerpt
  std::string source_line;   // the text of `line`, quoted under the message; may be empty

  // "file:line:column: error: message" followed by the source line and a caret.
  std::string format() const;
};

class Error : public std::runtime_error {
 public:
  explicit Error(Diagnostic diagnostic);

  const Diagnostic& diagnostic() const noexcept { return diagnostic_; }
  const std::string& file() const noexcept { return diagnostic_.file; }
  std::uint32_t line() const noexcept { return diagnostic_.line; }
  std::uint32_t column() const noexcept { return diagnostic_.column; }
  const std::string& message() const noexcept { return diagnostic_.message; }

 private:
  Diagnostic diagnostic_;
};

}  // namespace qrt::program
