// `qrt batch` end to end, run as a child process: JSON Lines content and order, -o json with pool
// statistics and a parameter sweep, --jobs 1 vs --jobs 2 giving the same seeded results, errors, and
// Ctrl-C: SIGINT to the child mid-run must stop the running program, cancel the queued ones, write
// every result so far and exit with 130; --timeout per program; --out with --resume.
#include <qrt/executor.hpp>

#include <boost/json.hpp>
#include <catch2/catch.hpp>

#include <cerrno>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <numbers>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <fcntl.h>
#include <spawn.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

using Catch::Matchers::Contains;
namespace fs = std::filesystem;
using namespace std::chrono_literals;

namespace {

// A fresh temporary folder, removed with the object.
class TempDir {
 public:
  TempDir() {
    std::string pattern = (fs::temp_directory_path() / "qrt-batch-test-XXXXXX").string();
    if (!::mkdtemp(pattern.data())) throw std::runtime_error(std::string("mkdtemp: ") + std::strerror(errno));
    path_ = pattern;
  }
  ~TempDir() {
    std::error_code ignored;
    fs::remove_all(path_, ignored);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;

  fs::path write(const std::string& name, const std::string& text) const {
    fs::path file = path_ / name;
    fs::create_directories(file.parent_path());
    std::ofstream(file) << text;
    return file;
  }
  const fs::path& path() const { return path_; }

 private:
  fs::path path_;
};

std::string slurp(const fs::path& file) {
  std::ifstream in(file);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// The child's environment: ours, with discovery limited to the build's plugin folder and no pool limits.
std::vector<std::string> child_environment() {
  std::vector<std::string> env;
  for (char** e = environ; *e; ++e) {
    const std::string entry = *e;
    if (entry.starts_with("QRT_PLUGIN_PATH=") || entry.starts_with("QRT_POOL_")) continue;
    env.push_back(entry);
  }
  env.push_back("QRT_PLUGIN_PATH=");
  return env;
}

// Whether the thread whose /proc status file is `status_file` blocks `sig` (its SigBlk mask, in hex).
bool blocks(const fs::path& status_file, int sig) {
  std::ifstream in(status_file);
  for (std::string line; std::getline(in, line);)
    if (line.starts_with("SigBlk:")) return (std::stoull(line.substr(7), nullptr, 16) >> (sig - 1)) & 1U;
  return false;
}

// `qrt ARGS...` started in the background with stdout and stderr going to files.
class Child {
 public:
  Child(const std::vector<std::string>& args, fs::path out, fs::path err) : out_(std::move(out)), err_(std::move(err)) {
    std::vector<std::string> argv_text{QRT_TEST_CLI};
    argv_text.insert(argv_text.end(), args.begin(), args.end());
    std::vector<char*> argv;
    for (auto& a : argv_text) argv.push_back(a.data());
    argv.push_back(nullptr);
    std::vector<std::string> env_text = child_environment();
    std::vector<char*> envp;
    for (auto& e : env_text) envp.push_back(e.data());
    envp.push_back(nullptr);

    posix_spawn_file_actions_t files;
    posix_spawn_file_actions_init(&files);
    posix_spawn_file_actions_addopen(&files, STDOUT_FILENO, out_.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    posix_spawn_file_actions_addopen(&files, STDERR_FILENO, err_.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    const int rc = posix_spawn(&pid_, argv[0], &files, nullptr, argv.data(), envp.data());
    posix_spawn_file_actions_destroy(&files);
    if (rc != 0) throw std::runtime_error(std::string("posix_spawn ") + QRT_TEST_CLI + ": " + std::strerror(rc));
  }
  ~Child() {
    if (pid_ > 0) {  // a failed test: do not leave it running
      ::kill(pid_, SIGKILL);
      ::waitpid(pid_, nullptr, 0);
    }
  }
  Child(const Child&) = delete;
  Child& operator=(const Child&) = delete;

  void signal(int sig) const { ::kill(pid_, sig); }
  // Sends `sig` to one of the child's threads other than its main thread, as the kernel may do with a
  // process-directed signal: the main thread's waits are then not interrupted. Only a thread that does not
  // block `sig` qualifies: sanitizer runtimes start helper threads that block every signal, and a signal
  // aimed at one of those would stay pending for ever. False if there is no such thread.
  bool signal_a_secondary_thread(int sig) const {
    for (const auto& task : fs::directory_iterator("/proc/" + std::to_string(pid_) + "/task")) {
      const pid_t tid = std::stoi(task.path().filename().string());
      if (tid != pid_ && !blocks(task.path() / "status", sig) && ::syscall(SYS_tgkill, pid_, tid, sig) == 0)
        return true;
    }
    return false;
  }
  // The exit code, or -(signal) when a signal ended it; nullopt (and the child killed) after `limit`.
  std::optional<int> wait_for(std::chrono::seconds limit) {
    const auto deadline = std::chrono::steady_clock::now() + limit;
    int status = 0;
    for (;;) {
      const pid_t done = ::waitpid(pid_, &status, WNOHANG);
      if (done == pid_) break;
      if (done < 0 && errno != EINTR) throw std::runtime_error(std::string("waitpid: ") + std::strerror(errno));
      if (std::chrono::steady_clock::now() > deadline) return std::nullopt;  // the destructor kills it
      std::this_thread::sleep_for(20ms);
    }
    pid_ = -1;
    return WIFEXITED(status) ? WEXITSTATUS(status) : -WTERMSIG(status);
  }
  // The exit code, or -(signal) when a signal ended it.
  int wait() {
    int status = 0;
    while (::waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
    }
    pid_ = -1;
    return WIFEXITED(status) ? WEXITSTATUS(status) : -WTERMSIG(status);
  }

 private:
  pid_t pid_ = -1;
  fs::path out_, err_;
};

struct Outcome {
  int exit_code;
  std::string out, err;
};

// `qrt ARGS...` run to completion; its files live in `dir`.
Outcome run_qrt(const TempDir& dir, const std::vector<std::string>& args) {
  static int counter = 0;
  const fs::path out = dir.path() / ("out" + std::to_string(counter)),
                 err = dir.path() / ("err" + std::to_string(counter));
  ++counter;
  Child child(args, out, err);
  const int code = child.wait();
  return {code, slurp(out), slurp(err)};
}

Outcome qrt_batch(const TempDir& dir, std::vector<std::string> args) {
  args.insert(args.begin(), "batch");
  return run_qrt(dir, args);
}

std::vector<boost::json::object> json_lines(const std::string& text) {
  std::vector<boost::json::object> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);)
    if (!line.empty()) lines.push_back(boost::json::parse(line).as_object());
  return lines;
}

std::map<std::string, std::int64_t> counts_of(const boost::json::object& result) {
  std::map<std::string, std::int64_t> counts;
  for (const auto& [bits, n] : result.at("counts").as_object()) counts[std::string(bits)] = n.as_int64();
  return counts;
}

const char* const kBell = R"(OPENQASM 2.0;
include "qelib1.inc";
qreg q[2];
creg c[2];
h q[0];
cx q[0], q[1];
measure q -> c;
)";

const char* const kFlip = R"(OPENQASM 2.0;
include "qelib1.inc";
qreg q[2];
creg c[2];
x q[1];
measure q -> c;
)";

// A circuit whose sampled counts depend on the seed.
std::string random_circuit(int k) {
  std::ostringstream s;
  s << "OPENQASM 2.0;\ninclude \"qelib1.inc\";\nqreg q[3];\ncreg c[3];\n";
  s << "ry(" << 0.3 + 0.2 * k << ") q[0];\nh q[1];\ncx q[1], q[2];\nrx(" << 1.7 - 0.1 * k
    << ") q[2];\nmeasure q -> c;\n";
  return s.str();
}

}  // namespace

