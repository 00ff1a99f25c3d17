// Stopping a running program (ExecutionProgress, execution_progress.hpp): in process at an operation
// boundary, through an isolated device (the host hangs up on its worker), and a worker whose host hangs
// up while it lives on (no PR_SET_PDEATHSIG involved) stops at its next operation boundary.
#include "isolation/isolated_backend.hpp"
#include <catch2/catch.hpp>

#include "isolation_support.hpp"

#include "isolation/wire_format.hpp"
#include "process/child_process.hpp"
#include "process/frame.hpp"

#include <qrt/execution_progress.hpp>

#include <boost/json.hpp>

#include <sys/wait.h>

#include <chrono>
#include <csignal>
#include <map>
#include <thread>

namespace {

constexpr const char* kUnfused = "statevector.qubit:fusion=false,tiles=false";

using Clock = std::chrono::steady_clock;
using namespace std::chrono_literals;

// `gates` Hadamards over `qubits` qubits, round robin. At 20 qubits on a device that applies each gate as
// it comes (kUnfused) each takes a millisecond or more, so 5000 of them run for seconds and a stop lands
// mid-run. (With fusion the device would merge them, and with tiles queue them and apply them in a few
// passes at the end: the whole run would take a fraction of a second.)
qrt::program::Program hadamards(std::size_t qubits, std::size_t gates) {
  std::string text = "OPENQASM 2.0;\ninclude \"qelib1.inc\";\nqreg q[" + std::to_string(qubits) + "];\n";
  for (std::size_t i = 0; i < gates; ++i) text += "h q[" + std::to_string(i % qubits) + "];\n";
  return qrt::qasm::parse_string(text, "hadamards.qasm");
}

// Requests a stop once the run has applied some operations (so the stop lands mid-run, not before it).
std::thread stop_when_started(qrt::ExecutionProgress& progress) {
  return std::thread([&progress] {
    const auto give_up = Clock::now() + 60s;
    while (progress.done() < 10 && Clock::now() < give_up) std::this_thread::sleep_for(1ms);
    progress.request_stop();
  });
}

}  // namespace

TEST_CASE("an observed run reports every operation, a requested stop ends it with StoppedError", "[isolation][stop]") {
  qrt::Runtime runtime(isolation_test::bundled_plugins());
  qrt::Device device = runtime.open("statevector.qubit");
  qrt::ExecutionProgress progress;
  qrt::RunOptions options;
  options.progress = &progress;
  options.probabilities = true;
  qrt::RunResult r = qrt::run_program(hadamards(16, 32), device, options);
  CHECK(progress.started());
  CHECK(progress.total() == 32);
  CHECK(progress.done() == 32);
  CHECK(r.probabilities.size() == 65536);  // H on every qubit twice: back to |0...0>
  CHECK(r.probabilities[0] == Approx(1.0));

  SECTION("a stop requested before the run: nothing is applied") {
    qrt::Device fresh = runtime.open("statevector.qubit");
    qrt::ExecutionProgress stopped;
    stopped.request_stop();
    options.progress = &stopped;
    try {
      qrt::run_program(hadamards(16, 8), fresh, options);
      FAIL("the run was not stopped");
    } catch (const qrt::StoppedError& e) {
      CHECK(e.done() == 0);
      CHECK(e.total() == 8);
      CHECK_THAT(e.what(), Catch::Matchers::Contains("stopped after 0 of 8 operations"));
    }
  }
  SECTION("a shot-by-shot run counts operations x shots and stops between shots too") {
    qrt::Device shots = runtime.open("statevector.qubit:shots=5,seed=1");
    const auto dynamic = qrt::qasm::parse_string(
        "OPENQASM 2.0;\ninclude \"qelib1.inc\";\nqreg q[1];\ncreg c[1];\nh q[0];\nmeasure q -> c;\nx q[0];\n",
        "d.qasm");
    qrt::ExecutionProgress counted;
    options.progress = &counted;
    options.probabilities = false;
    qrt::run_program(dynamic, shots, options);
    CHECK(counted.total() == 15);
    CHECK(counted.done() == 15);
  }
}

TEST_CASE("a stop from another thread ends an in-process run mid-way", "[isolation][stop]") {
  qrt::Runtime runtime(isolation_test::bundled_plugins());
  qrt::Device device = runtime.open(kUnfused);
  qrt::ExecutionProgress progress;
  qrt::RunOptions options;
  options.progress = &progress;
  std::thread stopper = stop_when_started(progress);
  CHECK_THROWS_AS(qrt::run_program(hadamards(20, 5000), device, options), qrt::StoppedError);
  stopper.join();
  CHECK(progress.done() >= 10);
  CHECK(progress.done() < progress.total());
}

