// Shared by the Catalyst tests: where the programs are, a session for calling the runtime functions
// directly (as JIT code does), and the qrt CLI.
#pragma once

#include "catalyst/function_table.hpp"
#include "catalyst/session.hpp"

#include <qrt/catalyst/program.hpp>
#include <qrt/runtime.hpp>

#include <catch2/catch.hpp>

#include <array>
#include <csetjmp>
#include <cstdio>
#include <filesystem>
#include <string>
#include <sys/wait.h>

namespace catalyst_test {

inline std::filesystem::path program(const char* name) {
  return std::filesystem::path(QRT_TEST_CATALYST_PROGRAMS) / name;
}
inline std::filesystem::path shared(const char* name) { return std::filesystem::path(QRT_TEST_SHARED_CATALYST) / name; }
inline std::filesystem::path generated(const char* name) {
  return std::filesystem::path(QRT_TEST_CATALYST_GENERATED) / name;
}

// A call's session on the calling thread, without a module: the test calls the runtime functions itself.
class Harness {
 public:
  explicit Harness(qrt::catalyst::CallOptions options = {})
      : options_(std::move(options)),
        session_(options_, qrt::process_runtime(), 0),
        previous_(qrt::catalyst::Session::set_current(&session_)) {}
  ~Harness() { qrt::catalyst::Session::set_current(previous_); }
  Harness(const Harness&) = delete;
  Harness& operator=(const Harness&) = delete;
  qrt::catalyst::Session& session() { return session_; }

  // The runtime function `name` with `signature`, as a module would bind it.
  template <class F>
  static F* function(std::string_view name, std::string_view signature) {
    for (const auto& f : qrt::catalyst::catalyst_functions())
      if (name == f.name && signature == f.signature) return reinterpret_cast<F*>(f.address);
    FAIL("the runtime provides no " << name << " with signature " << signature);
    return nullptr;
  }

 private:
  qrt::catalyst::CallOptions options_;
  qrt::catalyst::Session session_;
  qrt::catalyst::Session* previous_;  // a harness made inside another's scope gives it back
};

// Runs `f` (calls of runtime functions only: nothing in it with a destructor); false when one of them
// failed, the session's `failure` saying why.
template <class F>
[[gnu::noinline]] bool succeeds(qrt::catalyst::Session& s, F&& f) {
  if (setjmp(s.jump) != 0) return false;
  f();
  return true;
}

struct CommandResult {
  int status = -1;
  std::string out;  // stdout and stderr together
};

inline CommandResult qrt_cli(const std::string& arguments) {
  const std::string command = "QRT_PLUGIN_PATH= '" + std::string(QRT_TEST_CLI) + "' " + arguments + " 2>&1";
  CommandResult r;
  FILE* pipe = popen(command.c_str(), "r");
  REQUIRE(pipe != nullptr);
  std::array<char, 4096> buffer;
  std::size_t n;
  while ((n = std::fread(buffer.data(), 1, buffer.size(), pipe)) > 0) r.out.append(buffer.data(), n);
  const int status = pclose(pipe);
  r.status = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  return r;
}

inline std::string quoted(const std::filesystem::path& p) { return "'" + p.string() + "'"; }

}  // namespace catalyst_test
