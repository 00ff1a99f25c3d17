// Issue 35, item 2: device code in an isolated worker runs in a sandbox (host/src/isolation/sandbox.cpp).
// Each way out that a plugin might try — a shell command, a program, a process, a file written, a socket,
// a signal or a trace of another process — is refused with a report naming the call and the device, the
// escape does not happen, the host and its other devices carry on, and the worker is replaced. What a
// device legitimately does (threads, OpenMP, reading files) keeps working.
#include "reliability_support.hpp"

#include "../isolation/proc_files.hpp"
#include "isolation/isolated_backend.hpp"

#include <catch2/catch.hpp>
#if QRT_TEST_HAVE_QIR
#include <qrt/qir/program.hpp>
#endif

#include <dlfcn.h>
#include <sys/wait.h>

#include <cerrno>
#include <cstdint>
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
      {"system",
       "killed by signal 31 (SIGSYS: Bad system call) while running the program (the sandbox ended it for a "
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
    CHECK(
        run(runtime, "statevector.qubit:shots=10", qasm("qreg q[2];\ncreg c[2];\nx q[1];\nmeasure q -> c;\n")).counts ==
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
    const std::string config =
        std::string("fake.unreliable:shots=10,isolate=true,attempt=") + attempt + ",target='" + readable.string() + "'";
    CHECK(run(runtime, config, attempt_program()).counts == kTenTimesTwo);
  }
  // statevector.qubit's OpenMP team (two threads, parallel from the first qubit) in the worker.
  qrt::Device device = runtime.open("statevector.qubit:threads=2,parallel_min_qubits=1,isolate=true");
  qrt::RunOptions options;
  options.probabilities = true;
  const qrt::RunResult r =
      qrt::run_program(qasm("qreg q[3];\nh q[0];\ncx q[0],q[1];\ncx q[1],q[2];\n"), device, options);
  REQUIRE(r.probabilities.size() == 8);
  CHECK(r.probabilities[0] == Approx(0.5));
  CHECK(r.probabilities[7] == Approx(0.5));

  // The filter is on, with no_new_privs, in that worker.
  const pid_t worker = qrt::isolation::isolated_backend_of(device)->worker().pid();
  const std::string status = proc_text("/proc/" + std::to_string(worker) + "/status");
  CHECK_THAT(status, Contains("NoNewPrivs:\t1"));
  CHECK_THAT(status, Contains("Seccomp:\t2"));
}

#if QRT_TEST_HAVE_QIR
namespace {

// A libc function's address as libc itself has it (not a sanitizer's interceptor of the same name).
std::intptr_t libc_address(const char* name) {
  void* libc = ::dlopen("libc.so.6", RTLD_NOW | RTLD_NOLOAD);
  REQUIRE(libc != nullptr);
  void* address = ::dlsym(libc, name);
  ::dlclose(libc);
  REQUIRE(address != nullptr);
  return reinterpret_cast<std::intptr_t>(address);
}

}  // namespace

// Issue 35, item 2: the allow-list of functions a QIR program may link is no sandbox. This program links
// only `labs` (allowed), adds libc's offset from labs to system, and calls what is there with a shell
// command. (labs rather than puts: sanitizer runtimes interpose puts, and the interposer's address is not at
// a fixed offset from libc's system; no runtime interposes labs.) Isolated, the JIT code runs in the
// device's sandboxed worker: the call is refused, the command never runs, the run fails naming the
// program, and the host carries on.
TEST_CASE(
    "sandbox: a QIR program that calls system() through an allowed function's address is stopped in an "
    "isolated run",
    "[reliability][sandbox][qir]") {
  ScratchFolder scratch;
  const std::filesystem::path marker = scratch.path() / "escaped";
  const std::filesystem::path program = scratch.path() / "escape.ll";
  const std::string command = "touch " + marker.string();
  const std::intptr_t offset = libc_address("system") - libc_address("labs");
  std::ofstream(program)
      << "@command = private constant [" << command.size() + 1 << " x i8] c\"" << command << "\\00\"\n"
      << "define void @main() #0 {\n"
         "  %labs = ptrtoint ptr @labs to i64\n"
         "  %system = add i64 %labs, "
      << offset
      << "\n  %call = inttoptr i64 %system to ptr\n"
         "  %status = call i32 %call(ptr @command)\n"
         "  call void @__quantum__rt__int_record_output(i64 7, ptr null)\n"
         "  ret void\n}\n"
         "declare i64 @labs(i64)\n"
         "declare void @__quantum__rt__int_record_output(i64, ptr)\n"
         "attributes #0 = { \"entry_point\" \"required_num_qubits\"=\"0\" \"required_num_results\"=\"0\" }\n";

  const CliOutcome isolated = qrt_cli("run " + program.string() + " --isolate --shots 1 --seed 1");
  CHECK(isolated.exit_code == 1);
  CHECK_THAT(isolated.err, Contains("while running the QIR program " + program.string()));
  CHECK_THAT(isolated.err, Contains("SIGSYS"));
  CHECK_THAT(isolated.err, Contains("the sandbox ended it for a forbidden system call"));
  CHECK_THAT(isolated.out, !Contains("OUTPUT\tINT\t7"));  // the shot never got past the call
  CHECK_FALSE(std::filesystem::exists(marker));           // and the shell command never ran

  // The same device, isolated by config, in the host's API: the same refusal, and the host carries on.
  qrt::Runtime runtime(test_plugins());
  qrt::Device device = runtime.open("statevector.qubit:isolate=true");
  const qrt::qir::Program loaded = qrt::qir::Program::load(program);
  const std::string message = failure_of([&] { (void)qrt::qir::run(loaded, device, qrt::qir::RunOptions{}); });
  CHECK_THAT(message, Contains("the sandbox ended it for a forbidden system call"));
  CHECK_FALSE(std::filesystem::exists(marker));
  CHECK(run(runtime, "statevector.qubit:shots=10", qasm("qreg q[2];\ncreg c[2];\nx q[1];\nmeasure q -> c;\n")).counts ==
        kTenTimesTwo);
}
#endif
