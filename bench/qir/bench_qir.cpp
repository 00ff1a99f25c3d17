// The QIR front end's costs, as JSON (--benchmark_format=json), each the best of 5 repetitions:
//   JitCompile/100000      parse + verify + bind + JIT of a module with 10^5 gate calls
//   QisCall                one __quantum__qis__h__body call from JIT code on null.qubit (a loop of 10^5)
//   QisCallWatched         the same, with an ExecutionProgress counting the calls (as `qrt run` does)
//   Teleport/Qir, /Qasm    shots per second of teleportation (mid-circuit measurement and feedback): QIR
//                          vs the same OpenQASM program, which runs shot by shot
//   Circuit20/Qir, /Qasm   one 20-qubit circuit (10 layers of rx, ry, rz and a CNOT ladder) on
//                          statevector.qubit, as QIR and as OpenQASM, with the device's gate fusion off and
//                          on; QIR on the lowered path (jit:0) and compiled (jit:1): the JIT path's gates
//                          reach the device's fusion queue too (fusion:1 vs fusion:0 at jit:1)
// (bench_qir_paths: whole `qrt run` processes, QIR vs OpenQASM, time and peak memory.)
#include <qrt/circuit_runner.hpp>
#include <qrt/qasm/parser.hpp>
#include <qrt/qir/program.hpp>
#include <qrt/runtime.hpp>

#include <benchmark/benchmark.h>

#include "layered_circuit.hpp"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <sstream>
#include <unistd.h>

namespace {

namespace fs = std::filesystem;
double min_of(const std::vector<double>& v) { return *std::min_element(v.begin(), v.end()); }
#define QRT_BENCH(fn) BENCHMARK(fn)->Repetitions(5)->ComputeStatistics("min", min_of)

qrt::RuntimeOptions runtime_options() {
  qrt::RuntimeOptions o;
  o.plugin_dirs = {QRT_BENCH_PLUGIN_DIR};
  return o;
}

fs::path write_temp(const std::string& name, const std::string& text) {
  fs::path p = fs::temp_directory_path() / ("qrt-bench-" + std::to_string(getpid()) + "-" + name);
  std::ofstream(p) << text;
  return p;
}

using qrt_bench::ir_double;
std::string q(int i) { return qrt_bench::ir_qubit(i); }

const char* kDeclarations =
    "declare void @__quantum__qis__h__body(ptr)\n"
    "declare void @__quantum__qis__rx__body(double, ptr)\n"
    "declare void @__quantum__qis__ry__body(double, ptr)\n"
    "declare void @__quantum__qis__rz__body(double, ptr)\n"
    "declare void @__quantum__qis__cnot__body(ptr, ptr)\n";

using qrt_bench::layered_circuit;

void BM_JitCompile(benchmark::State& state) {
  std::ostringstream ir;
  ir << "define void @main() #0 {\n";
  for (std::int64_t k = 0; k < state.range(0); ++k)
    ir << (k % 2 ? "  call void @__quantum__qis__h__body(" + q(static_cast<int>(k % 20)) + ")\n"
                 : "  call void @__quantum__qis__cnot__body(" + q(static_cast<int>(k % 19)) + ", " +
                       q(static_cast<int>(k % 19 + 1)) + ")\n");
  ir << "  ret void\n}\n" << kDeclarations << "attributes #0 = { \"entry_point\" }\n";
  fs::path file = write_temp("jit.ll", ir.str());
  double load = 0, compile = 0;
  qrt::qir::LoadOptions jit;
  jit.force_jit = true;  // straight-line: it would be lowered, not compiled
  for (auto _ : state) {
    qrt::qir::Program p = qrt::qir::Program::load(file, jit);
    load = p.load_seconds();
    compile = p.compile_seconds();
  }
  state.counters["parse_verify_s"] = load;
  state.counters["jit_s"] = compile;
  fs::remove(file);
}
BENCHMARK(BM_JitCompile)
    ->Arg(100000)
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1)
    ->Repetitions(3)
    ->ComputeStatistics("min", min_of);

