// Real QIR programs (../shared/qir, written by qir-runner's and pyqir's authors) and our own, run through
// the whole front end: parse, verify, bind, JIT, shots on pooled devices.
#include "qir_support.hpp"

#include <map>
#include <sstream>
#include <thread>
#include <vector>

using namespace qir_test;
using qrt::qir::EventKind;
using qrt::qir::Program;

namespace {

bool have_shared() {
  if (std::filesystem::exists(shared("barrier.bc"))) return true;
  WARN("the shared QIR programs are not at " << shared("") << ": skipped");
  return false;
}

std::vector<qrt::qir::ShotOutput> shots_of(const Program& p, std::uint64_t shots, std::uint64_t seed,
                                           const std::string& device = "statevector.qubit") {
  qrt::qir::RunOptions options;
  options.shots = shots;
  options.seed = seed;
  options.device = device;
  auto result = qrt::qir::run(p, options);
  REQUIRE(result.shots.size() == shots);
  for (const auto& s : result.shots) {
    INFO(s.error);
    REQUIRE_FALSE(s.failed);
  }
  return result.shots;
}

// The values of a shot's RESULT records, as a bit string.
std::string result_bits(const qrt::qir::ShotOutput& shot) {
  std::string bits;
  for (const auto& e : shot.events)
    if (e.kind == EventKind::Result) bits += e.value;
  return bits;
}

}  // namespace

TEST_CASE("barrier.bc prints exactly what qir-runner prints", "[qir]") {
  if (!have_shared()) return;
  Program p = Program::load(shared("barrier.bc"));
  CHECK(run_text(p, 1, 5) ==
        "START\nMETADATA\tentry_point\nMETADATA\toutput_labeling_schema\nMETADATA\tqir_profiles\tbase_profile\n"
        "METADATA\trequired_num_qubits\t1\nMETADATA\trequired_num_results\t1\nOUTPUT\tRESULT\t0\nEND\t0\n");
  CHECK(run_text(p, 3, 5) == run_text(p, 3, 6));  // deterministic: X twice
}

TEST_CASE("random-bit.bc: one fair random result a shot, reproducible by seed", "[qir]") {
  if (!have_shared()) return;
  Program p = Program::load(shared("random-bit.bc"));
  auto shots = shots_of(p, 400, 11);
  int ones = 0;
  for (const auto& s : shots) {
    std::string bits = result_bits(s);
    REQUIRE(bits.size() == 1);
    ones += bits == "1";
  }
  CHECK(ones > 150);  // mean 200, standard deviation 10
  CHECK(ones < 250);
  CHECK(run_text(p, 50, 3) == run_text(p, 50, 3));
  CHECK(run_text(p, 50, 3) != run_text(p, 50, 4));
}

TEST_CASE("the other shared programs run and show what their README says", "[qir]") {
  if (!have_shared()) return;
  SECTION("teleportation.ll (typed pointers): an array of 4 results a shot") {
    Program p = Program::load(shared("teleportation.ll"));
    for (const auto& s : shots_of(p, 20, 1)) {
      REQUIRE(s.events.size() == 5);
      CHECK((s.events[0].kind == EventKind::Array && s.events[0].value == "4"));
      CHECK(result_bits(s).size() == 4);
    }
  }
  SECTION("pyqir_5_bit_random_number.ll: 5 uniformly random bits a shot") {
    Program p = Program::load(shared("pyqir_5_bit_random_number.ll"));
    std::array<int, 5> ones{};
    for (const auto& s : shots_of(p, 200, 2)) {
      std::string bits = result_bits(s);
      REQUIRE(bits.size() == 5);
      for (int i = 0; i < 5; ++i) ones[static_cast<std::size_t>(i)] += bits[static_cast<std::size_t>(i)] == '1';
    }
    for (int n : ones) CHECK((n > 60 && n < 140));  // mean 100, standard deviation ~7
  }
  SECTION("pyqir_if_then_else_continue.ll and pyqir_bell_qir_measure.bc (dynamic qubits) run") {
    shots_of(Program::load(shared("pyqir_if_then_else_continue.ll")), 10, 3);
    shots_of(Program::load(shared("pyqir_bell_qir_measure.bc")), 10, 3);
  }
  SECTION("pyqir_hello.bc prints its message") {
    Program p = Program::load(shared("pyqir_hello.bc"));
    CHECK_THAT(run_text(p, 1, 1), Catch::Contains("\nINFO\tHello World!\n"));
  }
}

TEST_CASE("a base-profile Bell pair: correlated, labelled, the same as bitcode and on every simulator", "[qir]") {
  Program p = Program::load(program("bell_base.ll"));
  CHECK(p.required_qubits() == 2);
  std::map<std::string, int> counts;
  for (const auto& s : shots_of(p, 300, 9)) {
    ++counts[result_bits(s)];
    REQUIRE(s.events.size() == 3);
    CHECK((s.events[0].labelled && s.events[0].label == "a" && s.events[1].label == "r0" && s.events[2].label == "r1"));
  }
  CHECK(counts.size() == 2);
  CHECK(counts["00"] > 100);
  CHECK(counts["11"] > 100);
  if (std::filesystem::exists(generated("bell_base.bc")))
    CHECK(run_text(Program::load(generated("bell_base.bc")), 20, 4) == run_text(p, 20, 4));
  std::map<std::string, int> stabilizer;
  for (const auto& s : shots_of(p, 200, 9, "stabilizer.qubit")) ++stabilizer[result_bits(s)];
  CHECK(stabilizer.size() == 2);
  for (const auto& s : shots_of(p, 5, 9, "null.qubit")) CHECK(result_bits(s) == "00");
}

