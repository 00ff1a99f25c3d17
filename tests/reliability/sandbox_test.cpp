// Issue 35, item 2: device code in an isolated worker runs in a sandbox (host/src/isolation/sandbox.cpp).
// Each way out that a plugin might try — a shell command, a program, a process, a file written, a socket,
// a signal or a trace of another process — is refused with a report naming the call and the device, the
// escape does not happen, the host and its other devices carry on, and the worker is replaced. What a
// device legitimately does (threads, OpenMP, reading files) keeps working.
#include "reliability_support.hpp"

#include "../isolation/proc_files.hpp"
#include "isolation/worker.hpp"

#include <catch2/catch.hpp>

#include <sys/wait.h>

#include <cerrno>
#include <fstream>
#include <map>

using namespace reliability_test;
using Catch::Matchers::Contains;

namespace {

struct Escape {
  std::string attempt, report;
};

std::vector<Escape> escapes() {
  std::vector<Escape> list{
      // glibc's system() blocks every signal before it starts the shell, so the sandbox's SIGSYS handler
      // cannot run: the kernel ends the worker with the signal, which the host explains.
      {"system", "killed by signal 31 (SIGSYS: Bad system call) while running the program (the sandbox ended it for a "
                 "forbidden system call, made with SIGSYS blocked"},
      {"execve", "the sandbox refused execve (running a program) and ended the worker"},
      {"fork", "the sandbox refused clone (starting another process)"},
      {"write_file", "the sandbox refused openat (opening a file for writing or creating one)"},
      {"socket", "the sandbox refused socket (opening a socket)"},
      {"signal_parent", "the sandbox refused kill (signalling another process)"}};
#if !defined(__SANITIZE_ADDRESS__)  // sanitizer builds let ptrace through for LeakSanitizer (sandbox.cpp)
  list.push_back({"ptrace", "the sandbox refused ptrace (tracing a process)"});
#endif
  return list;
}

bool no_children() { return ::waitpid(-1, nullptr, WNOHANG) == -1 && errno == ECHILD; }

const std::map<std::string, std::uint64_t> kTenTimesTwo{{"10", 10}};  // x q[1]; c[1] is the left bit

}  // namespace

TEST_CASE("sandbox: device code in an isolated worker cannot escape, and the report names the call",
          "[reliability][sandbox]") {
  const Escape escape = GENERATE(from_range(escapes()));
  INFO(escape.attempt);
  ScratchFolder scratch;
  const std::filesystem::path marker = scratch.path() / "escaped";
  {
    qrt::Runtime runtime(test_plugins());
    const std::string config =
        "fake.unreliable:shots=10,isolate=true,attempt=" + escape.attempt + ",target='" + marker.string() + "'";
    const std::string message = failure_of([&] { run(runtime, config, attempt_program()); });
    CHECK_THAT(message, Contains(escape.report));
    CHECK_THAT(message, Contains("fake.unreliable (library " + fake_library("fake_unreliable")));
    CHECK_THAT(message, Contains("isolated worker process"));
    CHECK_FALSE(std::filesystem::exists(marker));  // the shell command, or the write, never happened

    // The host carries on: the same device config gets a fresh worker, and other devices run as before.
    const std::string tame = "fake.unreliable:shots=10,isolate=true";
    CHECK(run(runtime, tame, attempt_program()).counts == kTenTimesTwo);
    CHECK(run(runtime, "statevector.qubit:shots=10", qasm("qreg q[2];\ncreg c[2];\nx q[1];\nmeasure q -> c;\n")).counts ==
          kTenTimesTwo);
  }
  CHECK(no_children());
}

TEST_CASE("sandbox: threads, OpenMP and reading files keep working in an isolated worker", "[reliability][sandbox]") {
  ScratchFolder scratch;
  const std::filesystem::path readable = scratch.path() / "readable";
  std::ofstream(readable) << "a line\n";
  qrt::Runtime runtime(test_plugins());
  for (const char* attempt : {"thread", "read_file"}) {
    INFO(attempt);
    const std::string config = std::string("fake.unreliable:shots=10,isolate=true,attempt=") + attempt + ",target='" +
                               readable.string() + "'";
    CHECK(run(runtime, config, attempt_program()).counts == kTenTimesTwo);
  }
  // statevector.qubit's OpenMP team (two threads, parallel from the first qubit) in the worker.
  qrt::Device device = runtime.open("statevector.qubit:threads=2,parallel_min_qubits=1,isolate=true");
  qrt::RunOptions options;
  options.probabilities = true;
  const qrt::RunResult r = qrt::run_program(qasm("qreg q[3];\nh q[0];\ncx q[0],q[1];\ncx q[1],q[2];\n"), device, options);
  REQUIRE(r.probabilities.size() == 8);
  CHECK(r.probabilities[0] == Approx(0.5));
  CHECK(r.probabilities[7] == Approx(0.5));

  // The filter is on, with no_new_privs, in that worker.
  const std::string status = proc_text("/proc/" + std::to_string(device.isolated_worker()->pid()) + "/status");
  CHECK_THAT(status, Contains("NoNewPrivs:\t1"));
  CHECK_THAT(status, Contains("Seccomp:\t2"));
}