TEST_CASE("qrt batch writes one JSON line per circuit in input order", "[batch][cli]") {
  TempDir dir;
  dir.write("in/a_bell.qasm", kBell);
  dir.write("in/b_flip.qasm", kFlip);
  dir.write("in/c_broken.qasm", "OPENQASM 2.0;\nqreg q[1];\nfoo q[0];\n");
  dir.write("in/sub/d_bell.qasm", kBell);
  dir.write("in/notes.txt", "not a circuit");
  const Outcome r = qrt_batch(dir, {(dir.path() / "in").string(), "--shots", "50", "--seed", "3", "--jobs", "2"});
  INFO("stderr: " << r.err);
  CHECK(r.exit_code == 1);  // one circuit failed

  const auto lines = json_lines(r.out);
  REQUIRE(lines.size() == 4);
  const char* const names[] = {"a_bell.qasm", "b_flip.qasm", "c_broken.qasm", "d_bell.qasm"};
  for (std::size_t i = 0; i < 4; ++i) {
    INFO("line " << i);
    CHECK(lines[i].at("index").as_int64() == static_cast<std::int64_t>(i));
    CHECK(fs::path(std::string(lines[i].at("file").as_string())).filename() == names[i]);
    CHECK(lines[i].at("seed").to_number<std::uint64_t>() == qrt::derive_seed(3, i));
  }
  for (std::size_t i : {0u, 3u}) {
    CHECK(lines[i].at("status").as_string() == "ok");
    CHECK(lines[i].at("shots").as_int64() == 50);
    const auto counts = counts_of(lines[i]);
    std::int64_t total = 0;
    for (const auto& [bits, n] : counts) {
      CHECK((bits == "00" || bits == "11"));
      total += n;
    }
    CHECK(total == 50);
  }
  CHECK(counts_of(lines[1]) == std::map<std::string, std::int64_t>{{"10", 50}});  // x q[1]: c[1] = 1
  CHECK(lines[2].at("status").as_string() == "error");
  CHECK_THAT(std::string(lines[2].at("error").as_string()), Contains("c_broken.qasm") && Contains("foo"));
  CHECK_FALSE(lines[2].contains("counts"));
  CHECK_THAT(r.err, Contains("4 programs") && Contains("3 ok, 1 failed, 0 cancelled"));
  CHECK_THAT(r.err, Contains("qrt: progress 4/4"));  // stderr is not a terminal: plain lines
}

