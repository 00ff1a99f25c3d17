// The programs of `qrt batch`: the files named (every *.qasm, *.ll and *.bc below a folder, recursively, in
// path order), each loaded once, by the first worker that needs it, however many grid points run it.
#pragma once

#include <qrt/loaded_program.hpp>

#include <filesystem>
#include <future>
#include <memory>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

namespace qrt::cli {

// Throws qrt::Error(NotFound) for a folder without programs.
std::vector<std::filesystem::path> batch_files(const std::vector<std::string>& inputs);

class BatchPrograms {
 public:
  explicit BatchPrograms(std::vector<std::filesystem::path> files);
  const std::vector<std::filesystem::path>& files() const { return files_; }
  // Program `index` of files(), loaded on first use (any thread; later callers wait for it), and the seconds
  // this call spent loading it (0 when an earlier call did). A program that does not load throws its error
  // to every caller.
  std::pair<LoadedProgram, double> get(std::size_t index);

 private:
  std::vector<std::filesystem::path> files_;
  std::mutex mutex_;
  std::vector<std::shared_future<LoadedProgram>> loaded_;  // invalid until first asked for
};

}  // namespace qrt::cli
