// `qrt run -`: the program from standard input, kept in a temporary file for as long as the run needs it
// (the QIR front end reads a file).
#pragma once

#include <filesystem>
#include <string>

namespace qrt::cli {

class StdinProgram {
 public:
  StdinProgram();  // reads standard input to its end; throws qrt::Error when the file cannot be made
  ~StdinProgram();
  StdinProgram(const StdinProgram&) = delete;
  StdinProgram& operator=(const StdinProgram&) = delete;
  const std::string& text() const { return text_; }
  const std::filesystem::path& path() const { return path_; }

 private:
  std::string text_;
  std::filesystem::path path_;
};

}  // namespace qrt::cli
