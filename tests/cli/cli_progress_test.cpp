// `qrt run`'s progress bar and Ctrl-C. A terminal is a pseudo-terminal (forkpty): what qrt writes to it,
// stdout and stderr together, is read back byte for byte. QRT_PROGRESS_DELAY_MS=0 (a testing-only knob)
// makes the bar show from the start of the run instead of after a second.
#include <catch2/catch.hpp>

#include "cli_support.hpp"

#include <fcntl.h>
#include <poll.h>
#include <pty.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>
#include <string>
#include <thread>
#include <vector>

namespace {

using Catch::Matchers::Contains;
using Clock = std::chrono::steady_clock;

struct TerminalRun {
  int exit_code = -1;  // -1: killed by a signal
  std::string screen;  // everything written to the terminal
};

// Runs qrt with `args` on a new pseudo-terminal, `env` (NAME=VALUE...) added to its environment.
// `on_output`, if given, sees the screen so far after each read and may signal the child (it is told the pid).
TerminalRun on_terminal(const std::vector<std::string>& args, const std::vector<std::string>& env = {},
                        const std::function<void(const std::string&, pid_t)>& on_output = {}) {
  int master = -1;
  const pid_t pid = ::forkpty(&master, nullptr, nullptr, nullptr);
  REQUIRE(pid >= 0);
  if (pid == 0) {
    ::setenv("QRT_PLUGIN_PATH", "", 1);
    for (const auto& e : env) ::putenv(const_cast<char*>(e.c_str()));
    std::vector<char*> argv{const_cast<char*>(QRT_TEST_CLI)};
    for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    ::execv(QRT_TEST_CLI, argv.data());
    ::_exit(127);
  }
  TerminalRun run;
  const auto give_up = Clock::now() + std::chrono::seconds(120);
  char buffer[4096];
  for (;;) {
    pollfd p{master, POLLIN, 0};
    if (::poll(&p, 1, 100) <= 0) {
      if (Clock::now() > give_up) ::kill(pid, SIGKILL);
      continue;
    }
    const ssize_t n = ::read(master, buffer, sizeof buffer);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;  // EIO: the child's side of the terminal is closed
    run.screen.append(buffer, static_cast<std::size_t>(n));
    if (on_output) on_output(run.screen, pid);
  }
  ::close(master);
  int status = 0;
  ::waitpid(pid, &status, 0);
  run.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return run;
}

// qrt with stdout and stderr on files (pipes, as far as qrt can tell: not terminals).
cli_test::Outcome piped(const std::string& env, const std::string& args) { return cli_test::qrt_with_env(env, args); }

// A program that runs long enough to be interrupted: 20 qubits, 5000 Hadamards (seconds on an unfused
// device, which applies each gate as it comes).
std::string long_program() {
  std::string text = "OPENQASM 2.0;\ninclude \"qelib1.inc\";\nqreg q[20];\n";
  for (int i = 0; i < 5000; ++i) text += "h q[" + std::to_string(i % 20) + "];\n";
  return text;
}

const std::string kBar = "/4 operations";  // the bar for bell(): h, cx and two measurements
constexpr const char* kNoDelay = "QRT_PROGRESS_DELAY_MS=0";
constexpr const char* kErase = "\r\x1b[K";

std::string bell() {
  static const cli_test::TempProgram file(
      "OPENQASM 2.0;\ninclude \"qelib1.inc\";\nqreg q[2];\ncreg c[2];\nh q[0];\ncx q[0], q[1];\n"
      "measure q[0] -> c[0];\nmeasure q[1] -> c[1];\n");
  return file.path.string();
}

}  // namespace

TEST_CASE("qrt run draws a progress bar on a terminal and erases it before the result", "[cli][progress]") {
  const TerminalRun run = on_terminal({"run", bell(), "--shots", "100", "--seed", "5"}, {kNoDelay});
  REQUIRE(run.exit_code == 0);
  CHECK_THAT(run.screen, Contains("4/4 operations") && Contains("ETA") && Contains("elapsed"));
  // The last bar is erased, and everything after the erasure is the result, with no bar over it.
  const auto erased = run.screen.rfind(kErase);
  REQUIRE(erased != std::string::npos);
  CHECK(run.screen.rfind(kBar) < erased);
  const std::string after = run.screen.substr(erased + std::string(kErase).size());
  CHECK_THAT(after, Contains("00") && Contains("11"));
  CHECK(after.find("operations") == std::string::npos);
  CHECK(after.find('\x1b') == std::string::npos);
}

