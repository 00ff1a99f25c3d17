// Programs that cannot run are refused before running, with the reason; programs that fail while
// running fail their shot with the runtime's message.
#include "qir_support.hpp"

using namespace qir_test;
using qrt::qir::Program;
using qrt::qir::ProgramError;

namespace {

std::string load_error(const char* name, const std::string& entry = "") {
  try {
    Program::load(program(name), {entry});
  } catch (const ProgramError& e) {
    return e.what();
  }
  FAIL("loading " << name << " did not fail");
  return {};
}

qrt::qir::ShotOutput one_shot(const char* name) {
  Program p = Program::load(program(name));
  qrt::qir::RunOptions options;
  options.seed = 1;
  auto result = qrt::qir::run(p, options);
  REQUIRE(result.shots.size() == 1);
  return result.shots[0];
}

}  // namespace

TEST_CASE("malformed, invalid and unlinkable modules are refused before running", "[qir][errors]") {
  CHECK_THAT(load_error("parse_error.ll"),
             Catch::Contains("parse_error.ll:4:3: error: expected ',' in argument list") && Catch::Contains("^"));
  CHECK_THAT(load_error("verify_error.ll"), Catch::Contains("not valid LLVM IR") && Catch::Contains("dominate"));
  CHECK_THAT(load_error("unknown_function.ll"),
             Catch::Contains("failed to link some declared functions: ") &&
                 Catch::Contains("__quantum__qis__teleport__body (qrt does not provide it)") &&
                 Catch::Contains("__quantum__qis__h__body (declared as void (ptr, ptr); qrt provides void (ptr))"));
  CHECK_THAT(load_error("no_entry.ll"),
             Catch::Contains("no function is marked as the entry point") && Catch::Contains("first, second"));
  CHECK_THAT(load_error("two_entries.ll"),
             Catch::Contains("2 entry points (first, second)") && Catch::Contains("--entry"));
  CHECK_THAT(load_error("two_entries.ll", "third"), Catch::Contains("no function named 'third'"));
  CHECK(Program::load(program("two_entries.ll"), {"second"}).entry_name() == "second");
  CHECK_THAT(load_error("missing.ll"), Catch::Contains("missing.ll: cannot read the file"));
}

TEST_CASE("runtime failures end the shot with a clear message, and records before it are kept", "[qir][errors]") {
  auto beyond = one_shot("beyond_limit.ll");
  CHECK(beyond.failed);
  CHECK_THAT(beyond.error, Catch::Contains("qubit id 100 is beyond statevector.qubit's limit of 40 qubits"));
  auto failed = one_shot("fail.ll");
  CHECK(failed.failed);
  CHECK_THAT(failed.error, Catch::Contains("the program failed: out of luck!!"));
  REQUIRE(failed.events.size() == 1);
  CHECK(failed.events[0].value == "1");
}

TEST_CASE("a run stops at its first failed shot, and the device is usable afterwards", "[qir][errors]") {
  Program p = Program::load(program("fail.ll"));
  qrt::qir::RunOptions options;
  options.shots = 5;
  auto result = qrt::qir::run(p, options);
  CHECK(result.shots.size() == 1);
  CHECK(result.failed());
  CHECK_THAT(qrt::qir::format_shot(p, result.shots[0]), Catch::EndsWith("OUTPUT\tINT\t1\nEND\t1\n"));
  CHECK(run_text(Program::load(program("bell_base.ll")), 2, 1).size() > 0);
}