TEST_CASE("an isolated run reports progress back and a stop hangs up on its worker", "[isolation][stop]") {
  qrt::RuntimeOptions runtime_options = isolation_test::bundled_plugins();
  runtime_options.isolate = true;
  qrt::Runtime runtime(runtime_options);
  qrt::ExecutionProgress progress;
  qrt::RunOptions options;
  options.progress = &progress;
  pid_t worker = -1;
  {
    qrt::Device device = runtime.open(kUnfused);
    worker = isolation_test::isolation_pid(device);
    std::thread stopper = stop_when_started(progress);  // needs the worker's reports to see done() move
    const auto start = Clock::now();
    CHECK_THROWS_AS(qrt::run_program(hadamards(20, 5000), device, options), qrt::StoppedError);
    stopper.join();
    CHECK(Clock::now() - start < 30s);
    CHECK(progress.total() == 5000);
    CHECK(progress.done() >= 10);
    CHECK_FALSE(qrt::isolation::isolated_backend_of(device)->worker().alive());  // the stop ended it, and it was reaped
  }
  CHECK(::kill(worker, 0) == -1);
}

TEST_CASE("a worker whose host hangs up mid-run stops at the next operation and exits", "[isolation][stop]") {
  // This test process is the host and stays alive, so PR_SET_PDEATHSIG never fires: only the worker's
  // watch on its channel can stop it. Uninterrupted, the program would run for minutes.
  std::string library, kwargs = "{\"fusion\":false,\"tiles\":false}";  // gates applied as they come
  qrt::program::LoweredProgram lowered;
  {
    qrt::Runtime runtime(isolation_test::bundled_plugins());
    qrt::Device device = runtime.open("statevector.qubit");
    library = device.type().library_path().string();
    lowered = qrt::lower_for(hadamards(20, 5000), qrt::gate_set_of(device.type()), {});
  }
  using namespace qrt::isolation;
  using namespace qrt::process;
  Child child = spawn(worker_executable(), {"--serve"}, Channel::Socket);
  const int fd = child.channel.get();
  std::string reply;
  REQUIRE(write_frame(fd,
                      boost::json::serialize(boost::json::object{
                          {"op", "create"}, {"library", library}, {"device", "statevector.qubit"}, {"kwargs", kwargs}}),
                      std::nullopt)
              .status == IoStatus::Ok);
  REQUIRE(read_frame(fd, reply, std::nullopt).status == IoStatus::Ok);
  REQUIRE_THAT(reply, Catch::Matchers::Contains("\"ok\":true"));
  const boost::json::object run{
      {"op", "run"}, {"program", encode_program(lowered)}, {"options", encode_options({})}, {"progress", true}};
  REQUIRE(write_frame(fd, boost::json::serialize(run), std::nullopt).status == IoStatus::Ok);
  // The first progress report: the worker is applying gates.
  REQUIRE(read_frame(fd, reply, Clock::now() + 60s).status == IoStatus::Ok);
  CHECK_THAT(reply, Catch::Matchers::Contains("\"progress\":") && Catch::Matchers::Contains("\"total\":5000"));

  child.channel.reset();  // hang up, and live on
  const auto hung_up = Clock::now();
  int status = 0;
  pid_t ended = 0;
  while ((ended = ::waitpid(child.pid, &status, WNOHANG)) == 0 && Clock::now() - hung_up < 10s)
    std::this_thread::sleep_for(10ms);
  if (ended == 0) {  // do not leave it running when the check fails
    ::kill(child.pid, SIGKILL);
    ::waitpid(child.pid, &status, 0);
  }
  REQUIRE(ended == child.pid);
  CHECK(WIFEXITED(status));  // it stopped and exited on its own, it was not killed
  CHECK(WEXITSTATUS(status) == 0);
}

TEST_CASE("an isolation worker ignores SIGINT: a terminal's Ctrl-C is for its host to act on", "[isolation][stop]") {
  // Ctrl-C reaches the whole foreground process group. `qrt run` stops the run itself (hanging up on the
  // worker); `qrt batch` lets running programs finish. A worker that died of the signal would break both.
  qrt::RuntimeOptions runtime_options = isolation_test::bundled_plugins();
  runtime_options.isolate = true;
  qrt::Runtime runtime(runtime_options);
  qrt::Device device = runtime.open("statevector.qubit:shots=10,seed=4");
  REQUIRE(::kill(isolation_test::isolation_pid(device), SIGINT) == 0);
  std::this_thread::sleep_for(200ms);
  CHECK(qrt::isolation::isolated_backend_of(device)->worker().idle_and_listening());
  const qrt::RunResult r = qrt::run_program(
      qrt::qasm::parse_string(
          "OPENQASM 2.0;\ninclude \"qelib1.inc\";\nqreg q[1];\ncreg c[1];\nx q[0];\nmeasure q -> c;\n"),
      device, {});
  CHECK(r.counts == std::map<std::string, std::uint64_t>{{"1", 10}});
}