TEST_CASE("the progress bar waits a second: a quick run shows none", "[cli][progress]") {
  const TerminalRun run = on_terminal({"run", bell(), "--shots", "100"});
  REQUIRE(run.exit_code == 0);
  CHECK_THAT(run.screen, Contains("11"));
  CHECK(run.screen.find("operations") == std::string::npos);
  CHECK(run.screen.find('\x1b') == std::string::npos);
}

TEST_CASE("the bar stays off with --no-progress and with -o json, and --progress forces it", "[cli][progress]") {
  CHECK(on_terminal({"run", bell(), "--no-progress"}, {kNoDelay}).screen.find(kBar) == std::string::npos);
  const TerminalRun json = on_terminal({"run", bell(), "-o", "json"}, {kNoDelay});
  REQUIRE(json.exit_code == 0);
  CHECK(json.screen.find(kBar) == std::string::npos);
  CHECK_THAT(on_terminal({"run", bell(), "-o", "json", "--progress"}, {kNoDelay}).screen, Contains(kBar));
  CHECK(on_terminal({"run", bell(), "--progress", "--no-progress"}).exit_code != 0);
}

TEST_CASE("no progress on a pipe unless --progress, then as plain lines", "[cli][progress]") {
  const cli_test::Outcome quiet = piped(kNoDelay, "run " + bell() + " --shots 10");
  REQUIRE(quiet.exit_code == 0);
  CHECK(quiet.err.find("operations") == std::string::npos);
  const cli_test::Outcome forced = piped(kNoDelay, "run " + bell() + " --shots 10 --seed 3 -o json --progress");
  REQUIRE(forced.exit_code == 0);
  CHECK_THAT(forced.err, Contains("qrt: progress 4/4 operations (100.0%)"));
  CHECK(forced.err.find('\r') == std::string::npos);
  CHECK(forced.out.find("qrt: progress") == std::string::npos);  // stdout is the JSON alone
  CHECK_THAT(forced.out, Contains("\"counts\""));
  CHECK(piped("QRT_PROGRESS_DELAY_MS=soon", "run " + bell() + " --progress").exit_code == 1);
}

TEST_CASE("Ctrl-C stops qrt run at the next operation: no result, exit status 130", "[cli][progress]") {
  const cli_test::TempProgram program(long_program());
  for (const bool isolate : {false, true}) {
    // Gates applied as they come (no fusion, no tiles): the run lasts seconds, and the bar shows mid-run.
    std::vector<std::string> args{
        "run", program.path.string(), "--shots", "10", "-d", "statevector.qubit:fusion=false,tiles=false"};
    if (isolate) args.push_back("--isolate");
    bool sent = false;
    const auto start = Clock::now();
    // Once the bar shows, the run is applying gates: interrupt it as a terminal does, the whole process
    // group (qrt leads it), isolation worker included, which must leave the decision to its host.
    const TerminalRun run = on_terminal(args, {kNoDelay}, [&](const std::string& screen, pid_t pid) {
      if (!sent && screen.find("/5000 operations") != std::string::npos) {
        ::kill(-pid, SIGINT);
        sent = true;
      }
    });
    INFO("isolate: " << isolate << "\n" << run.screen);
    REQUIRE(sent);
    CHECK(run.exit_code == 130);
    CHECK(Clock::now() - start < std::chrono::seconds(30));
    CHECK_THAT(run.screen, Contains("qrt: interrupted: stopped after"));
    CHECK(run.screen.find("counts") == std::string::npos);
    CHECK(run.screen.find("shots") == std::string::npos);
  }
}

#ifdef QRT_TEST_HAVE_QIR

