// Compiled QIR programs on an isolated device: the JIT code runs in the device's worker process (loaded
// there from the module's bytes), with the same shots, seeds and records as in process, streamed back shot
// by shot; its crash, a loop past isolate_timeout and a stop end that worker, never this process.
#include "qir_support.hpp"

#include "isolation/compiled_runners.hpp"

#include <qrt/error.hpp>
#include <qrt/execution_progress.hpp>

#include <unistd.h>

#include <chrono>
#include <fstream>
#include <thread>

using qrt::qir::Program;
using namespace qir_test;
using Clock = std::chrono::steady_clock;

namespace {

const std::string kIsolated = "statevector.qubit:isolate=true";

Program compiled(const char* name) {
  qrt::qir::LoadOptions jit;
  jit.force_jit = true;  // a straight-line program runs lowered, not as JIT code
  return Program::load(program(name), jit);
}

// `iterations` Hadamards in a loop over 3 qubits, then one measurement recorded.
std::string gate_loop(long iterations) {
  return "define void @main() #0 {\nentry:\n  br label %loop\nloop:\n"
         "  %i = phi i64 [ 0, %entry ], [ %next, %loop ]\n  %w = urem i64 %i, 3\n  %q = inttoptr i64 %w to ptr\n"
         "  call void @__quantum__qis__h__body(ptr %q)\n  %next = add i64 %i, 1\n"
         "  %done = icmp eq i64 %next, " +
         std::to_string(iterations) +
         "\n  br i1 %done, label %exit, label %loop\nexit:\n"
         "  call void @__quantum__qis__mz__body(ptr null, ptr null)\n"
         "  call void @__quantum__rt__result_record_output(ptr null, ptr null)\n  ret void\n}\n"
         "declare void @__quantum__qis__h__body(ptr)\ndeclare void @__quantum__qis__mz__body(ptr, ptr)\n"
         "declare void @__quantum__rt__result_record_output(ptr, ptr)\n"
         "attributes #0 = { \"entry_point\" \"required_num_qubits\"=\"3\" \"required_num_results\"=\"1\" }\n";
}

}  // namespace

TEST_CASE("an isolated device runs compiled QIR in its worker: the same records and seeds, shot by shot",
          "[qir][isolation]") {
  for (const char* name : {"bell_base.ll", "full_qir.ll", "feedback_typed.ll"}) {
    INFO(name);
    const Program p = compiled(name);
    REQUIRE_FALSE(p.lowered());
    const std::string here = run_text(p, 12, 42);
    CHECK(run_text(p, 12, 42, kIsolated) == here);
  }
  const Program bell = compiled("bell_base.ll");  // random outcomes: the seed matters there as here
  CHECK(run_text(bell, 12, 43, kIsolated) == run_text(bell, 12, 43));
  CHECK(run_text(bell, 12, 43, kIsolated) != run_text(bell, 12, 42, kIsolated));
  // Each shot reaches on_shot as it ends, in order, and the result holds them all.
  qrt::qir::RunOptions options;
  options.device = kIsolated;
  options.shots = 5;
  options.seed = 9;
  std::vector<std::uint64_t> seen;
  options.on_shot = [&](std::uint64_t k, const qrt::qir::ShotOutput& shot) {
    CHECK_FALSE(shot.failed);
    seen.push_back(k);
  };
  const auto result = qrt::qir::run(bell, options);
  CHECK(seen == std::vector<std::uint64_t>{0, 1, 2, 3, 4});
  CHECK(result.shots.size() == 5);
}

TEST_CASE("a failing shot in the worker comes back with its records and error, and ends the run", "[qir][isolation]") {
  const Program p = compiled("fail.ll");
  qrt::qir::RunOptions options;
  options.shots = 3;
  options.seed = 1;
  const auto here = qrt::qir::run(p, options);
  options.device = kIsolated;
  const auto isolated = qrt::qir::run(p, options);
  REQUIRE(isolated.shots.size() == 1);
  REQUIRE(isolated.failed());
  CHECK_THAT(isolated.shots[0].error, Catch::Contains("out of luck!!"));
  CHECK(qrt::qir::format_shot(p, isolated.shots[0]) == qrt::qir::format_shot(p, here.shots[0]));  // INT 1, END 1
  options.stop_on_failure = false;
  CHECK(qrt::qir::run(p, options).shots.size() == 3);
}

