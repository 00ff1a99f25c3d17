#include "batch_programs.hpp"

#include <qrt/error.hpp>
#include <qrt/load_program.hpp>

#include <algorithm>
#include <chrono>

namespace qrt::cli {

namespace fs = std::filesystem;

std::vector<fs::path> batch_files(const std::vector<std::string>& inputs) {
  std::vector<fs::path> files;
  for (const auto& input : inputs) {
    const fs::path path(input);
    if (!fs::is_directory(path)) {
      files.push_back(path);
      continue;
    }
    std::vector<fs::path> found;
    for (const auto& entry : fs::recursive_directory_iterator(path))
      if (entry.is_regular_file() && (entry.path().extension() == ".qasm" || entry.path().extension() == ".ll" ||
                                      entry.path().extension() == ".bc"))
        found.push_back(entry.path());
    if (found.empty()) throw Error(ErrorCode::NotFound, "no .qasm, .ll or .bc files under " + input);
    std::sort(found.begin(), found.end());
    files.insert(files.end(), found.begin(), found.end());
  }
  return files;
}

BatchPrograms::BatchPrograms(std::vector<fs::path> files) : files_(std::move(files)), loaded_(files_.size()) {}

std::pair<LoadedProgram, double> BatchPrograms::get(std::size_t index) {
  std::promise<LoadedProgram> promise;
  std::shared_future<LoadedProgram> future;
  bool loads_it = false;
  {
    std::lock_guard lock(mutex_);
    if (!loaded_.at(index).valid()) {
      loaded_[index] = promise.get_future().share();
      loads_it = true;
    }
    future = loaded_[index];
  }
  double seconds = 0;
  if (loads_it) {  // loaded outside the lock: other files load meanwhile, and callers of this one wait below
    const auto start = std::chrono::steady_clock::now();
    try {
      promise.set_value(load_program(files_[index]));
    } catch (...) {
      promise.set_exception(std::current_exception());
    }
    seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  }
  return {future.get(), seconds};
}

}  // namespace qrt::cli
