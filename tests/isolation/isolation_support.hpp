// Helpers of the isolation tests: runtimes over the failure-mode plugins, small programs, and checks
// that no child process or file descriptor outlives what created it.
#pragma once

#include "isolation/isolated_backend.hpp"
#include <qrt/circuit_runner.hpp>
#include <qrt/qasm/parser.hpp>
#include <qrt/runtime.hpp>

#include "isolation/worker.hpp"
#include "proc_files.hpp"

#include <sys/wait.h>

#include <cerrno>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <thread>

namespace isolation_test {

inline std::string crash_library(const std::string& mode) {
  return (std::filesystem::path(QRT_TEST_ISOLATION_PLUGIN_DIR) / ("fake_crash_" + mode + ".so")).string();
}

inline qrt::RuntimeOptions crash_plugins() {
  qrt::RuntimeOptions options;
  options.plugin_dirs = {QRT_TEST_ISOLATION_PLUGIN_DIR};
  options.warn_on_load_failure = false;
  options.allow_unsafe_plugins = true;  // build folders may be group-writable
  return options;
}

inline qrt::RuntimeOptions bundled_plugins() {
  qrt::RuntimeOptions options;
  options.plugin_dirs = {QRT_TEST_PLUGIN_DIR};
  options.warn_on_load_failure = false;
  options.allow_unsafe_plugins = true;
  return options;
}

// Sets qubit 0 and measures both: counts {"01": shots} on a fake.crash device.
inline qrt::program::Program good_program() {
  return qrt::qasm::parse_string(
      "OPENQASM 2.0;\ninclude \"qelib1.inc\";\nqreg q[2];\ncreg c[2];\nx q[0];\n"
      "measure q -> c;\n",
      "good.qasm");
}

// Runs the device's failure (the native gate `boom`) on line 6.
inline qrt::program::Program boom_program() {
  return qrt::qasm::parse_string(
      "OPENQASM 2.0;\ninclude \"qelib1.inc\";\nopaque boom a;\nqreg q[2];\ncreg c[2];\n"
      "boom q[1];\nmeasure q -> c;\n",
      "boom.qasm");
}

inline qrt::RunResult run(qrt::Runtime& runtime, const std::string& config, const qrt::program::Program& program,
                          qrt::RunOptions options = {}) {
  qrt::Device device = runtime.open(config);
  return qrt::run_program(program, device, options);
}

// What run() throws, as text ("" when it does not throw).
inline std::string failure_of(qrt::Runtime& runtime, const std::string& config, const qrt::program::Program& program) {
  try {
    run(runtime, config, program);
  } catch (const std::exception& e) {
    return e.what();
  }
  return "";
}

inline pid_t isolation_pid(const qrt::Device& device) {
  return qrt::isolation::isolated_backend_of(device)->worker().pid();
}

// No child process at all, not even an unreaped one.
// Waits (up to 5 s) until `pid` has ended — a zombie or gone — without reaping it.
inline bool wait_until_dead(pid_t pid) {
  for (int i = 0; i < 5000; ++i) {
    const std::string text = proc_text("/proc/" + std::to_string(pid) + "/stat");
    const std::size_t paren = text.rfind(')');  // the state follows the command name
    if (paren == std::string::npos || paren + 2 >= text.size() || text[paren + 2] == 'Z') return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  return false;
}

// A wire list for Device's span parameters (a span has no initializer-list constructor).
inline std::vector<qrt::Wire> on(std::initializer_list<qrt::Wire> wires) { return wires; }

inline bool no_children() { return ::waitpid(-1, nullptr, WNOHANG) == -1 && errno == ECHILD; }

inline std::size_t open_fds() {
  std::size_t n = 0;
  for ([[maybe_unused]] const auto& entry : std::filesystem::directory_iterator("/proc/self/fd")) ++n;
  return n;
}

}  // namespace isolation_test
