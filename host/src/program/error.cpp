#include <qrt/program/error.hpp>

#include <algorithm>

namespace qrt::program {
namespace {

// Lines longer than this are quoted as a window around the column, so a one-line megabyte file
// does not produce a megabyte message.
constexpr std::size_t kMaxExcerpt = 160;

// Length of the well-formed UTF-8 sequence (2 to 4 bytes) at line[i], or 0.
std::size_t utf8_length(const std::string& line, std::size_t i) {
  const auto lead = static_cast<unsigned char>(line[i]);
  const std::size_t n = lead >= 0xC2 && lead <= 0xDF   ? 2
                        : lead >= 0xE0 && lead <= 0xEF ? 3
                        : lead >= 0xF0 && lead <= 0xF4 ? 4
                                                       : 0;
  if (n == 0 || i + n > line.size()) return 0;
  for (std::size_t k = 1; k < n; ++k)
    if ((static_cast<unsigned char>(line[i + k]) & 0xC0) != 0x80) return 0;
  if (n == 2 && lead == 0xC2 && static_cast<unsigned char>(line[i + 1]) < 0xA0)
    return 0;  // C1 control characters (U+0080..U+009F) act on terminals: shown as bytes
  if (n == 3 && lead == 0xEF && static_cast<unsigned char>(line[i + 1]) == 0xBB &&
      static_cast<unsigned char>(line[i + 2]) == 0xBF)
    return 0;  // a byte order mark is invisible: shown as its bytes
  return n;
}

// One shown character of the excerpt, starting at line[i]: printable ASCII and tabs (kept so that the
// caret stays aligned) as they are, well-formed UTF-8 as one character, any other byte (control bytes,
// binary) as \xNN, so that a binary file cannot garble the terminal. Returns the bytes consumed.
std::size_t shown(const std::string& line, std::size_t i, std::string& text, std::size_t& width) {
  const auto byte = static_cast<unsigned char>(line[i]);
  if ((byte >= 0x20 && byte < 0x7f) || byte == '\t') {
    text.assign(1, line[i]);
    width = 1;
    return 1;
  }
  if (const std::size_t n = utf8_length(line, i)) {
    text = line.substr(i, n);
    width = 1;
    return n;
  }
  static constexpr char kHex[] = "0123456789ABCDEF";
  text = {'\\', 'x', kHex[byte >> 4], kHex[byte & 0xF]};
  width = 4;
  return 1;
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
  std::string excerpt, pad(prefix.size(), ' '), text;
  std::size_t width = 0;
  std::size_t i = begin;
  while (i < end) {
    const std::size_t used = shown(line, i, text, width);
    excerpt += text;
    if (i < caret) pad += line[i] == '\t' ? std::string(1, '\t') : std::string(width, ' ');
    i += used;
  }
  for (; i < caret; ++i) pad += ' ';  // a caret just past the end of the line
  out += "\n  " + prefix + excerpt;
  if (end < line.size()) out += "...";
  out += "\n  " + pad + '^';
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

}  // namespace qrt::program
