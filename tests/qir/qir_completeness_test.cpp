// What real programs need beyond the core profiles (issue 24's completeness list): modules LLVM cannot
// compile refused without ending the process, unmeasured results read as Zero, older Q#'s bridges,
// qir-runner's classical helpers and older output calls, Quantinuum's native gates, and abort().
#include "qir_support.hpp"

#include <cmath>
#include <numbers>

using namespace qir_test;
using qrt::qir::EventKind;
using qrt::qir::Program;
using qrt::qir::ProgramError;

namespace {

std::string load_error(const char* name) {
  try {
    Program::load(program(name));
  } catch (const ProgramError& e) {
    return e.what();
  }
  FAIL("loading " << name << " did not fail");
  return {};
}

std::vector<qrt::qir::ShotOutput> shots_of(const char* name, std::uint64_t shots, std::uint64_t seed) {
  Program p = Program::load(program(name));
  qrt::qir::RunOptions options;
  options.shots = shots;
  options.seed = seed;
  options.stop_on_failure = false;
  return qrt::qir::run(p, options).shots;
}

double number(const qrt::qir::OutputEvent& e) { return std::stod(e.value); }

}  // namespace

TEST_CASE("inline assembly and other targets' intrinsics are refused before anything is compiled", "[qir][errors]") {
  CHECK_THAT(load_error("inline_asm.ll"),
             Catch::Contains("the module uses what qrt does not compile") &&
                 Catch::Contains("inline assembly in function 'main' (\"movq $$42, $0\")"));
  CHECK_THAT(load_error("module_asm.ll"), Catch::Contains("module-level inline assembly (\".globl qrt_helper"));
  CHECK_THAT(load_error("foreign_intrinsic.ll"),
             Catch::Contains("a call of llvm.aarch64.crc32b (an intrinsic of another target than this machine's"));
}

TEST_CASE("a fatal error inside LLVM fails the load, and the process goes on", "[qir][errors]") {
  for (int attempt = 0; attempt < 2; ++attempt) {  // the handler works more than once
    CHECK_THAT(load_error("codegen_fatal.ll"),
               Catch::Contains("codegen_fatal.ll: error: LLVM cannot compile the module: ") &&
                   Catch::Contains("Cannot select"));
  }
  CHECK(run_text(Program::load(program("bell_base.ll")), 2, 1).size() > 0);
  // Through the CLI: an error and exit status 1, not LLVM's abort (134).
  auto cli = qrt_cli("run " + quoted(program("codegen_fatal.ll")));
  CHECK(cli.status == 1);
  CHECK_THAT(cli.out, Catch::Contains("Cannot select"));
  CHECK_THAT(cli.out, !Catch::Contains("LLVM ERROR") && !Catch::Contains("Stack dump"));
}

TEST_CASE("results never measured read as Zero, as in qir-runner", "[qir]") {
  Program p = Program::load(program("unwritten_result.ll"));
  CHECK_THAT(run_text(p, 1, 1), Catch::EndsWith("OUTPUT\tRESULT\t0\nOUTPUT\tRESULT\t1\nOUTPUT\tRESULT\t0\nEND\t0\n"));
}

TEST_CASE("older Q# output: the module's own bridges call quantum__rt__array_slice_1d and range_to_string", "[qir]") {
  Program p = Program::load(program("qsharp_bridges.ll"));
  CHECK(run_text(p, 1, 1) ==
        "START\nMETADATA\tEntryPoint\nOUTPUT\tARRAY\t3\nOUTPUT\tINT\t14\nOUTPUT\tINT\t12\n"
        "OUTPUT\tINT\t10\nINFO\t4..-2..0\nINFO\t0..9\nEND\t0\n");
}