TEST_CASE("JIT code that crashes in the worker is an error naming the program; this process lives on",
          "[qir][isolation]") {
  const Program crash = Program::load(program("crash.ll"));
  qrt::qir::RunOptions options;
  options.device = kIsolated;
  try {
    qrt::qir::run(crash, options);  // in process, this would end the test program
    FAIL("the crash was not reported");
  } catch (const qrt::Error& e) {
    CHECK(e.code() == qrt::ErrorCode::Internal);
    CHECK_THAT(e.what(), Catch::Contains("SIGSEGV") && Catch::Contains("isolated worker process") &&
                             Catch::Contains("while running the QIR program") && Catch::Contains("crash.ll"));
  }
  // The dead worker was dropped: the same config gets a fresh one.
  CHECK(run_text(compiled("bell_base.ll"), 2, 5, kIsolated) == run_text(compiled("bell_base.ll"), 2, 5));
}

TEST_CASE("isolate_timeout ends a compiled program that loops in the worker", "[qir][isolation]") {
  const Program loop = Program::load(program("infinite_loop.ll"));
  qrt::qir::RunOptions options;
  options.device = "statevector.qubit:isolate=true,isolate_timeout=0.3";
  const auto start = Clock::now();
  CHECK_THROWS_WITH(qrt::qir::run(loop, options), Catch::Contains("did not finish within 0.3 s (isolate_timeout)") &&
                                                      Catch::Contains("infinite_loop.ll"));
  CHECK(Clock::now() - start < std::chrono::seconds(20));
}

TEST_CASE("a stop ends a compiled program in the worker: at its next gate, or a classical loop by ending the worker",
          "[qir][isolation]") {
  const std::filesystem::path file =
      std::filesystem::temp_directory_path() / ("qrt_qir_iso_loop_" + std::to_string(::getpid()) + ".ll");
  std::ofstream(file) << gate_loop(1000000000);
  const Program gates = Program::load(file);
  std::filesystem::remove(file);
  const Program classical = Program::load(program("infinite_loop.ll"));
  for (const Program* p : {&gates, &classical}) {
    INFO(p->file());
    qrt::ExecutionProgress progress;
    qrt::qir::RunOptions options;
    options.device = kIsolated;
    options.progress = &progress;
    std::thread stopper([&] {
      // Gates are being counted (the worker's reports arrive every 100 ms), or the loop has had its time.
      const auto until =
          Clock::now() + (p == &gates ? std::chrono::milliseconds(30000) : std::chrono::milliseconds(200));
      while (Clock::now() < until && !(p == &gates && progress.done() > 0))
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
      progress.request_stop();
    });
    const auto start = Clock::now();
    try {
      qrt::qir::run(*p, options);
      FAIL("the run did not stop");
    } catch (const qrt::StoppedError& e) {
      CHECK_THAT(e.what(), Catch::Contains("stopped in shot 1 of 1 after"));
    }
    stopper.join();
    CHECK(Clock::now() - start < std::chrono::seconds(40));
    if (p == &gates) CHECK(progress.done() > 0);
  }
}

TEST_CASE("a program that opens a device itself fails its shot in a worker, saying why", "[qir][isolation]") {
  const std::filesystem::path file =
      std::filesystem::temp_directory_path() / ("qrt_qir_iso_init_" + std::to_string(::getpid()) + ".ll");
  std::ofstream(file)
      << "@name = internal constant [18 x i8] c\"statevector.qubit\\00\"\n"
         "define void @main() #0 {\n  call void @__quantum__rt__device_init(ptr null, ptr @name, ptr null)\n"
         "  call void @__quantum__rt__int_record_output(i64 7, ptr null)\n  ret void\n}\n"
         "declare void @__quantum__rt__device_init(ptr, ptr, ptr)\n"
         "declare void @__quantum__rt__int_record_output(i64, ptr)\nattributes #0 = { \"entry_point\" }\n";
  const Program p = Program::load(file);
  std::filesystem::remove(file);
  qrt::qir::RunOptions options;
  CHECK_FALSE(qrt::qir::run(p, options).failed());  // in process it switches the thread to that device
  options.device = kIsolated;
  const auto result = qrt::qir::run(p, options);
  REQUIRE(result.failed());
  CHECK_THAT(result.shots[0].error, Catch::Contains("isolated device's worker cannot open devices"));
}

TEST_CASE("a worker knows a compiled front end only by a plain name, and says so when it lacks one",
          "[qir][isolation]") {
  CHECK_THROWS_WITH(qrt::isolation::compiled_front_end("no_such"),
                    Catch::Contains("cannot run no_such programs") && Catch::Contains("libqrt_no_such.so"));
  CHECK_THROWS_WITH(qrt::isolation::compiled_front_end("../qir"), Catch::Contains("is not a front end's name"));
  CHECK(qrt::isolation::compiled_front_end("qir").run != nullptr);
}
