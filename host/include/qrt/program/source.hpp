// Source texts and positions. A Program keeps every file it was parsed from, so that errors found
// later (during lowering or execution) can still quote the offending line.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace qrt::program {

// A position in one of a Program's source files: `file` indexes Program::sources; line and column
// are 1-based (columns count bytes). line == 0 means "no position" (e.g. a file that cannot be opened).
struct SourcePos {
  std::uint32_t file = 0;
  std::uint32_t line = 0;
  std::uint32_t column = 0;
};

class SourceFile {
 public:
  SourceFile(std::string name, std::string text);

  // The name used in messages: the path as given for files, "qelib1.inc" for the built-in library.
  const std::string& name() const noexcept { return name_; }
  const std::string& text() const noexcept { return text_; }
  // The text of a 1-based line without its line terminator; empty when out of range.
  std::string_view line(std::uint32_t line_number) const noexcept;

 private:
  std::string name_;
  std::string text_;
  std::vector<std::uint32_t> line_starts_;  // byte offset of each line's first character
};

}  // namespace qrt::program