namespace {

// `iterations` Hadamards in a loop over `qubits` qubits (the count is not known before the program
// runs), then one measurement recorded: iterations + 1 operations a shot.
std::string gate_loop(int qubits, long iterations) {
  return "define void @main() #0 {\nentry:\n  br label %loop\nloop:\n"
         "  %i = phi i64 [ 0, %entry ], [ %next, %loop ]\n"
         "  %w = urem i64 %i, " +
         std::to_string(qubits) +
         "\n"
         "  %q = inttoptr i64 %w to ptr\n"
         "  call void @__quantum__qis__h__body(ptr %q)\n"
         "  %next = add i64 %i, 1\n"
         "  %done = icmp eq i64 %next, " +
         std::to_string(iterations) +
         "\n"
         "  br i1 %done, label %exit, label %loop\nexit:\n"
         "  call void @__quantum__qis__mz__body(ptr null, ptr null)\n"
         "  call void @__quantum__rt__result_record_output(ptr null, ptr null)\n  ret void\n}\n"
         "declare void @__quantum__qis__h__body(ptr)\ndeclare void @__quantum__qis__mz__body(ptr, ptr)\n"
         "declare void @__quantum__rt__result_record_output(ptr, ptr)\n"
         "attributes #0 = { \"entry_point\" \"required_num_qubits\"=\"" +
         std::to_string(qubits) + "\" \"required_num_results\"=\"1\" }\n";
}

// A classical loop that never ends and never calls the runtime.
const char* kClassicalLoop = R"(define void @main() #0 {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %next, %loop ]
  %next = add i64 %i, 1
  store volatile i64 %next, ptr @sink
  br label %loop
}
@sink = internal global i64 0
attributes #0 = { "entry_point" "required_num_qubits"="0" "required_num_results"="0" }
)";

}  // namespace

TEST_CASE("qrt run on a QIR program: a shots bar with the gates applied, erased before the result",
          "[cli][progress][qir]") {
  const cli_test::TempProgram program(gate_loop(4, 1000), ".ll");
  const TerminalRun run = on_terminal({"run", program.path.string(), "--shots", "3", "--seed", "2"}, {kNoDelay});
  INFO(run.screen);
  REQUIRE(run.exit_code == 0);
  CHECK_THAT(run.screen, Contains("/3 shots") && Contains("operations") && Contains("elapsed"));
  CHECK(run.screen.find("  ETA") == std::string::npos);  // a compiled program's length is not known up front
  const auto erased = run.screen.rfind(kErase);
  REQUIRE(erased != std::string::npos);
  const std::string after = run.screen.substr(erased + std::string(kErase).size());
  CHECK(after.find("shots") == std::string::npos);
  CHECK(after.find('\x1b') == std::string::npos);
  // Every shot's record is on the screen, none cut by the bar: 3 shots of "START / RESULT / END" lines.
  std::size_t ends = 0;
  for (auto at = run.screen.find("END\t0"); at != std::string::npos; at = run.screen.find("END\t0", at + 1)) ++ends;
  CHECK(ends == 3);
}

TEST_CASE("a QIR program's progress: off on a pipe, plain lines with --progress, output unchanged",
          "[cli][progress][qir]") {
  const cli_test::TempProgram program(gate_loop(3, 50), ".ll");
  const std::string args = "run " + program.path.string() + " --shots 4 --seed 9";
  const cli_test::Outcome quiet = piped(kNoDelay, args);
  REQUIRE(quiet.exit_code == 0);
  CHECK(quiet.err.find("progress") == std::string::npos);
  const cli_test::Outcome forced = piped(kNoDelay, args + " --progress");
  REQUIRE(forced.exit_code == 0);
  CHECK_THAT(forced.err, Contains("qrt: progress 4/4 shots, 204 operations"));  // 4 x (50 H + 1 mz)
  CHECK(forced.out == quiet.out);
  const cli_test::Outcome json = piped(kNoDelay, args + " -o json --progress");
  REQUIRE(json.exit_code == 0);
  CHECK(json.out.find("progress") == std::string::npos);
  CHECK_THAT(json.out, Contains("\"histogram\""));
}