TEST_CASE("adaptive feedback in typed-pointer IR: the copied qubit always agrees", "[qir]") {
  Program p = Program::load(program("feedback_typed.ll"));
  std::map<std::string, int> counts;
  for (const auto& s : shots_of(p, 200, 21)) {
    REQUIRE((s.events.size() == 3 && s.events[0].kind == EventKind::Tuple && !s.events[1].labelled));
    ++counts[result_bits(s)];
  }
  CHECK(counts.size() == 2);
  CHECK(counts.count("00") == 1);
  CHECK(counts.count("11") == 1);
}

TEST_CASE("full QIR: dynamic qubits, exp, joint measurement, runtime results, strings, every record kind", "[qir]") {
  Program p = Program::load(program("full_qir.ll"));
  std::string one =
      "START\nMETADATA\tEntryPoint\nOUTPUT\tBOOL\tfalse\nOUTPUT\tBOOL\ttrue\nOUTPUT\tINT\t-42\n"
      "OUTPUT\tDOUBLE\t2.5\nINFO\thello\nEND\t0\n";
  CHECK(run_text(p, 3, 8) == one + one + one);
}

TEST_CASE("a C program compiled by clang to LLVM IR runs with --entry", "[qir]") {
  if (!std::filesystem::exists(generated("c_program.ll"))) {
    WARN("clang was not found at configure time: c_program.ll was not made");  // .ci/install-deps installs it
    return;
  }
  qrt::qir::LoadOptions options;
  options.entry = "run";
  Program p = Program::load(generated("c_program.ll"), options);
  CHECK(p.metadata().empty());
  std::map<std::string, int> counts;
  for (const auto& s : shots_of(p, 100, 5)) ++counts[result_bits(s)];
  CHECK(counts.size() == 2);
  CHECK(counts["000"] + counts["111"] == 100);
}

TEST_CASE("IR with an older compiler's data layout (clang 14's x86-64) is upgraded and runs", "[qir]") {
  Program old_layout = Program::load(program("old_datalayout.ll"));
  CHECK(run_text(old_layout, 20, 4) == run_text(Program::load(program("bell_base.ll")), 20, 4));
}

TEST_CASE("several threads run programs at once, each on its own pooled device, reproducibly", "[qir]") {
  Program p = Program::load(program("bell_base.ll"));
  std::vector<std::string> expected;
  for (int t = 0; t < 4; ++t) expected.push_back(run_text(p, 40, static_cast<std::uint64_t>(100 + t)));
  std::vector<std::string> got(4);
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t)
    threads.emplace_back(
        [&, t] { got[static_cast<std::size_t>(t)] = run_text(p, 40, static_cast<std::uint64_t>(100 + t)); });
  for (auto& th : threads) th.join();
  CHECK(got == expected);
}

TEST_CASE("a watched run counts each gate and measurement, and a stop ends it at the next one", "[qir]") {
  qrt::qir::LoadOptions jit;
  jit.force_jit = true;  // compiled code, counted call by call (the lowered path: qir_lowered_test.cpp)
  Program p = Program::load(program("bell_base.ll"), jit);  // h, cnot, two mz: 4 operations a shot
  qrt::qir::RunOptions options;
  options.shots = 5;
  options.seed = 1;
  qrt::ExecutionProgress progress;
  options.progress = &progress;
  auto result = qrt::qir::run(p, options);
  REQUIRE(result.shots.size() == 5);
  CHECK(progress.done() == 20);
  CHECK(progress.total() == 0);  // not known up front for compiled code
  CHECK(progress.shots_done() == 5);
  CHECK(progress.shots_total() == 5);

  SECTION("a stop requested after shot 2 ends the run before shot 3: StoppedError, no more on_shot") {
    qrt::ExecutionProgress stopping;
    options.progress = &stopping;
    std::vector<std::uint64_t> reported;
    options.on_shot = [&](std::uint64_t k, const qrt::qir::ShotOutput&) {
      reported.push_back(k);
      if (k == 1) stopping.request_stop();  // as Ctrl-C would, between two shots (mid-shot: cli_progress_test)
    };
    try {
      qrt::qir::run(p, options);
      FAIL("the run did not stop");
    } catch (const qrt::StoppedError& e) {
      CHECK_THAT(e.what(), Catch::Contains("stopped in shot 3 of 5 after 8 operations"));
    }
    CHECK(reported == std::vector<std::uint64_t>{0, 1});
    CHECK(stopping.done() == 8);
    // The thread no longer reports to that progress: an unwatched run afterwards is unaffected.
    options.progress = nullptr;
    options.on_shot = nullptr;
    CHECK(qrt::qir::run(p, options).shots.size() == 5);
    CHECK(stopping.done() == 8);
  }
}