TEST_CASE("qrt batch: --jobs 1 and --jobs 2 give the same seeded results", "[batch][cli]") {
  TempDir dir;
  std::vector<std::string> files;
  for (int k = 0; k < 10; ++k)
    files.push_back(dir.write("c" + std::to_string(k) + ".qasm", random_circuit(k)).string());
  auto run = [&](const char* jobs) {
    std::vector<std::string> args = files;
    for (const char* a : {"--shots", "300", "--seed", "99", "--no-progress", "--jobs"}) args.emplace_back(a);
    args.emplace_back(jobs);
    const Outcome r = qrt_batch(dir, args);
    INFO("stderr: " << r.err);
    REQUIRE(r.exit_code == 0);
    auto lines = json_lines(r.out);
    for (auto& line : lines) line.erase("timings");  // the only field allowed to differ
    return lines;
  };
  const auto one = run("1"), two = run("2");
  REQUIRE(one.size() == 10);
  CHECK(one == two);
  std::set<std::map<std::string, std::int64_t>> distinct;
  for (const auto& line : one) distinct.insert(counts_of(line));
  CHECK(distinct.size() > 5);  // seeds and circuits differ, so equality above means something
}

TEST_CASE("qrt batch -o json: a parameter sweep, the summary and pool statistics", "[batch][cli]") {
  TempDir dir;
  const fs::path file = dir.write("ry.qasm", "OPENQASM 2.0;\ninclude \"qelib1.inc\";\nqreg q[1];\nry(theta) q[0];\n");
  const Outcome r = qrt_batch(
      dir, {file.string(), "--param", "theta=0,pi/2,pi", "-o", "json", "--stats", "--jobs", "2", "--no-progress"});
  INFO("stderr: " << r.err);
  REQUIRE(r.exit_code == 0);
  const boost::json::object doc = boost::json::parse(r.out).as_object();
  const auto& results = doc.at("results").as_array();
  REQUIRE(results.size() == 3);
  const double thetas[] = {0, std::numbers::pi / 2, std::numbers::pi};
  for (std::size_t i = 0; i < 3; ++i) {
    const auto& result = results[i].as_object();
    INFO("theta = " << thetas[i]);
    CHECK(result.at("params").as_object().at("theta").to_number<double>() == Approx(thetas[i]));
    const auto& probs = result.at("probabilities").as_object();
    const double p1 = std::pow(std::sin(thetas[i] / 2), 2);  // ry(theta)|0>: P(1) = sin^2(theta/2)
    const double got0 = probs.contains("0") ? probs.at("0").to_number<double>() : 0.0;
    const double got1 = probs.contains("1") ? probs.at("1").to_number<double>() : 0.0;
    CHECK(got0 == Approx(1 - p1).margin(1e-12));
    CHECK(got1 == Approx(p1).margin(1e-12));
  }
  const auto& summary = doc.at("summary").as_object();
  CHECK(summary.at("programs").as_int64() == 3);
  CHECK(summary.at("ok").as_int64() == 3);
  CHECK(summary.at("interrupted").as_bool() == false);
  CHECK(summary.at("jobs").as_int64() == 2);
  const auto& pool = doc.at("pool").as_object();
  CHECK(pool.at("hits").as_int64() + pool.at("misses").as_int64() == 3);
  CHECK(pool.at("creations").as_int64() <= 2);  // two workers: at most two instances
  CHECK(pool.at("active").as_int64() == 0);
  CHECK_THAT(r.err, Contains("qrt: pool {"));
}