TEST_CASE("Ctrl-C stops a QIR program at its next gate, or ends a classical loop: exit 130, nothing on stdout",
          "[cli][progress][qir]") {
  const cli_test::TempProgram gates(gate_loop(20, 100000000), ".ll");
  const cli_test::TempProgram loop(kClassicalLoop, ".ll");
  struct Case {
    std::string file, started, says;
    bool isolate;
  };
  for (const Case& c : {Case{gates.path.string(), "/1 shots",
                             "qrt: interrupted: " + gates.path.string() + ": stopped in shot 1 of 1 after", false},
                        Case{gates.path.string(), "/1 shots", "stopped in shot 1 of 1 after", true},
                        Case{loop.path.string(), "/1 shots", "made no runtime call within 1000 ms of Ctrl-C", false},
                        // Isolated, the loop runs in the device's worker, which the stop ends (killed if need be).
                        Case{loop.path.string(), "/1 shots", "stopped in shot 1 of 1 after", true}}) {
    std::vector<std::string> args{"run", c.file};
    if (c.isolate) args.push_back("--isolate");
    bool sent = false;
    const auto start = Clock::now();
    // As a terminal does: the whole process group, the isolated child included.
    const TerminalRun run = on_terminal(args, {kNoDelay}, [&](const std::string& screen, pid_t pid) {
      if (!sent && screen.find(c.started) != std::string::npos) {
        ::kill(-pid, SIGINT);
        sent = true;
      }
    });
    INFO("file: " << c.file << " isolate: " << c.isolate << "\n" << run.screen);
    REQUIRE(sent);
    CHECK(run.exit_code == 130);
    CHECK(Clock::now() - start < std::chrono::seconds(30));
    CHECK_THAT(run.screen, Contains(c.says));
    CHECK(run.screen.find("crashed") == std::string::npos);
    CHECK(run.screen.find("interrupted") == run.screen.rfind("interrupted"));  // reported once
    CHECK(run.screen.find("END") == std::string::npos);
  }
}

TEST_CASE("qrt run --isolate passes on a SIGINT that reached only qrt (kill -INT), and reports 130 once",
          "[cli][progress][qir]") {
  const cli_test::TempProgram gates(gate_loop(20, 100000000), ".ll");
  const cli_test::TempProgram err_file("");
  const pid_t pid = ::fork();
  REQUIRE(pid >= 0);
  if (pid == 0) {  // qrt with stdout on /dev/null and stderr on a file: no terminal, so nothing delivers SIGINT but us
    ::setenv("QRT_PLUGIN_PATH", "", 1);
    ::putenv(const_cast<char*>(kNoDelay));
    const int null = ::open("/dev/null", O_WRONLY), err = ::open(err_file.path.c_str(), O_WRONLY | O_TRUNC);
    ::dup2(null, STDOUT_FILENO);
    ::dup2(err, STDERR_FILENO);
    const std::string file = gates.path.string();
    const char* argv[] = {QRT_TEST_CLI, "run", file.c_str(), "--isolate", "--progress", nullptr};
    ::execv(QRT_TEST_CLI, const_cast<char**>(argv));
    ::_exit(127);
  }
  auto read_err = [&] {
    std::ifstream in(err_file.path);
    return std::string(std::istreambuf_iterator<char>(in), {});
  };
  const auto give_up = Clock::now() + std::chrono::seconds(60);
  while (read_err().find("/1 shots") == std::string::npos && Clock::now() < give_up)
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  ::kill(pid, SIGINT);  // qrt alone, not its process group
  int status = 0;
  ::waitpid(pid, &status, 0);
  const std::string err = read_err();
  INFO(err);
  REQUIRE(WIFEXITED(status));
  CHECK(WEXITSTATUS(status) == 130);
  CHECK_THAT(err, Contains("qrt: interrupted: " + gates.path.string() + ": stopped in shot 1 of 1 after"));
  CHECK(err.find("interrupted") == err.rfind("interrupted"));
  CHECK(err.find("crashed") == std::string::npos);
}

#endif
