// Runs the `qrt` executable as a user would and captures what it prints.
#pragma once

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <sys/wait.h>

namespace cli_test {

struct Outcome {
  int exit_code;
  std::string out;  // stdout
  std::string err;  // stderr
};

inline std::string slurp(const std::filesystem::path& p) {
  std::ifstream in(p);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// `args` is appended to the command line as is (quote what needs quoting); `env` (NAME=VALUE ...) is
// put before it.
inline Outcome qrt_with_env(const std::string& env, const std::string& args) {
  static int counter = 0;
  auto dir = std::filesystem::temp_directory_path();
  auto tag = std::to_string(::getpid()) + "_" + std::to_string(counter++);
  auto out = dir / ("qrt_cli_out_" + tag), err = dir / ("qrt_cli_err_" + tag);
  std::string command = "QRT_PLUGIN_PATH= " + env + " " + std::string(QRT_TEST_CLI) + " " + args + " >" + out.string() +
                        " 2>" + err.string();
  int status = std::system(command.c_str());
  Outcome o{WIFEXITED(status) ? WEXITSTATUS(status) : -1, slurp(out), slurp(err)};
  std::filesystem::remove(out);
  std::filesystem::remove(err);
  return o;
}

inline Outcome qrt(const std::string& args) { return qrt_with_env("", args); }

// A program file in the temp folder, removed at scope exit.
struct TempProgram {
  std::filesystem::path path;
  // `extension` tells the CLI the program's kind (.qasm, .ll).
  explicit TempProgram(const std::string& text, const std::string& extension = ".qasm") {
    static int counter = 0;
    path = std::filesystem::temp_directory_path() /
           ("qrt_cli_" + std::to_string(::getpid()) + "_" + std::to_string(counter++) + extension);
    std::ofstream(path) << text;
  }
  ~TempProgram() { std::filesystem::remove(path); }
};

}  // namespace cli_test
