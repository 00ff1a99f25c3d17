// Shared by the QIR tests: where the programs are, running one in-process, running the CLI.
#pragma once

#include <qrt/qir/program.hpp>

#include <catch2/catch.hpp>

#include <array>
#include <cstdio>
#include <filesystem>
#include <string>
#include <sys/wait.h>

namespace qir_test {

inline std::filesystem::path program(const char* name) { return std::filesystem::path(QRT_TEST_QIR_PROGRAMS) / name; }
inline std::filesystem::path generated(const char* name) {
  return std::filesystem::path(QRT_TEST_QIR_GENERATED) / name;
}
inline std::filesystem::path shared(const char* name) { return std::filesystem::path(QRT_TEST_SHARED_QIR) / name; }

// The whole text output of `shots` shots with a fixed seed.
inline std::string run_text(const qrt::qir::Program& p, std::uint64_t shots, std::uint64_t seed,
                            const std::string& device = "statevector.qubit") {
  qrt::qir::RunOptions options;
  options.shots = shots;
  options.seed = seed;
  options.device = device;
  std::string text;
  for (const auto& shot : qrt::qir::run(p, options).shots) text += qrt::qir::format_shot(p, shot);
  return text;
}

struct CommandResult {
  int status = -1;  // exit status, or 128 + signal
  std::string out;  // stdout and stderr together
};

// Runs the qrt CLI with `arguments` (a shell word list), capturing both streams.
inline CommandResult qrt_cli(const std::string& arguments) {
  std::string command = "QRT_PLUGIN_PATH= '" + std::string(QRT_TEST_CLI) + "' " + arguments + " 2>&1";
  CommandResult r;
  FILE* pipe = popen(command.c_str(), "r");
  REQUIRE(pipe != nullptr);
  std::array<char, 4096> buffer;
  std::size_t n;
  while ((n = std::fread(buffer.data(), 1, buffer.size(), pipe)) > 0) r.out.append(buffer.data(), n);
  int status = pclose(pipe);
  r.status = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  return r;
}

inline std::string quoted(const std::filesystem::path& p) { return "'" + p.string() + "'"; }

}  // namespace qir_test
