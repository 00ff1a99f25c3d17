// The C++ side of bench/python/python_bench.py's per-call overhead: what one Python iteration
// `dev.run(bell); dev.probabilities()` makes libqrt do (python/src/device_binding.cpp), called from C++:
// a fresh start from the pool, lowering, the run with a stop flag, the probabilities in qubit order.
// Prints one JSON object. Usage: bench_python_baseline [ITERATIONS]
#include <qrt/circuit_runner.hpp>
#include <qrt/qasm/parser.hpp>
#include <qrt/runtime.hpp>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

namespace {

constexpr const char* kBell =
    "OPENQASM 2.0;\ninclude \"qelib1.inc\";\nqreg q[2];\ncreg c[2];\nh q[0];\ncx q[0], q[1];\nmeasure q -> c;\n";
constexpr const char* kConfig = "statevector.qubit:threads=1";

double one_iteration(qrt::Runtime& runtime, qrt::Device& device, const qrt::program::Program& program) {
  if (device.num_qubits() != 0) {
    device.release();
    device = runtime.open(kConfig);
  }
  qrt::ExecutionProgress progress;
  qrt::RunOptions options;
  options.progress = &progress;
  const auto lowered = qrt::lower_for(program, qrt::gate_set_of(device.type()), options);
  if (qrt::is_dynamic(lowered)) std::abort();
  qrt::RunResult r = qrt::run_lowered(program, lowered, device, options);
  std::vector<qrt::Wire> high_first(r.wires.rbegin(), r.wires.rend());
  std::vector<double> p = device.probs(high_first);
  return p[0];
}

}  // namespace

int main(int argc, char** argv) {
  const long iterations = argc > 1 ? std::atol(argv[1]) : 20000;
  auto runtime = qrt::process_runtime();
  const auto program = qrt::qasm::parse_string(kBell, "bell.qasm");
  qrt::Device device = runtime->open(kConfig);
  double sink = 0;
  for (long i = 0; i < iterations / 10; ++i) sink += one_iteration(*runtime, device, program);  // warm-up
  const auto start = std::chrono::steady_clock::now();
  for (long i = 0; i < iterations; ++i) sink += one_iteration(*runtime, device, program);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("{\"iterations\": %ld, \"ns_per_call\": %.1f, \"checksum\": %.3f}\n", iterations,
              1e9 * seconds / iterations, sink / (iterations + iterations / 10));
  return 0;
}
