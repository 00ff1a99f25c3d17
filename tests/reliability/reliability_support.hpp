// Helpers of the reliability tests: runtimes over their fake plugins, small programs, a scratch folder,
// and environment variables set for one scope.
#pragma once

#include <qrt/circuit_runner.hpp>
#include <qrt/qasm/parser.hpp>
#include <qrt/runtime.hpp>

#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <optional>
#include <string>

namespace reliability_test {

inline std::string fake_library(const std::string& file) {
  return (std::filesystem::path(QRT_TEST_RELIABILITY_PLUGIN_DIR) / (file + ".so")).string();
}

// The reliability fakes and the bundled plugins.
inline qrt::RuntimeOptions test_plugins() {
  qrt::RuntimeOptions options;
  options.plugin_dirs = {QRT_TEST_RELIABILITY_PLUGIN_DIR, QRT_TEST_PLUGIN_DIR};
  options.warn_on_load_failure = false;
  options.allow_unsafe_plugins = true;  // build folders may be group-writable
  return options;
}

inline qrt::program::Program qasm(const std::string& body) {
  return qrt::qasm::parse_string("OPENQASM 2.0;\ninclude \"qelib1.inc\";\n" + body, "test.qasm");
}

// Runs the native gate `attempt` of fake.unreliable (line 5), then measures.
inline qrt::program::Program attempt_program() {
  return qasm("opaque attempt a;\nqreg q[2];\ncreg c[2];\nattempt q[0];\nx q[1];\nmeasure q -> c;\n");
}

inline qrt::RunResult run(qrt::Runtime& runtime, const std::string& config, const qrt::program::Program& program,
                          qrt::RunOptions options = {}) {
  qrt::Device device = runtime.open(config);
  return qrt::run_program(program, device, options);
}

// What `body` throws, as text ("" when it does not throw).
template <class Body>
std::string failure_of(Body&& body) {
  try {
    body();
  } catch (const std::exception& e) {
    return e.what();
  }
  return "";
}

// A fresh folder under the system's temporary folder, removed with its contents at the end of the scope.
class ScratchFolder {
 public:
  ScratchFolder() {
    std::string pattern = (std::filesystem::temp_directory_path() / "qrt-reliability-XXXXXX").string();
    if (!::mkdtemp(pattern.data())) throw std::runtime_error("mkdtemp failed");
    path_ = pattern;
  }
  ~ScratchFolder() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }
  ScratchFolder(const ScratchFolder&) = delete;
  ScratchFolder& operator=(const ScratchFolder&) = delete;
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

// Sets (or, with nullopt, unsets) an environment variable for the scope and restores it after.
class ScopedEnvironment {
 public:
  ScopedEnvironment(std::string name, std::optional<std::string> value) : name_(std::move(name)) {
    if (const char* old = std::getenv(name_.c_str())) old_ = old;
    if (value) ::setenv(name_.c_str(), value->c_str(), 1);
    else ::unsetenv(name_.c_str());
  }
  ~ScopedEnvironment() {
    if (old_) ::setenv(name_.c_str(), old_->c_str(), 1);
    else ::unsetenv(name_.c_str());
  }
  ScopedEnvironment(const ScopedEnvironment&) = delete;
  ScopedEnvironment& operator=(const ScopedEnvironment&) = delete;

 private:
  std::string name_;
  std::optional<std::string> old_;
};

// Runs `qrt ARGS` (with `env` before it) through the shell; its exit status and what it wrote.
struct CliOutcome {
  int exit_code;  // -1: killed by a signal
  std::string out, err;
};

inline CliOutcome qrt_cli(const std::string& args, const std::string& env = "") {
  ScratchFolder scratch;
  const std::filesystem::path out = scratch.path() / "out", err = scratch.path() / "err";
  const std::string command = "QRT_PLUGIN_PATH=" + std::string(QRT_TEST_RELIABILITY_PLUGIN_DIR) + ":" +
                              QRT_TEST_PLUGIN_DIR + " QRT_ALLOW_UNSAFE_PLUGINS=1 " + env + " " + QRT_TEST_CLI + " " +
                              args + " >" + out.string() + " 2>" + err.string();
  const int status = std::system(command.c_str());
  auto slurp = [](const std::filesystem::path& p) {
    std::ifstream in(p);
    return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  };
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, slurp(out), slurp(err)};
}

}  // namespace reliability_test