void qis_calls(benchmark::State& state, bool watched) {
  constexpr int kCalls = 100000;
  std::string ir =
      "define void @main() #0 {\nentry:\n  br label %loop\nloop:\n"
      "  %i = phi i64 [ 0, %entry ], [ %n, %loop ]\n"
      "  call void @__quantum__qis__h__body(ptr null)\n"
      "  %n = add i64 %i, 1\n  %c = icmp ult i64 %n, " +
      std::to_string(kCalls) +
      "\n"
      "  br i1 %c, label %loop, label %done\ndone:\n  ret void\n}\n" +
      kDeclarations + "attributes #0 = { \"entry_point\" \"required_num_qubits\"=\"1\" }\n";
  fs::path file = write_temp("calls.ll", ir);
  qrt::qir::Program p = qrt::qir::Program::load(file);
  qrt::qir::RunOptions options;
  options.device = "null.qubit";
  options.runtime = runtime_options();
  qrt::ExecutionProgress progress;  // never stopped: only its counting costs
  if (watched) options.progress = &progress;
  for (auto _ : state) qrt::qir::run(p, options);
  state.SetItemsProcessed(state.iterations() * kCalls);
  state.counters["ns_per_call"] = benchmark::Counter(
      static_cast<double>(kCalls), benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
  fs::remove(file);
}
void BM_QisCall(benchmark::State& state) { qis_calls(state, false); }
void BM_QisCallWatched(benchmark::State& state) { qis_calls(state, true); }
QRT_BENCH(BM_QisCall)->Unit(benchmark::kMillisecond);
QRT_BENCH(BM_QisCallWatched)->Unit(benchmark::kMillisecond);

// Teleport a |+>-rotated state from q0 to q2 with measurement and classically controlled fixes.
const char* kTeleportIr = R"(
define void @main() #0 {
entry:
  call void @__quantum__qis__ry__body(double 0.7, ptr null)
  call void @__quantum__qis__h__body(ptr inttoptr (i64 1 to ptr))
  call void @__quantum__qis__cnot__body(ptr inttoptr (i64 1 to ptr), ptr inttoptr (i64 2 to ptr))
  call void @__quantum__qis__cnot__body(ptr null, ptr inttoptr (i64 1 to ptr))
  call void @__quantum__qis__h__body(ptr null)
  call void @__quantum__qis__mz__body(ptr null, ptr null)
  call void @__quantum__qis__mz__body(ptr inttoptr (i64 1 to ptr), ptr inttoptr (i64 1 to ptr))
  %b1 = call i1 @__quantum__qis__read_result__body(ptr inttoptr (i64 1 to ptr))
  br i1 %b1, label %fix_x, label %after_x
fix_x:
  call void @__quantum__qis__x__body(ptr inttoptr (i64 2 to ptr))
  br label %after_x
after_x:
  %b0 = call i1 @__quantum__qis__read_result__body(ptr null)
  br i1 %b0, label %fix_z, label %after_z
fix_z:
  call void @__quantum__qis__z__body(ptr inttoptr (i64 2 to ptr))
  br label %after_z
after_z:
  call void @__quantum__qis__mz__body(ptr inttoptr (i64 2 to ptr), ptr inttoptr (i64 2 to ptr))
  call void @__quantum__rt__result_record_output(ptr inttoptr (i64 2 to ptr), ptr null)
  ret void
}
declare void @__quantum__qis__h__body(ptr)
declare void @__quantum__qis__x__body(ptr)
declare void @__quantum__qis__z__body(ptr)
declare void @__quantum__qis__ry__body(double, ptr)
declare void @__quantum__qis__cnot__body(ptr, ptr)
declare void @__quantum__qis__mz__body(ptr, ptr)
declare i1 @__quantum__qis__read_result__body(ptr)
declare void @__quantum__rt__result_record_output(ptr, ptr)
attributes #0 = { "entry_point" "qir_profiles"="adaptive_profile" "required_num_qubits"="3" "required_num_results"="3" }
)";