TEST_CASE("qrt batch --pool-max-inactive 0 creates a device per program", "[batch][cli]") {
  TempDir dir;
  const fs::path file = dir.write("bell.qasm", kBell);
  const Outcome r = qrt_batch(dir, {file.string(), file.string(), file.string(), "--shots", "10", "-o", "json",
                                    "--stats", "--jobs", "1", "--pool-max-inactive", "0", "--no-progress"});
  INFO("stderr: " << r.err);
  REQUIRE(r.exit_code == 0);
  const boost::json::value doc = boost::json::parse(r.out);
  const auto& pool = doc.as_object().at("pool").as_object();
  CHECK(pool.at("creations").as_int64() == 3);
  CHECK(pool.at("hits").as_int64() == 0);
  CHECK(pool.at("evictions").as_int64() == 3);
  CHECK(pool.at("policy").as_object().at("max_inactive").as_int64() == 0);
}

TEST_CASE("qrt run --stats prints the pool's statistics as JSON on stderr", "[batch][cli]") {
  TempDir dir;
  const fs::path file = dir.write("bell.qasm", kBell);
  const Outcome r = run_qrt(dir, {"run", file.string(), "--shots", "20", "--stats", "-o", "json"});
  INFO("stderr: " << r.err);
  REQUIRE(r.exit_code == 0);
  CHECK(boost::json::parse(r.out).as_object().at("shots").as_int64() == 20);  // stdout holds the result only
  const std::size_t at = r.err.find("qrt: pool ");
  REQUIRE(at != std::string::npos);
  const boost::json::value stats = boost::json::parse(r.err.substr(at + 10, r.err.find('\n', at) - at - 10));
  CHECK(stats.at("creations").as_int64() == 1);
  CHECK(stats.at("active").as_int64() == 1);  // printed while the device holds the result
  CHECK(stats.at("keys").as_array().at(0).at("device").as_string() == "statevector.qubit");
}

