// Issue 35, item 14: a QIR module built for another target runs here when it is portable, and is refused,
// naming what ties it to its target, when it is not (host/src/qir/retarget.hpp).
#include "reliability_support.hpp"

#include <qrt/qir/program.hpp>

#include <catch2/catch.hpp>

#include <string>

using namespace reliability_test;
using Catch::Matchers::Contains;

namespace {

std::string program(const std::string& file) { return std::string(QRT_TEST_RELIABILITY_PROGRAMS) + "/" + file; }

std::string load_error(const std::string& file) {
  try {
    qrt::qir::Program::load(file);
  } catch (const qrt::qir::ProgramError& e) {
    return e.what();
  }
  return "";
}

std::string records(const qrt::qir::ShotOutput& shot) {
  std::string text;
  for (const auto& e : shot.events) text += e.label + "=" + e.value + ";";
  return shot.failed ? "failed: " + shot.error : text;
}

}  // namespace

TEST_CASE("retarget: hugr-qir's AArch64 program runs here, with the outcome a state-vector calculation gives",
          "[reliability][qir]") {
  // Unchanged from hugr-qir's test resources (tests/qir/programs/third_party/hugr-qir/README.md): its
  // triple and data layout are AArch64's. Qubit 1 ends in |0> whatever qubit 0 measured.
  const std::string file = std::string(QRT_TEST_QIR_PROGRAMS) + "/third_party/hugr-qir/quantum-conditional-1.ll";
  const qrt::qir::Program p = qrt::qir::Program::load(file);
  CHECK_FALSE(p.lowered());  // it branches on a measurement: compiled
  qrt::qir::RunOptions options;
  options.shots = 40;
  options.seed = 11;
  const qrt::qir::RunResult r = qrt::qir::run(p, options);
  REQUIRE(r.shots.size() == 40);
  for (const auto& shot : r.shots) CHECK(records(shot) == "0=false;");
}

TEST_CASE("retarget: a portable AArch64 module with its CPU's attributes runs here", "[reliability][qir]") {
  const qrt::qir::Program p = qrt::qir::Program::load(program("aarch64_portable.ll"));
  qrt::qir::RunOptions options;
  options.shots = 3;
  options.seed = 5;
  for (const auto& shot : qrt::qir::run(p, options).shots) CHECK(records(shot) == "r=1;n=42;");
}

TEST_CASE("retarget: a module that depends on its target is refused, naming what", "[reliability][qir]") {
  CHECK_THAT(load_error(program("armv7_pointer.ll")),
             Contains("built for armv7-unknown-linux-gnueabihf") && Contains("the type ptr (4 bytes there, 8 here)"));
  CHECK_THAT(load_error(program("aarch64_be.ll")),
             Contains("built for aarch64_be-unknown-linux-gnu") && Contains("a big-endian data layout"));
  CHECK_THAT(load_error(program("aarch64_varargs.ll")), Contains("function 'first_of' reads variadic arguments"));
  CHECK_THAT(load_error(program("aarch64_intrinsic.ll")),
             Contains("a call of llvm.aarch64.crc32b (an intrinsic of another target"));
}
