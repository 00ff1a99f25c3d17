#include "stdin_program.hpp"

#include <qrt/error.hpp>

#include <fstream>
#include <iostream>
#include <iterator>
#include <unistd.h>

namespace qrt::cli {

StdinProgram::StdinProgram() {
  text_.assign(std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>());
  std::string pattern = (std::filesystem::temp_directory_path() / "qrt-stdin-XXXXXX").string();
  const int fd = ::mkstemp(pattern.data());
  if (fd < 0) throw Error(ErrorCode::Internal, "cannot create a temporary file for standard input");
  ::close(fd);
  path_ = pattern;
  std::ofstream(path_, std::ios::binary) << text_;
}

StdinProgram::~StdinProgram() {
  std::error_code ignored;
  std::filesystem::remove(path_, ignored);
}

}  // namespace qrt::cli
