// Resource limits seen from the command line: too many qubits or shots are an error naming the bytes
// (exit status 1), and a memory-limited run (`ulimit -v`) fails the same way instead of crashing.
#include "cli_support.hpp"

#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <unistd.h>

using cli_test::qrt;
using cli_test::TempProgram;

namespace {

// Runs `script` with bash in a child process (a script file, so nothing needs quoting), as a user would.
[[maybe_unused]] cli_test::Outcome run_shell(const std::string& script) {  // unused under ASan (see below)
  static int counter = 0;
  const auto path = std::filesystem::temp_directory_path() /
                    ("qrt_cli_limits_" + std::to_string(::getpid()) + "_" + std::to_string(counter++) + ".sh");
  std::ofstream(path) << "export QRT_PLUGIN_PATH=\n" << script << "\n";
  const std::string out = path.string() + ".out", err = path.string() + ".err";
  const int status = std::system(("bash " + path.string() + " >" + out + " 2>" + err).c_str());
  cli_test::Outcome o{WIFEXITED(status) ? WEXITSTATUS(status) : -1, cli_test::slurp(out), cli_test::slurp(err)};
  for (const auto& p : {path.string(), out, err}) std::filesystem::remove(p);
  return o;
}

std::string qasm_on(int qubits) {
  return "OPENQASM 2.0;\ninclude \"qelib1.inc\";\nqreg q[" + std::to_string(qubits) + "];\ncreg c[" +
         std::to_string(qubits) + "];\nh q[0];\nmeasure q -> c;\n";
}

}  // namespace

TEST_CASE("qrt run: a state larger than memory is refused before allocating, naming the bytes", "[cli][limits]") {
  TempProgram big(qasm_on(40));  // 16 TiB of amplitudes
  auto r = qrt("run " + big.path.string() + " --shots 10");
  INFO(r.err);
  CHECK(r.exit_code == 1);
  CHECK_THAT(r.err, Catch::Contains("a state of 40 qubits needs 17592186044416 bytes") &&
                        Catch::Contains("available (limited by"));
}

TEST_CASE("qrt run: a shot count whose samples cannot fit in memory is refused", "[cli][limits]") {
  TempProgram small(qasm_on(3));
  auto r = qrt("run " + small.path.string() + " --shots 1000000000000000");
  INFO(r.err);
  CHECK(r.exit_code == 1);
  CHECK_THAT(r.err, Catch::Contains("1000000000000000 shots") && Catch::Contains("bytes"));
}

// AddressSanitizer reserves terabytes of shadow address space at start-up: a sanitized qrt cannot run
// under `ulimit -v` at all, so this case is for the normal builds only.
#if !defined(__SANITIZE_ADDRESS__)
TEST_CASE("qrt run under ulimit -v: too big a state is a clear error, not a crash", "[cli][limits]") {
  TempProgram big(qasm_on(30));  // 16 GiB, over a 2 GB address-space limit
  const std::string run = "run " + big.path.string() + " --shots 10 --device statevector.qubit:threads=2";
  // The limit applies to the shell and the qrt it execs, never to this test process.
  auto r = run_shell("ulimit -v 2000000; exec " + std::string(QRT_TEST_CLI) + " " + run);
  INFO(r.err);
  CHECK(r.exit_code == 1);  // not a signal (-1) and not an internal error (2)
  CHECK_THAT(r.err, Catch::Contains("a state of 30 qubits needs 17179869184 bytes") &&
                        Catch::Contains("RLIMIT_AS (ulimit -v)"));

  // Small enough for the limit: runs normally under it.
  TempProgram small(qasm_on(3));
  auto ok = run_shell("ulimit -v 2000000; exec " + std::string(QRT_TEST_CLI) + " run " + small.path.string() +
                      " --shots 10 --device statevector.qubit:threads=2");
  INFO(ok.err);
  CHECK(ok.exit_code == 0);
}
#endif