TEST_CASE("qir-runner's classical helpers: math, seeded random draws, memory", "[qir]") {
  auto shots = shots_of("classical_helpers.ll", 300, 5);
  std::vector<int> faces(7, 0);
  for (const auto& s : shots) {
    INFO(s.error);
    REQUIRE_FALSE(s.failed);
    REQUIRE(s.events.size() == 10);
    CHECK(number(s.events[0]) == std::numbers::pi);
    CHECK(std::abs(number(s.events[1]) - 3 * std::numbers::pi / 4) < 1e-15);
    CHECK(number(s.events[2]) == -1.0);   // 7 - 2 * round(3.5)
    CHECK(s.events[3].value == "false");  // IsInfinity(-inf): +infinity only
    CHECK(s.events[4].value == "true");
    CHECK(s.events[5].value == "true");
    const auto die = std::stoll(s.events[6].value);
    REQUIRE((die >= 1 && die <= 6));
    ++faces[static_cast<std::size_t>(die)];
    CHECK((number(s.events[7]) >= 0.0 && number(s.events[7]) <= 1.0));
    CHECK(s.events[8].value == "0");  // memory_allocate's bytes are zeroed
    CHECK(s.events[9].value == "42");
  }
  for (int face = 1; face <= 6; ++face) CHECK(faces[static_cast<std::size_t>(face)] > 25);  // mean 50, sd 6.5
  Program p = Program::load(program("classical_helpers.ll"));
  CHECK(run_text(p, 20, 8) == run_text(p, 20, 8));
  CHECK(run_text(p, 20, 8) != run_text(p, 20, 9));
  auto failed = shots_of("draw_fail.ll", 1, 1).at(0);
  CHECK(failed.failed);
  CHECK_THAT(failed.error, Catch::Contains("__quantum__qis__drawrandomint__body: Invalid Argument: minimum > maximum"));
}

TEST_CASE("the older start/end output calls record the same schema, counts included", "[qir]") {
  Program p = Program::load(program("legacy_output.ll"));
  CHECK_THAT(run_text(p, 1, 1),
             Catch::EndsWith("OUTPUT\tARRAY\t3\nOUTPUT\tRESULT\t0\nOUTPUT\tRESULT\t1\nOUTPUT\tTUPLE\t2\n"
                             "OUTPUT\tINT\t5\nOUTPUT\tBOOL\ttrue\nOUTPUT\tDOUBLE\t0.5\nEND\t0\n"));
  auto unmatched = shots_of("legacy_unmatched.ll", 1, 1).at(0);
  CHECK(unmatched.failed);
  CHECK_THAT(unmatched.error,
             Catch::Contains("__quantum__rt__array_end_record_output without a matching array_start_record_output"));
  REQUIRE(unmatched.events.size() == 1);  // the open tuple is still recorded
  CHECK((unmatched.events[0].kind == EventKind::Tuple && unmatched.events[0].value == "0"));
}

TEST_CASE("Quantinuum's native gates (pytket-qir, hugr-qir) give the analytic outcomes", "[qir]") {
  for (const char* device : {"statevector.qubit", "null.qubit"}) {
    if (std::string(device) == "null.qubit") {  // every gate is accepted; measures 0
      Program p = Program::load(program("quantinuum_native.ll"));
      CHECK_THAT(run_text(p, 1, 1, device), Catch::Contains("OUTPUT\tARRAY\t10\n"));
      continue;
    }
    Program p = Program::load(program("quantinuum_native.ll"));
    qrt::qir::RunOptions options;
    options.shots = 200;
    options.seed = 3;
    options.device = device;
    int ones23 = 0, ones67 = 0;
    for (const auto& s : qrt::qir::run(p, options).shots) {
      INFO(s.error);
      REQUIRE_FALSE(s.failed);
      std::string bits;
      for (const auto& e : s.events)
        if (e.kind == EventKind::Result) bits += e.value;
      REQUIRE(bits.size() == 10);
      CHECK(bits.substr(0, 2) == "11");
      CHECK(bits[2] == bits[3]);
      CHECK(bits.substr(4, 2) == "11");
      CHECK(bits[6] == bits[7]);
      CHECK(bits.substr(8, 2) == "11");
      ones23 += bits[2] == '1';
      ones67 += bits[6] == '1';
    }
    CHECK((ones23 > 65 && ones23 < 135));  // mean 100, sd 7
    CHECK((ones67 > 65 && ones67 < 135));
  }
}

TEST_CASE("a program that calls abort() fails its shot, qrt goes on", "[qir][errors]") {
  auto shot = shots_of("abort.ll", 1, 1).at(0);
  CHECK(shot.failed);
  CHECK_THAT(shot.error, Catch::Contains("the program called abort()"));
  REQUIRE(shot.events.size() == 1);
  CHECK(shot.events[0].value == "1");
  auto cli = qrt_cli("run " + quoted(program("abort.ll")));
  CHECK(cli.status == 1);
  CHECK_THAT(cli.out, Catch::Contains("END\t1") && Catch::Contains("the program called abort()"));
}
