// Reading /proc while other tests run beside this one: a process may exit between listing /proc and
// reading its files, and libstdc++ throws when that read fails (ESRCH).
#pragma once

#include <exception>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

// The text of a /proc file, or "" when it cannot be read (the process went away meanwhile).
inline std::string proc_text(const std::filesystem::path& file) {
  try {
    std::ifstream in(file);
    return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  } catch (const std::exception&) {
    return {};
  }
}