TEST_CASE("qrt batch parses each file once and binds each grid point", "[batch][cli]") {
  // a.qasm uses theta only (phi ignored for it), b.qasm both, c.qasm a parameter the grid leaves unbound,
  // d.qasm does not parse: each of c's and d's runs reports its file's one error.
  TempDir dir;
  const std::string head = "OPENQASM 2.0;\ninclude \"qelib1.inc\";\nqreg q[1];\n";
  dir.write("a.qasm", head + "ry(theta) q[0];\n");
  dir.write("b.qasm", head + "ry(theta) q[0];\nry(phi) q[0];\n");
  dir.write("c.qasm", head + "ry(theta + gamma) q[0];\n");
  dir.write("d.qasm", head + "ry(theta) q[0]\n");
  const Outcome r = qrt_batch(
      dir, {dir.path().string(), "--param", "theta=0,pi", "--param", "phi=0,pi/2", "--jobs", "2", "--no-progress"});
  INFO("stderr: " << r.err);
  CHECK(r.exit_code == 1);
  const auto lines = json_lines(r.out);
  REQUIRE(lines.size() == 16);     // 4 files x 4 points
  std::size_t parses[2] = {0, 0};  // runs of a.qasm and b.qasm that spent time parsing
  for (std::size_t i = 0; i < 16; ++i) {
    const auto& line = lines[i];
    const auto& params = line.at("params").as_object();
    const double theta = params.at("theta").to_number<double>(), phi = params.at("phi").to_number<double>();
    if (i < 8) parses[i / 4] += line.at("timings").as_object().at("parse_s").to_number<double>() > 0;
    INFO("line " << i << ": " << boost::json::serialize(line));
    const auto& probs = i < 8 ? line.at("probabilities").as_object() : boost::json::object{};
    const auto p1 = [&] { return probs.contains("1") ? probs.at("1").to_number<double>() : 0.0; };
    if (i < 4) {
      CHECK(p1() == Approx(std::pow(std::sin(theta / 2), 2)).margin(1e-12));
    } else if (i < 8) {
      CHECK(p1() == Approx(std::pow(std::sin((theta + phi) / 2), 2)).margin(1e-12));
    } else if (i < 12) {
      CHECK(line.at("status").as_string() == "error");
      CHECK_THAT(std::string(line.at("error").as_string()),
                 Contains("c.qasm:4:12: error: free parameter 'gamma' has no value") && Contains("bound: theta"));
    } else {
      CHECK(line.at("status").as_string() == "error");
      CHECK_THAT(std::string(line.at("error").as_string()), Contains("d.qasm:") && Contains("error: expected"));
    }
  }
  CHECK(parses[0] == 1);  // once per file, whatever the number of points
  CHECK(parses[1] == 1);
}

TEST_CASE("qrt batch reports bad arguments clearly", "[batch][cli]") {
  TempDir dir;
  const fs::path file = dir.write("bell.qasm", kBell);
  Outcome r = qrt_batch(dir, {file.string(), "--param", "pi=1"});
  CHECK(r.exit_code == 1);
  CHECK_THAT(r.err, Contains("'pi=1'") && Contains("reserved"));
  r = qrt_batch(dir, {file.string(), "--device", "nonexistent.qubit"});
  CHECK(r.exit_code == 1);
  CHECK_THAT(r.err, Contains("unknown device 'nonexistent.qubit'"));
  r = qrt_batch(dir, {file.string(), "--pool-max-bytes", "lots"});
  CHECK(r.exit_code == 1);
  CHECK_THAT(r.err, Contains("--pool-max-bytes") && Contains("'lots'"));
  r = qrt_batch(dir, {(dir.path() / "missing.qasm").string()});
  CHECK(r.exit_code != 0);
  CHECK_THAT(r.err, Contains("missing.qasm"));
  fs::create_directories(dir.path() / "empty");
  r = qrt_batch(dir, {(dir.path() / "empty").string()});
  CHECK(r.exit_code == 1);
  CHECK_THAT(r.err, Contains("no .qasm, .ll or .bc files"));
  CHECK(r.out.empty());
}

