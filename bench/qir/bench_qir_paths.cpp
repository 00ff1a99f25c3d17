// QIR at OpenQASM speed: whole `qrt run` processes (load, plugin, run, output), a base-profile QIR program
// against the same circuit in OpenQASM, side by side; wall time and the child's peak RSS (wait4's
// ru_maxrss). JSON with --benchmark_format=json; 5 repetitions, min reported; machine load in the context.
//   Layered20x1000/Qir, /Qasm   20 qubits, 10 layers (rx, ry, rz on every qubit, a CNOT ladder), every qubit
//                               measured and recorded, 1000 shots (goal: QIR <= 1.2x OpenQASM)
//   Calls77500/Qir, /Qasm       8 qubits, 2500 layers: 77,500 calls in one block, 1 shot (goal: QIR <= 1.5x
//                               OpenQASM in time and in peak memory)
//   .../QirJit                  the QIR program compiled by the JIT (qrt run --jit), for comparison: only
//                               Layered20x3 (3 shots), as the JIT path takes tens of seconds for the others
#include <benchmark/benchmark.h>

#include "layered_circuit.hpp"

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include <fcntl.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

namespace {

namespace fs = std::filesystem;

struct Programs {
  fs::path dir = fs::temp_directory_path() / ("qrt-bench-qir-paths-" + std::to_string(getpid()));
  fs::path layered_ll, layered_qasm, calls_ll, calls_qasm;
  Programs() {
    fs::create_directories(dir);
    auto write = [&](const char* name, const std::string& text) {
      fs::path p = dir / name;
      std::ofstream(p) << text;
      return p;
    };
    auto [l_ir, l_qasm] = qrt_bench::layered_circuit(20, 10, true);
    layered_ll = write("layered20.ll", l_ir);
    layered_qasm = write("layered20.qasm", l_qasm);
    auto [c_ir, c_qasm] = qrt_bench::layered_circuit(8, 2500, true);
    calls_ll = write("calls77500.ll", c_ir);
    calls_qasm = write("calls77500.qasm", c_qasm);
  }
  ~Programs() {
    std::error_code ec;
    fs::remove_all(dir, ec);
  }
};

const Programs& programs() {
  static const Programs p;
  return p;
}

struct ChildRun {
  double seconds = 0;
  double peak_rss_mb = 0;
};

// `qrt run FILE --shots N --seed 1` (plus `extra`), its output to /dev/null.
ChildRun run_qrt(const fs::path& file, int shots, const char* extra) {
  std::vector<std::string> words = {QRT_BENCH_CLI, "run", file.string(), "--shots", std::to_string(shots),
                                    "--seed",      "1"};
  if (extra) words.emplace_back(extra);
  std::vector<char*> argv;
  for (auto& w : words) argv.push_back(w.data());
  argv.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
  const auto start = std::chrono::steady_clock::now();
  pid_t child = 0;
  int rc = posix_spawn(&child, argv[0], &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (rc != 0) throw std::runtime_error("cannot start " + words[0]);
  int status = 0;
  rusage usage{};
  while (wait4(child, &status, 0, &usage) < 0)
    if (errno != EINTR) throw std::runtime_error("wait4 failed");
  ChildRun run;
  run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  run.peak_rss_mb = static_cast<double>(usage.ru_maxrss) / 1024.0;  // KiB on Linux
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) throw std::runtime_error("qrt run " + file.string() + " failed");
  return run;
}

void measure(benchmark::State& state, const fs::path& file, int shots, const char* extra = nullptr) {
  double peak = 0;
  for (auto _ : state) {
    ChildRun run = run_qrt(file, shots, extra);
    state.SetIterationTime(run.seconds);
    peak = std::max(peak, run.peak_rss_mb);
  }
  state.counters["peak_rss_mb"] = peak;
}

void BM_Layered20x1000_Qir(benchmark::State& s) { measure(s, programs().layered_ll, 1000); }
void BM_Layered20x1000_Qasm(benchmark::State& s) { measure(s, programs().layered_qasm, 1000); }
void BM_Layered20x3_QirJit(benchmark::State& s) { measure(s, programs().layered_ll, 3, "--jit"); }
void BM_Layered20x3_Qir(benchmark::State& s) { measure(s, programs().layered_ll, 3); }
void BM_Calls77500_Qir(benchmark::State& s) { measure(s, programs().calls_ll, 1); }
void BM_Calls77500_Qasm(benchmark::State& s) { measure(s, programs().calls_qasm, 1); }

double min_of(const std::vector<double>& v) { return *std::min_element(v.begin(), v.end()); }

}  // namespace

int main(int argc, char** argv) {
  std::ifstream loadavg("/proc/loadavg");
  std::string load;
  std::getline(loadavg, load);
  benchmark::AddCustomContext("loadavg", load);
  for (auto* b : {benchmark::RegisterBenchmark("Layered20x1000/Qir", BM_Layered20x1000_Qir),
                  benchmark::RegisterBenchmark("Layered20x1000/Qasm", BM_Layered20x1000_Qasm),
                  benchmark::RegisterBenchmark("Layered20x3/Qir", BM_Layered20x3_Qir),
                  benchmark::RegisterBenchmark("Layered20x3/QirJit", BM_Layered20x3_QirJit),
                  benchmark::RegisterBenchmark("Calls77500/Qir", BM_Calls77500_Qir),
                  benchmark::RegisterBenchmark("Calls77500/Qasm", BM_Calls77500_Qasm)})
    b->UseManualTime()->Iterations(1)->Repetitions(5)->ComputeStatistics("min", min_of)->Unit(benchmark::kMillisecond);
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
