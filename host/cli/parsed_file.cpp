#include "parsed_file.hpp"

#include <qrt/qasm/parser.hpp>

#include <chrono>

namespace qrt::cli {

std::pair<std::shared_ptr<const program::Program>, double> ParsedFile::get() {
  double seconds = 0;
  std::call_once(once_, [&] {
    const auto start = std::chrono::steady_clock::now();
    try {
      qasm::ParseOptions options;
      options.free_parameters = true;
      program_ = std::make_shared<const program::Program>(qasm::parse_file(file_, options));
    } catch (...) {  // kept, so that the file is parsed once whatever the outcome
      error_ = std::current_exception();
    }
    seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  });
  if (error_) std::rethrow_exception(error_);
  return {program_, seconds};
}

}  // namespace qrt::cli
