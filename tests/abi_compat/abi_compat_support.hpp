// Helpers of the ABI compatibility tests: where the clang-built plugins are, throwaway plugin folders,
// running the `qrt` executable, and reading the counter a C plugin exports.
#pragma once

#include <qrt/runtime.hpp>

#include <dlfcn.h>
#include <elf.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace abi_test {

// A clang-built variant of the C device (e.g. "c_device_v1_0" -> <dir>/c_device_v1_0.so).
inline std::filesystem::path c_plugin(std::string_view stem) {
  return std::filesystem::path(QRT_TEST_C_PLUGIN_DIR) / (std::string(stem) + ".so");
}

// A fresh temporary folder, removed with the object; plugins are copied in (a user dropping a file).
class TempFolder {
 public:
  TempFolder() {
    static int counter = 0;
    path_ = std::filesystem::temp_directory_path() /
            ("qrt_abi_compat_" + std::to_string(::getpid()) + "_" + std::to_string(counter++));
    std::filesystem::create_directories(path_);
  }
  ~TempFolder() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
  TempFolder(const TempFolder&) = delete;
  TempFolder& operator=(const TempFolder&) = delete;

  std::filesystem::path add(const std::filesystem::path& file) {
    const std::filesystem::path target = path_ / file.filename();
    std::filesystem::copy_file(file, target, std::filesystem::copy_options::overwrite_existing);
    return target;
  }
  const std::filesystem::path& path() const { return path_; }
  // Runtime options that search this folder only, without warnings on stderr.
  qrt::RuntimeOptions options() const {
    qrt::RuntimeOptions o;
    o.plugin_dirs = {path_};
    o.warn_on_load_failure = false;
    return o;
  }

 private:
  std::filesystem::path path_;
};

struct Outcome {
  int exit_code;
  std::string out;
};

// Runs `command` through the shell; returns its exit code and stdout.
inline Outcome run(const std::string& command) {
  FILE* pipe = ::popen(command.c_str(), "r");
  if (!pipe) throw std::runtime_error("popen failed: " + command);
  std::string out;
  char buffer[4096];
  while (std::size_t n = std::fread(buffer, 1, sizeof buffer, pipe)) out.append(buffer, n);
  const int status = ::pclose(pipe);
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, out};
}

// The number of calls a C plugin saw to functions the host must not call (c_device_unknown_calls),
// read from the copy of the library the host loaded (RTLD_NOLOAD: never loads a second copy).
inline unsigned unknown_calls(const std::filesystem::path& loaded_file) {
  void* handle = ::dlopen(loaded_file.c_str(), RTLD_NOW | RTLD_NOLOAD);
  if (!handle) throw std::runtime_error(loaded_file.string() + " is not loaded");
  auto read = reinterpret_cast<unsigned (*)()>(::dlsym(handle, "c_device_unknown_calls"));
  const unsigned calls = read ? read() : ~0u;
  ::dlclose(handle);
  if (!read) throw std::runtime_error(loaded_file.string() + " exports no c_device_unknown_calls");
  return calls;
}

// The .comment section of an ELF64 file: the compilers that produced its objects, NUL-separated (e.g.
// "GCC: (Debian 12.2.0...)" and "Debian clang version 14.0.6"). Throws when the file has none.
inline std::string elf_comment(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  auto read_at = [&](std::uint64_t offset, void* out, std::size_t size) {
    in.seekg(static_cast<std::streamoff>(offset));
    if (!in.read(static_cast<char*>(out), static_cast<std::streamsize>(size)))
      throw std::runtime_error(file.string() + ": truncated ELF file");
  };
  Elf64_Ehdr header;
  read_at(0, &header, sizeof header);
  if (std::memcmp(header.e_ident, ELFMAG, SELFMAG) != 0 || header.e_ident[EI_CLASS] != ELFCLASS64)
    throw std::runtime_error(file.string() + ": not an ELF64 file");
  std::vector<Elf64_Shdr> sections(header.e_shnum);
  read_at(header.e_shoff, sections.data(), sections.size() * sizeof(Elf64_Shdr));
  const Elf64_Shdr& names = sections.at(header.e_shstrndx);
  std::string name_table(names.sh_size, '\0');
  read_at(names.sh_offset, name_table.data(), name_table.size());
  for (const Elf64_Shdr& section : sections)
    if (std::string_view(name_table.c_str() + section.sh_name) == ".comment") {
      std::string text(section.sh_size, '\0');
      read_at(section.sh_offset, text.data(), text.size());
      return text;
    }
  throw std::runtime_error(file.string() + ": no .comment section");
}

}  // namespace abi_test