namespace {

// Runs `copies` copies of `program` on one worker, presses Ctrl-C once the first result is out, and checks
// what a user must get: exit 130, "interrupted", a line for every program in order (results, then
// "cancelled" ones: queued, or stopped at their next operation), at least one of each. `to_secondary_thread`: the
// signal lands on a thread other than the one waiting for results.
void check_ctrl_c_on_batch(TempDir& dir, const char* program, int copies, const char* shots, bool to_secondary_thread) {
  const fs::path file = dir.write("program.qasm", program);
  std::vector<std::string> args{"batch"};
  for (int i = 0; i < copies; ++i) args.push_back(file.string());
  for (const char* a : {"--shots", shots, "--seed", "1", "--jobs", "1"}) args.emplace_back(a);
  const fs::path out = dir.path() / "out", err = dir.path() / "err";
  Child child(args, out, err);

  // Interrupt once the first result is out (the handler is installed before any program runs).
  const auto deadline = std::chrono::steady_clock::now() + 120s;
  while (slurp(out).find('\n') == std::string::npos) {
    REQUIRE(std::chrono::steady_clock::now() < deadline);
    std::this_thread::sleep_for(10ms);
  }
  if (to_secondary_thread) REQUIRE(child.signal_a_secondary_thread(SIGINT));
  else child.signal(SIGINT);
  const std::optional<int> code = child.wait_for(120s);
  const std::string stderr_text = slurp(err);
  INFO("stderr (end): " << stderr_text.substr(stderr_text.size() > 2000 ? stderr_text.size() - 2000 : 0));
  REQUIRE(code.has_value());  // still running 120 s after Ctrl-C: the signal was lost
  CHECK(*code == 130);
  CHECK_THAT(stderr_text, Contains("interrupted"));

  const auto lines = json_lines(slurp(out));
  REQUIRE(lines.size() == static_cast<std::size_t>(copies));  // every program has its line: a result or "cancelled"
  // Counted first and checked once, so a failure reports one summary rather than thousands of lines.
  std::size_t ok = 0, cancelled = 0, out_of_place = 0;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const std::string status(lines[i].at("status").as_string());
    const bool in_order = lines[i].at("index").as_int64() == static_cast<std::int64_t>(i);
    if (status == "ok" && in_order && cancelled == 0 && lines[i].at("shots").as_int64() == std::stoll(shots))
      ++ok;  // one worker, in order: every finished run precedes every cancelled one
    else if (status == "cancelled" && in_order) ++cancelled;
    else if (++out_of_place == 1)
      UNSCOPED_INFO("first unexpected line: " << i << ": " << boost::json::serialize(lines[i]));
  }
  CHECK(out_of_place == 0);
  CHECK(ok >= 1);
  CHECK(cancelled >= 1);
}

}  // namespace

TEST_CASE("Ctrl-C: running programs stop, queued ones are cancelled, results so far are written, exit 130",
          "[batch][cli][signal]") {
  TempDir dir;
  SECTION("slow programs (each longer than the batch's poll interval)") {
    // Mid-circuit measurement makes it run shot by shot: slow enough to interrupt the batch early.
    check_ctrl_c_on_batch(dir, R"(OPENQASM 2.0;
include "qelib1.inc";
qreg q[10];
creg c[10];
h q;
cx q[0], q[1];
measure q[0] -> c[0];
if (c == 1) x q[2];
ry(0.3) q;
cz q[3], q[4];
measure q -> c;
)",
                          40, "1000", false);
  }
  SECTION("quick programs, signal on a worker thread (the waiting thread is not woken: the flag must still be seen)") {
    check_ctrl_c_on_batch(dir, kBell, 3000, "1", true);
  }
}

// A long run: mid-circuit measurement makes it shot by shot, and 10^6 shots of it take many seconds.
const char* const kLong = R"(OPENQASM 2.0;
include "qelib1.inc";
qreg q[8];
creg c[8];
h q;
measure q[0] -> c[0];
if (c == 1) x q[1];
ry(0.3) q;
measure q -> c;
)";

