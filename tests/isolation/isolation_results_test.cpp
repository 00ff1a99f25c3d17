// An isolated run executes the same code on the same lowered program with the same seed: its results
// are bit-identical to the in-process run's (doubles cross the pipe as their bit patterns).
#include "isolation_support.hpp"

#include <catch2/catch.hpp>

#include <chrono>
#include <iostream>

using namespace isolation_test;

namespace {

const char* const kInline = R"(OPENQASM 2.0;
include "qelib1.inc";
qreg q[3];
creg a[1];
creg b[2];
h q[0];
cx q[0], q[1];
u3(0.3, 0.2, 0.1) q[2];
crz(0.7) q[1], q[2];
measure q[0] -> a[0];
measure q[1] -> b[0];
measure q[2] -> b[1];
)";

// Dynamic: mid-circuit measurement and `if`.
const char* const kDynamic = R"(OPENQASM 2.0;
include "qelib1.inc";
qreg q[2];
creg c[2];
h q[0];
measure q[0] -> c[0];
if (c == 1) x q[1];
h q[0];
measure q -> c;
)";

void check_same(qrt::Runtime& runtime, const qrt::program::Program& program, const std::string& config, bool analytic) {
  qrt::RunOptions options;
  options.seed = 11;
  options.shots = 500;
  const auto in_process = run(runtime, config, program, options);
  const auto isolated = run(runtime, config + ",isolate=true", program, options);
  CHECK(isolated.counts == in_process.counts);
  CHECK(isolated.dynamic == in_process.dynamic);
  CHECK(isolated.measured_clbits == in_process.measured_clbits);
  if (!analytic) return;
  qrt::RunOptions probs;
  probs.shots = 0;
  probs.probabilities = true;
  probs.state = true;
  probs.strip_measurements = true;
  probs.expvals = {std::string(program.num_qubits, 'Z')};
  const auto a = run(runtime, config, program, probs);
  const auto b = run(runtime, config + ",isolate=true", program, probs);
  CHECK(a.probabilities == b.probabilities);  // exact: same bits
  CHECK(a.state == b.state);
  CHECK(a.expvals == b.expvals);
}

}  // namespace

TEST_CASE("isolated and in-process runs give identical seeded results", "[isolation]") {
  qrt::Runtime runtime(bundled_plugins());
  check_same(runtime, qrt::qasm::parse_string(kInline, "inline.qasm"), "statevector.qubit:seed=3", true);
  check_same(runtime, qrt::qasm::parse_string(kDynamic, "dynamic.qasm"), "statevector.qubit:seed=3", false);
}

TEST_CASE("isolated and in-process runs agree on QASMBench circuits", "[isolation][corpus]") {
  const std::filesystem::path corpus = std::filesystem::path(QRT_TEST_CORPUS_DIR) / "qasmbench";
  if (std::string(QRT_TEST_CORPUS_DIR).empty() || !std::filesystem::exists(corpus)) {
    WARN("no QASMBench corpus at " << corpus << "; skipped");
    return;
  }
  qrt::Runtime runtime(bundled_plugins());
  for (const char* name :
       {"adder_n4.qasm", "basis_change_n3.qasm", "qft_n4.qasm", "inverseqft_n4.qasm", "bell_n4.qasm"}) {
    INFO(name);
    const auto program = qrt::qasm::parse_file(corpus / name);
    bool dynamic = false;
    {
      qrt::RunOptions o;
      o.shots = 1;
      dynamic = run(runtime, "statevector.qubit", program, o).dynamic;
    }
    check_same(runtime, program, "statevector.qubit:seed=5", !dynamic);
  }
}

// Not run by default: `isolation_tests "[.timing]"` prints the cost of isolation per program.
TEST_CASE("round-trip overhead of an isolated program", "[.timing]") {
  qrt::Runtime runtime(bundled_plugins());
  const auto program = qrt::qasm::parse_string(kInline, "inline.qasm");
  qrt::RunOptions options;
  options.shots = 100;
  auto time_per_run = [&](const std::string& config) {
    run(runtime, config, program, options);  // warm: the instance (worker) exists
    constexpr int kRuns = 200;
    auto start = std::chrono::steady_clock::now();
    for (int i = 0; i < kRuns; ++i) run(runtime, config, program, options);
    return std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start).count() / kRuns;
  };
  const double in_process = time_per_run("statevector.qubit:threads=1");
  const double isolated = time_per_run("statevector.qubit:threads=1,isolate=true");
  auto start = std::chrono::steady_clock::now();
  { qrt::Device fresh = runtime.open("statevector.qubit:threads=1,seed=99,isolate=true"); }
  const double spawn = std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start).count();
  std::cout << "open+run+release of a 3-qubit, 100-shot program: in-process " << in_process << " us, isolated "
            << isolated << " us (pooled worker); starting a worker: " << spawn << " us\n";
}
