// `qrt run --isolate` end to end: the same output as in-process, and a crashing plugin is an error
// message and exit status 1, not a dead qrt.
#include "proc_files.hpp"

#include <catch2/catch.hpp>

#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <thread>
#include <vector>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

namespace {

struct Outcome {
  int exit_code;  // -1: killed by a signal
  std::string out, err;
};

std::string slurp(const std::filesystem::path& p) {
  std::ifstream in(p);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

Outcome qrt_cli(const std::string& args, const std::string& env = "") {
  static int counter = 0;
  auto dir = std::filesystem::temp_directory_path();
  auto tag = std::to_string(::getpid()) + "_" + std::to_string(counter++);
  auto out = dir / ("qrt_iso_out_" + tag), err = dir / ("qrt_iso_err_" + tag);
  std::string command = "QRT_PLUGIN_PATH= QRT_ALLOW_UNSAFE_PLUGINS=1 " + env + " " + QRT_TEST_CLI + " " + args + " >" +
                        out.string() + " 2>" + err.string();
  int status = std::system(command.c_str());
  Outcome o{WIFEXITED(status) ? WEXITSTATUS(status) : -1, slurp(out), slurp(err)};
  std::filesystem::remove(out);
  std::filesystem::remove(err);
  return o;
}

}  // namespace

TEST_CASE("qrt run --isolate prints what qrt run prints", "[isolation][cli]") {
  const std::string ghz = std::string(QRT_TEST_EXAMPLES_DIR) + "/ghz.qasm";
  const Outcome plain = qrt_cli("run " + ghz + " --shots 200 --seed 7 -o json");
  const Outcome isolated = qrt_cli("run --isolate " + ghz + " --shots 200 --seed 7 -o json");
  const Outcome by_env = qrt_cli("run " + ghz + " --shots 200 --seed 7 -o json", "QRT_ISOLATE=1");
  REQUIRE(plain.exit_code == 0);
  REQUIRE(isolated.exit_code == 0);
  REQUIRE(by_env.exit_code == 0);
  // Timings differ; everything else must not.
  auto without_timings = [](std::string text) {
    auto at = text.find("\"timings\"");
    return at == std::string::npos ? text : text.substr(0, at);
  };
  CHECK(without_timings(isolated.out) == without_timings(plain.out));
  CHECK(without_timings(by_env.out) == without_timings(plain.out));
}

TEST_CASE("qrt run --isolate survives a segfaulting plugin", "[isolation][cli]") {
  const std::string library = std::string(QRT_TEST_ISOLATION_PLUGIN_DIR) + "/fake_crash_segv.so";
  auto file = std::filesystem::temp_directory_path() / ("qrt_iso_boom_" + std::to_string(::getpid()) + ".qasm");
  std::ofstream(file) << "OPENQASM 2.0;\ninclude \"qelib1.inc\";\nopaque boom a;\nqreg q[1];\ncreg c[1];\nboom q[0];\n"
                         "measure q -> c;\n";
  const Outcome o = qrt_cli("run --isolate " + file.string() + " -d 'fake.crash.segv@" + library + ":shots=3'");
  std::filesystem::remove(file);
  CHECK(o.exit_code == 1);
  CHECK_THAT(o.err, Catch::Matchers::Contains("SIGSEGV"));
  CHECK_THAT(o.err, Catch::Matchers::Contains("fake_crash_segv.so"));
}

namespace {

// Serving workers (`qrt-worker --serve`, not the short-lived scans) that are children of `parent`, per
// /proc: the 4th field of /proc/PID/stat is the parent pid.
std::vector<pid_t> serving_workers_of(pid_t parent) {
  std::vector<pid_t> out;
  for (const auto& entry : std::filesystem::directory_iterator("/proc")) {
    const std::string name = entry.path().filename().string();
    if (name.find_first_not_of("0123456789") != std::string::npos) continue;
    const std::string text = proc_text(entry.path() / "stat");
    const auto close = text.rfind(')');
    if (close == std::string::npos) continue;
    char state = 0;
    long ppid = 0;
    if (std::sscanf(text.c_str() + close + 1, " %c %ld", &state, &ppid) != 2 || ppid != parent) continue;
    const std::string args = proc_text(entry.path() / "cmdline");
    if (args.find(std::string("--serve") + '\0') != std::string::npos)
      out.push_back(static_cast<pid_t>(std::stol(name)));
  }
  return out;
}

}  // namespace

TEST_CASE("an isolation worker dies with its host when the host is SIGKILLed mid-run", "[isolation][cli]") {
  // fake.crash.loop spins inside its gate forever: only the host's death can end the worker.
  const std::string library = std::string(QRT_TEST_ISOLATION_PLUGIN_DIR) + "/fake_crash_loop.so";
  auto file = std::filesystem::temp_directory_path() / ("qrt_iso_orphan_" + std::to_string(::getpid()) + ".qasm");
  std::ofstream(file) << "OPENQASM 2.0;\ninclude \"qelib1.inc\";\nopaque boom a;\nqreg q[1];\ncreg c[1];\nboom q[0];\n"
                         "measure q -> c;\n";
  const std::string device = "fake.crash.loop@" + library + ":shots=3";
  // As subreaper, this test adopts the orphaned worker and can see how it ended (init might never reap it).
  REQUIRE(::prctl(PR_SET_CHILD_SUBREAPER, 1) == 0);
  const pid_t host = ::fork();
  REQUIRE(host >= 0);
  if (host == 0) {
    ::setenv("QRT_PLUGIN_PATH", "", 1);
    ::setenv("QRT_ALLOW_UNSAFE_PLUGINS", "1", 1);
    std::freopen("/dev/null", "w", stdout);
    std::freopen("/dev/null", "w", stderr);
    ::execl(QRT_TEST_CLI, QRT_TEST_CLI, "run", "--isolate", file.c_str(), "-d", device.c_str(), nullptr);
    ::_exit(127);
  }
  // Wait for the worker to be started (and so, soon, to be spinning in the plugin).
  std::vector<pid_t> workers;
  for (int i = 0; i < 1000 && workers.empty(); ++i) {
    workers = serving_workers_of(host);
    if (workers.empty()) std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  ::kill(host, SIGKILL);
  int status = 0;
  ::waitpid(host, &status, 0);
  std::filesystem::remove(file);
  REQUIRE(workers.size() == 1);
  bool gone = false;
  int worker_status = 0;
  for (int i = 0; i < 500 && !gone; ++i) {  // 5 s at most; the kernel does it at once
    gone = ::waitpid(workers[0], &worker_status, WNOHANG) == workers[0];
    if (!gone) std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  if (!gone) {  // do not leave it spinning when the check fails
    ::kill(workers[0], SIGKILL);
    ::waitpid(workers[0], &worker_status, 0);
  }
  ::prctl(PR_SET_CHILD_SUBREAPER, 0);
  CHECK(gone);
  CHECK(WIFSIGNALED(worker_status));
  CHECK(WTERMSIG(worker_status) == SIGKILL);
}

namespace {

// Every child of this process, by pid (from /proc: the 4th field of /proc/PID/stat is the parent pid).
std::vector<pid_t> children() {
  std::vector<pid_t> out;
  const long self = ::getpid();
  for (const auto& entry : std::filesystem::directory_iterator("/proc")) {
    const std::string name = entry.path().filename().string();
    if (name.find_first_not_of("0123456789") != std::string::npos) continue;
    const std::string text = proc_text(entry.path() / "stat");
    const auto close = text.rfind(')');
    char state = 0;
    long ppid = 0;
    if (close != std::string::npos && std::sscanf(text.c_str() + close + 1, " %c %ld", &state, &ppid) == 2 &&
        ppid == self)
      out.push_back(static_cast<pid_t>(std::stol(name)));
  }
  return out;
}

// A QIR program that loops forever without calling the runtime: nothing but the end of its process stops it.
constexpr const char* kClassicalLoop = R"(define void @main() #0 {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %next, %loop ]
  %next = add i64 %i, 1
  store volatile i64 %next, ptr @sink
  br label %loop
}
@sink = internal global i64 0
attributes #0 = { "entry_point" }
)";

}  // namespace

TEST_CASE("a QIR program run with --isolate leaves no process behind when its host is SIGKILLed or SIGTERMed",
          "[isolation][cli]") {
  if (!QRT_TEST_HAVE_QIR) return;
  const auto file = std::filesystem::temp_directory_path() / ("qrt_iso_qir_loop_" + std::to_string(::getpid()) + ".ll");
  std::ofstream(file) << kClassicalLoop;
  // As subreaper, this test adopts whatever the host leaves running and can tell that it ended.
  REQUIRE(::prctl(PR_SET_CHILD_SUBREAPER, 1) == 0);
  for (const int signal : {SIGKILL, SIGTERM}) {
    INFO("signal " << signal);
    const std::vector<pid_t> before = children();
    const pid_t host = ::fork();
    REQUIRE(host >= 0);
    if (host == 0) {
      ::setenv("QRT_PLUGIN_PATH", "", 1);
      std::freopen("/dev/null", "w", stdout);
      std::freopen("/dev/null", "w", stderr);
      ::execl(QRT_TEST_CLI, QRT_TEST_CLI, "run", "--isolate", file.c_str(), nullptr);
      ::_exit(127);
    }
    // The program runs in the device's worker once there is one (it loads and compiles it, then loops).
    std::vector<pid_t> workers;
    for (int i = 0; i < 1000 && workers.empty(); ++i) {
      workers = serving_workers_of(host);
      if (workers.empty()) std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    ::kill(host, signal);
    int status = 0;
    ::waitpid(host, &status, 0);
    CHECK(WIFSIGNALED(status));
    CHECK(workers.size() == 1);
    // Whatever the host started must end by itself, at once: collect every new child of ours for 5 s.
    std::vector<pid_t> left;
    for (int i = 0; i < 500; ++i) {
      left.clear();
      for (pid_t child : children())
        if (std::find(before.begin(), before.end(), child) == before.end() &&
            ::waitpid(child, nullptr, WNOHANG) != child)
          left.push_back(child);
      if (left.empty()) break;
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    for (pid_t child : left) {  // do not leave it spinning when the check fails
      ::kill(child, SIGKILL);
      ::waitpid(child, nullptr, 0);
    }
    CHECK(left.empty());
  }
  ::prctl(PR_SET_CHILD_SUBREAPER, 0);
  std::filesystem::remove(file);
}

namespace {

// What `qrt` mapped, as it wrote it at exit ($QRT_TEST_MAPS_FILE, a testing-only hook), and its outcome.
struct MappedRun {
  Outcome outcome;
  std::string maps;
};

MappedRun qrt_cli_maps(const std::string& args, const std::string& env = "") {
  auto maps = std::filesystem::temp_directory_path() / ("qrt_iso_maps_" + std::to_string(::getpid()));
  std::filesystem::remove(maps);
  Outcome o = qrt_cli(args, env + " QRT_TEST_MAPS_FILE=" + maps.string());
  MappedRun run{std::move(o), slurp(maps)};
  std::filesystem::remove(maps);
  return run;
}

// Any bundled plugin (build/lib/qrt/plugins/qrt_*.so).
bool maps_a_bundled_plugin(const std::string& maps) { return maps.find("/qrt/plugins/qrt_") != std::string::npos; }

}  // namespace

TEST_CASE("qrt run --isolate and qrt devices --isolate never map a plugin in the qrt process", "[isolation][cli]") {
  const std::string ghz = std::string(QRT_TEST_EXAMPLES_DIR) + "/ghz.qasm";

  const MappedRun plain = qrt_cli_maps("run " + ghz + " --shots 10");
  REQUIRE(plain.outcome.exit_code == 0);
  CHECK(maps_a_bundled_plugin(plain.maps));  // the check can fail: in process, the plugin is mapped
  // ... and only the plugin of the device the run asked for: discovery scanned the others in children.
  CHECK_THAT(plain.maps, Catch::Matchers::Contains("/qrt/plugins/qrt_statevector_qubit.so"));
  for (const char* other : {"qrt_null_qubit.so", "qrt_stabilizer_qubit.so", "qrt_template_device.so"})
    CHECK_THAT(plain.maps, !Catch::Matchers::Contains(other));

  for (const auto& [args, env] : {std::pair<std::string, std::string>{"run --isolate " + ghz + " --shots 10", ""},
                                  {"run " + ghz + " --shots 10", "QRT_ISOLATE=1"},
                                  {"devices --isolate --json", ""},
                                  {"devices", "QRT_ISOLATE=1"}}) {
    INFO(env << " qrt " << args);
    const MappedRun isolated = qrt_cli_maps(args, env);
    REQUIRE(isolated.outcome.exit_code == 0);
    CHECK_THAT(isolated.outcome.out, Catch::Matchers::Contains("statevector.qubit") ||
                                         Catch::Matchers::Contains("\"counts\"") || Catch::Matchers::Contains("000"));
    CHECK_THAT(isolated.maps, Catch::Matchers::Contains("[stack]"));  // the snapshot was written
    CHECK_FALSE(maps_a_bundled_plugin(isolated.maps));
  }
  // Listing maps nothing either; only in-process discovery (QRT_SCAN_ISOLATED=0) loads every plugin here.
  CHECK_FALSE(maps_a_bundled_plugin(qrt_cli_maps("devices --json").maps));
  CHECK(maps_a_bundled_plugin(qrt_cli_maps("devices --json", "QRT_SCAN_ISOLATED=0").maps));
}

TEST_CASE("a compiled QIR program on an isolated device runs in its worker, with the output it has in process",
          "[isolation][cli]") {
  const auto program = std::filesystem::path(QRT_TEST_SHARED_QIR) / "teleportation.ll";
  if (!QRT_TEST_HAVE_QIR || !std::filesystem::exists(program)) {
    WARN("skipped: " << (QRT_TEST_HAVE_QIR ? program.string() + " is absent"
                                           : "qrt was built without the QIR front end"));
    return;
  }
  const std::string args = "run " + program.string() + " --shots 100 --seed 5 --device ";
  const MappedRun plain = qrt_cli_maps(args + "statevector.qubit");
  REQUIRE(plain.outcome.exit_code == 0);
  REQUIRE_THAT(plain.outcome.out, Catch::Matchers::Contains("OUTPUT\tRESULT"));
  // The program (JIT code) and its device run in the worker; the output is the same.
  const MappedRun by_config = qrt_cli_maps(args + "statevector.qubit:isolate=true");
  REQUIRE(by_config.outcome.exit_code == 0);
  CHECK(by_config.outcome.out == plain.outcome.out);
  // With the global switch the plugin is never mapped in the qrt process.
  const MappedRun by_env = qrt_cli_maps(args + "statevector.qubit", "QRT_ISOLATE=1");
  REQUIRE(by_env.outcome.exit_code == 0);
  CHECK(by_env.outcome.out == plain.outcome.out);
  CHECK_THAT(by_env.maps, Catch::Matchers::Contains("[stack]"));
  CHECK_FALSE(maps_a_bundled_plugin(by_env.maps));
  // A worker that cannot start proves the calls go there.
  const Outcome no_worker = qrt_cli(args + "statevector.qubit:isolate=true", "QRT_WORKER=/nonexistent/qrt-worker");
  CHECK(no_worker.exit_code != 0);
  CHECK_THAT(no_worker.err, Catch::Matchers::Contains("/nonexistent/qrt-worker"));
}

TEST_CASE("qrt run --isolate never runs a plugin's static constructors in the qrt process", "[isolation][cli]") {
  const auto dir = std::filesystem::temp_directory_path() / ("qrt_iso_marker_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const auto marker = dir / "loaded_by", program = dir / "x.qasm";
  std::ofstream(program)
      << "OPENQASM 2.0;\ninclude \"qelib1.inc\";\nqreg q[2];\ncreg c[2];\nx q[0];\nmeasure q -> c;\n";
  const std::string env =
      std::string("QRT_PLUGIN_PATH=") + QRT_TEST_ISOLATION_MARKER_DIR + " QRT_TEST_CTOR_MARKER=" + marker.string();

  const MappedRun isolated = qrt_cli_maps("run --isolate " + program.string() + " -d fake.ctor_marker:shots=4", env);
  CHECK(isolated.outcome.exit_code == 0);
  CHECK_FALSE(isolated.maps.empty());
  CHECK(isolated.maps.find("fake_ctor_marker.so") == std::string::npos);
  const std::string loaded_by = slurp(marker);
  CHECK_FALSE(loaded_by.empty());  // the scanning child and the worker ran it

  // One device isolated by its config, named by its library: not mapped either.
  const std::string library = std::string(QRT_TEST_ISOLATION_MARKER_DIR) + "/fake_ctor_marker.so";
  const MappedRun by_config =
      qrt_cli_maps("run " + program.string() + " -d 'fake.ctor_marker@" + library + ":shots=4,isolate=true'",
                   "QRT_TEST_CTOR_MARKER=" + marker.string());
  CHECK(by_config.outcome.exit_code == 0);
  CHECK_FALSE(by_config.maps.empty());
  CHECK(by_config.maps.find("fake_ctor_marker.so") == std::string::npos);

  const MappedRun in_process = qrt_cli_maps("run " + program.string() + " -d fake.ctor_marker:shots=4", env);
  CHECK(in_process.outcome.exit_code == 0);
  CHECK(in_process.maps.find("fake_ctor_marker.so") != std::string::npos);
  std::filesystem::remove_all(dir);
}
