// An OpenQASM file of `qrt batch`, parsed once by the first of its runs to need it (its free parameters
// left free: each run binds its own grid point) and shared by all of them. A file that does not parse
// gives every one of its runs the same error, without parsing it again.
#pragma once

#include <qrt/program/program.hpp>

#include <exception>
#include <filesystem>
#include <memory>
#include <mutex>
#include <utility>

namespace qrt::cli {

class ParsedFile {
 public:
  explicit ParsedFile(std::filesystem::path file) : file_(std::move(file)) {}
  ParsedFile(const ParsedFile&) = delete;
  ParsedFile& operator=(const ParsedFile&) = delete;

  // The program and the seconds this call spent parsing it (0 when an earlier call did). Thread-safe;
  // callers that come while it is being parsed wait for it. Throws the parse error.
  std::pair<std::shared_ptr<const program::Program>, double> get();

 private:
  std::filesystem::path file_;
  std::once_flag once_;
  std::shared_ptr<const program::Program> program_;
  std::exception_ptr error_;
};

}  // namespace qrt::cli
