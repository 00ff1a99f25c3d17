// Building errors that quote a source file, for code that runs before a Program exists (the lexer).
#pragma once

#include <qrt/program/error.hpp>
#include <qrt/program/source.hpp>

#include <string>

namespace qrt::qasm::detail {

inline program::Error error_in(const program::SourceFile& file, std::uint32_t line, std::uint32_t column,
                               std::string message) {
  program::Diagnostic d;
  d.severity = program::Severity::Error;
  d.file = file.name();
  d.line = line;
  d.column = column;
  d.message = std::move(message);
  d.source_line = std::string(file.line(line));
  return program::Error(std::move(d));
}

}  // namespace qrt::qasm::detail
