// `qrt run` end to end (the executable, output to /dev/null): what a probability listing costs next to a
// run that reports one number. Same circuit, same device; the difference is what happens after the device
// returns its probabilities (selection, formatting, writing):
//   expval      --expval Z...Z              the baseline: the run plus one expectation value
//   top16       --probs --top 16 -o json    one selection pass over 2^n probabilities
//   all_json    --probs -o json             all 2^n entries streamed (output speed)
// Args: {qubits}. Each repeats 3 times and reports the min (a busy second core stalls runs).
// Run with --benchmark_format=json.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <unistd.h>
#include <vector>

namespace {

namespace fs = std::filesystem;

// Circuit files written by this run, removed at exit.
struct TempFiles {
  std::vector<fs::path> paths;
  ~TempFiles() {
    std::error_code ignored;
    for (const auto& p : paths) fs::remove(p, ignored);
  }
} temp_files;

// A layer of H, RZ and a CX ladder: every amplitude nonzero, so no listing can take a shortcut.
fs::path circuit(int n) {
  const fs::path path =
      fs::temp_directory_path() / ("qrt_bench_probs_" + std::to_string(::getpid()) + "_" + std::to_string(n) + ".qasm");
  if (fs::exists(path)) return path;
  temp_files.paths.push_back(path);
  std::ofstream out(path);
  out << "OPENQASM 2.0;\ninclude \"qelib1.inc\";\nqreg q[" << n << "];\n";
  for (int layer = 0; layer < 1; ++layer) {
    out << "h q;\n";
    for (int q = 0; q < n; ++q) out << "rz(" << 0.1 * (q + 1) + layer << ") q[" << q << "];\n";
    for (int q = 0; q + 1 < n; ++q) out << "cx q[" << q << "], q[" << q + 1 << "];\n";
  }
  return path;
}

void run_cli(benchmark::State& state, const std::string& request) {
  const int n = static_cast<int>(state.range(0));
  const std::string command =
      "QRT_PLUGIN_PATH= " + std::string(QRT_BENCH_CLI) + " run " + circuit(n).string() + " " + request + " >/dev/null";
  for (auto _ : state) {
    const auto t0 = std::chrono::steady_clock::now();
    const int status = std::system(command.c_str());
    const auto t1 = std::chrono::steady_clock::now();
    if (status != 0) {
      state.SkipWithError(("qrt run failed: " + command).c_str());
      break;
    }
    state.SetIterationTime(std::chrono::duration<double>(t1 - t0).count());
  }
  state.counters["qubits"] = n;
}

void BM_Expval(benchmark::State& state) {
  run_cli(state, "--expval " + std::string(static_cast<std::size_t>(state.range(0)), 'Z'));
}
void BM_ProbsTop16(benchmark::State& state) { run_cli(state, "--probs --top 16 -o json"); }
void BM_ProbsAllJson(benchmark::State& state) { run_cli(state, "--probs -o json"); }

double min_of(const std::vector<double>& v) { return *std::min_element(v.begin(), v.end()); }

#define QRT_CLI_BENCH(fn)             \
  BENCHMARK(fn)                       \
      ->UseManualTime()               \
      ->Unit(benchmark::kMillisecond) \
      ->Iterations(1)                 \
      ->Repetitions(3)                \
      ->ComputeStatistics("min", min_of)

QRT_CLI_BENCH(BM_Expval)->Arg(24)->Arg(26);
QRT_CLI_BENCH(BM_ProbsTop16)->Arg(24)->Arg(26);
QRT_CLI_BENCH(BM_ProbsAllJson)->Arg(20)->Arg(22);

}  // namespace

BENCHMARK_MAIN();
