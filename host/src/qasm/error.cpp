#include <qrt/qasm/error.hpp>

#include <algorithm>

namespace qrt::qasm {
namespace {

// Lines longer than this are quoted as a window around the column, so a one-line megabyte file
// does not produce a megabyte message.
constexpr std::size_t kMaxExcerpt = 160;

// Control bytes would garble a terminal; tabs are kept so that the caret stays aligned.
char printable(char c) {
  const auto byte = static_cast<unsigned char>(c);
  return (byte < 0x20 && c != '\t') || byte == 0x7f ? ' ' : c;
}

void append_excerpt(std::string& out, const std::string& line, std::uint32_t column) {
  std::size_t caret = column > 0 ? column - 1 : 0;
  std::size_t begin = 0;
  std::size_t end = line.size();
  std::string prefix;
  if (line.size() > kMaxExcerpt) {
    begin = caret > kMaxExcerpt / 2 ? caret - kMaxExcerpt / 2 : 0;
    end = std::min(line.size(), begin + kMaxExcerpt);
    if (begin > 0) prefix = "...";
  }
  out += "\n  ";
  out += prefix;
  for (std::size_t i = begin; i < end; ++i) out += printable(line[i]);
  if (end < line.size()) out += "...";
  out += "\n  ";
  out.append(prefix.size(), ' ');
  for (std::size_t i = begin; i < caret; ++i) out += i < line.size() && line[i] == '\t' ? '\t' : ' ';
  out += '^';
}

Diagnostic with_error_severity(Diagnostic diagnostic) {
  diagnostic.severity = Severity::Error;
  return diagnostic;
}

}  // namespace

std::string Diagnostic::format() const {
  std::string out = file;
  if (line > 0) out += ':' + std::to_string(line) + ':' + std::to_string(column);
  out += severity == Severity::Error ? ": error: " : ": warning: ";
  out += message;
  if (line > 0 && !source_line.empty()) append_excerpt(out, source_line, column);
  return out;
}

Error::Error(Diagnostic diagnostic)
    : std::runtime_error(with_error_severity(diagnostic).format()),
      diagnostic_(with_error_severity(std::move(diagnostic))) {}

}  // namespace qrt::qasm