TEST_CASE("qrt batch --timeout stops a program that runs too long; the others run", "[batch][cli]") {
  TempDir dir;
  const fs::path slow = dir.write("slow.qasm", kLong), quick = dir.write("quick.qasm", kBell);
  const auto start = std::chrono::steady_clock::now();
  const Outcome r = qrt_batch(
      dir, {slow.string(), quick.string(), "--shots", "1000000", "--timeout", "0.3", "--seed", "1", "--no-progress"});
  INFO("stderr: " << r.err);
  CHECK(std::chrono::steady_clock::now() - start < 60s);  // the 10^6 shots did not run to the end
  CHECK(r.exit_code == 1);
  const auto lines = json_lines(r.out);
  REQUIRE(lines.size() == 2);
  CHECK(lines[0].at("status").as_string() == "error");
  CHECK_THAT(std::string(lines[0].at("error").as_string()), Contains("did not finish within its timeout of 0.3 s"));
  CHECK(lines[1].at("status").as_string() == "ok");
}

TEST_CASE("qrt batch --out FILE --resume runs only what the file lacks, and refuses another batch's file",
          "[batch][cli]") {
  TempDir dir;
  for (int k = 0; k < 6; ++k) dir.write("in/c" + std::to_string(k) + ".qasm", random_circuit(k));
  const std::string in = (dir.path() / "in").string(), out = (dir.path() / "results.jsonl").string();
  // The reference: the whole batch at once.
  const std::vector<std::string> plain{in,  "--shots",       "40",    "--seed",
                                       "9", "--no-progress", "--out", (dir.path() / "whole.jsonl").string()};
  REQUIRE(qrt_batch(dir, plain).exit_code == 0);
  const auto reference = json_lines(slurp(dir.path() / "whole.jsonl"));
  REQUIRE(reference.size() == 6);

  // An interrupted session: two complete lines, a cancelled one and a line cut short.
  std::string partial;
  for (int i : {0, 3}) partial += boost::json::serialize(reference[i]) + "\n";
  boost::json::object cancelled = reference[4];
  cancelled["status"] = "cancelled";
  cancelled.erase("counts");
  partial += boost::json::serialize(cancelled) + "\n";
  partial += boost::json::serialize(reference[5]).substr(0, 20);
  std::ofstream(out) << partial;
  std::vector<std::string> resume{in, "--shots", "40", "--seed", "9", "--no-progress", "--out", out, "--resume"};
  const Outcome r = qrt_batch(dir, resume);
  INFO("stderr: " << r.err);
  REQUIRE(r.exit_code == 0);
  CHECK(r.out.empty());  // the results went to the file
  CHECK_THAT(r.err, Contains("4 ok") && Contains("2 done before (--resume)"));
  const auto lines = json_lines(slurp(out));
  REQUIRE(lines.size() == 6);  // each run once: the complete ones kept, the others run now
  std::set<std::int64_t> seen;
  for (const auto& line : lines) {
    const auto i = line.at("index").as_int64();
    CHECK(seen.insert(i).second);
    CHECK(line.at("status").as_string() == "ok");
    CHECK(counts_of(line) == counts_of(reference[static_cast<std::size_t>(i)]));  // same seeds, same samples
  }
  // Resuming with other inputs would mix two batches in one file.
  const Outcome other = qrt_batch(
      dir, {(dir.path() / "in" / "c1.qasm").string(), "--shots", "40", "--no-progress", "--out", out, "--resume"});
  CHECK(other.exit_code == 64);
  CHECK_THAT(other.err, Contains("of another batch") && Contains("resume with the inputs"));
  CHECK(json_lines(slurp(out)).size() == 6);  // untouched
  const Outcome no_file = qrt_batch(dir, {in, "--resume"});
  CHECK(no_file.exit_code == 64);
  CHECK_THAT(no_file.err, Contains("--resume needs --out FILE"));
}
