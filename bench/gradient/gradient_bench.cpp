// bench_gradient: the Jacobian of one Pauli expectation through qrt::gradient on issue 23's layered
// circuit — per layer rx, ry, rz on every qubit, each angle its own parameter, then a CNOT ladder
// (P = 3 n L parameters) — measured three ways in one run:
//  - forward: one run of the circuit (parameters bound) with that expectation, Executor::submit;
//  - adjoint: qrt::gradient with the adjoint method on the circuit parsed once, outside the timing as
//    the forward run's is (gradient lowering, one extension call);
//    forward and adjoint alternate, on the same one-worker executor (the device gets every core), and
//    the best of --repetitions is reported with the median of the per-repetition ratios;
//  - parameter-shift: qrt::gradient with 2P + 1 runs on a --workers executor (default 2), once, at
//    --shift-qubits (default: --qubits; it is 2P+1 forward runs, so a smaller size keeps it short).
// The machine's load average is recorded before and after. Prints one JSON object.
//   bench_gradient [--qubits 20] [--layers 10] [--repetitions 5] [--shift-qubits N (0: skip)] [--workers 2]
//                  [--device statevector.qubit] [--observable Z0]
// With --hamiltonian-terms K it measures issue 36's Hamiltonian goals instead (hamiltonian_bench.cpp).
#include "bench_support.hpp"

#include <qrt/circuit_runner.hpp>
#include <qrt/executor.hpp>
#include <qrt/gradient.hpp>
#include <qrt/loaded_program.hpp>
#include <qrt/runtime.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <memory>
#include <random>
#include <sstream>
#include <string>
#include <vector>

namespace {

using namespace bench_gradient;
using Layered = Circuit;

Layered layered_circuit(int qubits, int layers) {
  Layered c;
  std::ostringstream out;
  out << "OPENQASM 2.0;\ninclude \"qelib1.inc\";\nqreg q[" << qubits << "];\n";
  std::mt19937 rng(23);
  std::uniform_real_distribution<double> angle(-3.0, 3.0);
  for (int l = 0; l < layers; ++l) {
    for (int q = 0; q < qubits; ++q) {
      for (const char* gate : {"rx", "ry", "rz"}) {
        const std::string name = "t" + std::to_string(c.params.size());
        out << gate << "(" << name << ") q[" << q << "];\n";
        c.params.emplace_back(name, angle(rng));
      }
    }
    for (int q = 0; q + 1 < qubits; ++q) out << "cx q[" << q << "], q[" << q + 1 << "];\n";
  }
  c.source = out.str();
  return c;
}

Options parse(int argc, char** argv) {
  Options o;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string key = argv[i], value = argv[i + 1];
    if (key == "--qubits") o.qubits = std::atoi(value.c_str());
    else if (key == "--layers") o.layers = std::atoi(value.c_str());
    else if (key == "--repetitions") o.repetitions = std::max(1, std::atoi(value.c_str()));
    else if (key == "--shift-qubits") o.shift_qubits = std::atoi(value.c_str());
    else if (key == "--workers") o.workers = std::max(1, std::atoi(value.c_str()));
    else if (key == "--device") o.device = value;
    else if (key == "--observable") o.observable = value;
    else if (key == "--hamiltonian-terms") o.hamiltonian_terms = std::atoi(value.c_str());
    else if (key == "--words-too") o.words_too = std::atoi(value.c_str());
    else {
      std::fprintf(stderr, "bench_gradient: unknown option %s\n", key.c_str());
      std::exit(64);
    }
  }
  if (o.hamiltonian_terms < 0 || o.qubits < 2) {
    std::fprintf(stderr, "bench_gradient: --hamiltonian-terms must be >= 0 and --qubits >= 2\n");
    std::exit(64);
  }
  if (o.shift_qubits < 0) o.shift_qubits = o.qubits;
  return o;
}

}  // namespace

int main(int argc, char** argv) {
  const Options o = parse(argc, argv);
  if (o.hamiltonian_terms > 0) return run_hamiltonian(o);
  const std::string load_before = load_average();
  qrt::RuntimeOptions runtime_options;
  runtime_options.plugin_dirs = {QRT_BENCH_PLUGIN_DIR};
  qrt::Runtime runtime(runtime_options);

  const Layered circuit = layered_circuit(o.qubits, o.layers);
  const auto program = parsed(circuit.source, "<layered>");
  const qrt::LoadedProgram bound = qrt::LoadedProgram::openqasm(bound_copy(*program, circuit.params), "<layered>");
  std::vector<double> forward, adjoint, ratio;
  double forward_value = 0, adjoint_value = 0;
  {
    qrt::Executor one(runtime, {.workers = 1});
    qrt::RunRequest run;
    run.expvals = {o.observable};
    one.submit(o.device, bound, run).get();  // warm: the instance is created and pooled
    qrt::GradientOptions options;
    options.method = qrt::GradientMethod::Adjoint;
    for (int r = 0; r < o.repetitions; ++r) {
      auto start = std::chrono::steady_clock::now();
      forward_value = one.submit(o.device, bound, run).get().expvals.at(0).second;
      forward.push_back(seconds_since(start));
      start = std::chrono::steady_clock::now();
      const auto g = qrt::gradient(one, o.device, program, circuit.params, {o.observable}, options);
      adjoint.push_back(seconds_since(start));
      adjoint_value = g.expvals.at(0);
      ratio.push_back(adjoint.back() / forward.back());
    }
  }
  double shift_seconds = 0;
  std::size_t shift_runs = 0, shift_params = 0;
  if (o.shift_qubits > 0) {
    const Layered small = layered_circuit(o.shift_qubits, o.layers);
    qrt::Executor workers(runtime, {.workers = static_cast<std::size_t>(o.workers)});
    qrt::GradientOptions options;
    options.method = qrt::GradientMethod::ParameterShift;
    const auto start = std::chrono::steady_clock::now();
    const auto g =
        qrt::gradient(workers, o.device, parsed(small.source, "<layered>"), small.params, {o.observable}, options);
    shift_seconds = seconds_since(start);
    shift_runs = g.device_runs;
    shift_params = small.params.size();
  }
  const double best_forward = *std::min_element(forward.begin(), forward.end());
  const double best_adjoint = *std::min_element(adjoint.begin(), adjoint.end());
  std::printf(
      "{\"benchmark\": \"gradient_layered\", \"device\": \"%s\", \"qubits\": %d, \"layers\": %d, \"parameters\": %zu, "
      "\"observable\": \"%s\", \"repetitions\": %d, \"forward_best_s\": %.6f, \"forward_median_s\": %.6f, "
      "\"adjoint_best_s\": %.6f, \"adjoint_median_s\": %.6f, \"adjoint_over_forward_best\": %.3f, "
      "\"adjoint_over_forward_median\": %.3f, \"expval_forward\": %.15g, \"expval_adjoint\": %.15g, "
      "\"parameter_shift\": {\"qubits\": %d, \"parameters\": %zu, \"workers\": %d, \"runs\": %zu, \"seconds\": %.6f}, "
      "\"load_average_before\": \"%s\", \"load_average_after\": \"%s\"}\n",
      o.device.c_str(), o.qubits, o.layers, circuit.params.size(), o.observable.c_str(), o.repetitions, best_forward,
      median(forward), best_adjoint, median(adjoint), best_adjoint / best_forward, median(ratio), forward_value,
      adjoint_value, o.shift_qubits, shift_params, o.workers, shift_runs, shift_seconds, load_before.c_str(),
      load_average().c_str());
  return 0;
}
