// Building errors that quote a source file, for code that runs before a Program exists (the lexer).
#pragma once

#include <qrt/qasm/error.hpp>
#include <qrt/qasm/source.hpp>

#include <string>

namespace qrt::qasm::detail {

inline Error error_in(const SourceFile& file, std::uint32_t line, std::uint32_t column, std::string message) {
  Diagnostic d;
  d.severity = Severity::Error;
  d.file = file.name();
  d.line = line;
  d.column = column;
  d.message = std::move(message);
  d.source_line = std::string(file.line(line));
  return Error(std::move(d));
}

}  // namespace qrt::qasm::detail