const char* kTeleportQasm = R"(OPENQASM 2.0;
include "qelib1.inc";
qreg q[3];
creg m0[1];
creg m1[1];
creg out[1];
ry(0.7) q[0];
h q[1];
cx q[1], q[2];
cx q[0], q[1];
h q[0];
measure q[0] -> m0[0];
measure q[1] -> m1[0];
if (m1 == 1) x q[2];
if (m0 == 1) z q[2];
measure q[2] -> out[0];
)";

constexpr std::uint64_t kTeleportShots = 2000;

void BM_Teleport_Qir(benchmark::State& state) {
  fs::path file = write_temp("teleport.ll", kTeleportIr);
  qrt::qir::Program p = qrt::qir::Program::load(file);
  qrt::qir::RunOptions options;
  options.shots = kTeleportShots;
  options.seed = 1;
  options.runtime = runtime_options();
  for (auto _ : state) benchmark::DoNotOptimize(qrt::qir::run(p, options).shots.size());
  state.counters["shots_per_s"] =
      benchmark::Counter(static_cast<double>(kTeleportShots), benchmark::Counter::kIsIterationInvariantRate);
  fs::remove(file);
}
QRT_BENCH(BM_Teleport_Qir)->Unit(benchmark::kMillisecond);

void BM_Teleport_Qasm(benchmark::State& state) {
  qrt::program::Program program = qrt::qasm::parse_string(kTeleportQasm, "teleport.qasm");
  qrt::Runtime runtime(runtime_options());
  qrt::RunOptions options;
  options.shots = kTeleportShots;
  options.seed = 1;
  for (auto _ : state) {
    qrt::Device device = runtime.open("statevector.qubit");
    benchmark::DoNotOptimize(qrt::run_program(program, device, options).counts.size());
  }
  state.counters["shots_per_s"] =
      benchmark::Counter(static_cast<double>(kTeleportShots), benchmark::Counter::kIsIterationInvariantRate);
}
QRT_BENCH(BM_Teleport_Qasm)->Unit(benchmark::kMillisecond);

void BM_Circuit20_Qir(benchmark::State& state) {
  fs::path file = write_temp("circuit20.ll", layered_circuit(20, 10).first);
  qrt::qir::LoadOptions load;
  load.force_jit = state.range(1) != 0;
  qrt::qir::Program p = qrt::qir::Program::load(file, load);
  qrt::qir::RunOptions options;
  options.device = state.range(0) ? "statevector.qubit" : "statevector.qubit:fusion=false";
  options.seed = 1;
  options.runtime = runtime_options();
  for (auto _ : state) benchmark::DoNotOptimize(qrt::qir::run(p, options).shots.size());
  fs::remove(file);
}
QRT_BENCH(BM_Circuit20_Qir)->ArgNames({"fusion", "jit"})->ArgsProduct({{0, 1}, {0, 1}})->Unit(benchmark::kMillisecond);

void BM_Circuit20_Qasm(benchmark::State& state) {
  qrt::program::Program program = qrt::qasm::parse_string(layered_circuit(20, 10).second, "circuit20.qasm");
  qrt::Runtime runtime(runtime_options());
  qrt::RunOptions options;
  options.shots = 0;
  for (auto _ : state) {
    // As the QIR run does per shot: a pooled device (reset on release), the program applied gate by gate.
    qrt::Device device = runtime.open(state.range(0) ? "statevector.qubit" : "statevector.qubit:fusion=false");
    benchmark::DoNotOptimize(qrt::run_program(program, device, options).shots);
  }
}
QRT_BENCH(BM_Circuit20_Qasm)->ArgName("fusion")->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
