// Parse and run times of the QASMBench corpus (94 circuits, 2-16 qubits) on statevector.qubit:
//   BM_ParseCorpus     parse every file
//   BM_RunCorpus       parse + lower + run (measurements stripped, final probabilities) every file
//   BM_RunCorpusUntiled the same with tiles=false (issue 34: circuits below the tile size must not slow
//                      down; the corpus's 2-16 qubits all stay below tile_min_qubits)
//   BM_*Largest        the same for the circuit with the most gates
// JSON with --benchmark_format=json; 5 repetitions, min reported; machine load in the context.
#include <qrt/circuit_runner.hpp>
#include <qrt/qasm/parser.hpp>
#include <qrt/runtime.hpp>

#include <benchmark/benchmark.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>

namespace {

namespace fs = std::filesystem;

std::vector<fs::path> corpus_files() {
  std::vector<fs::path> files;
  fs::path dir = fs::path(QRT_BENCH_CORPUS_DIR) / "qasmbench";
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(dir, ec))
    if (entry.path().extension() == ".qasm") files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  return files;
}

fs::path largest_file() {
  fs::path best;
  std::size_t most = 0;
  for (const auto& f : corpus_files()) {
    std::size_t gates = qrt::qasm::parse_file(f).gate_count();
    if (gates > most) most = gates, best = f;
  }
  return best;
}

qrt::Runtime& runtime() {
  static qrt::Runtime rt([] {
    qrt::RuntimeOptions o;
    o.plugin_dirs = {QRT_BENCH_PLUGIN_DIR};
    return o;
  }());
  return rt;
}

void run_files(benchmark::State& state, const std::vector<fs::path>& files, bool execute,
               const char* device_config = "statevector.qubit") {
  std::size_t gates = 0;
  for (auto _ : state) {
    gates = 0;
    for (const auto& f : files) {
      qrt::program::Program program = qrt::qasm::parse_file(f);
      gates += program.gate_count();
      if (!execute) continue;
      qrt::Device device = runtime().open(device_config);
      qrt::RunOptions options;
      options.strip_measurements = true;
      options.probabilities = true;
      benchmark::DoNotOptimize(qrt::run_program(program, device, options).probabilities.data());
    }
  }
  state.counters["circuits"] = static_cast<double>(files.size());
  state.counters["gates"] = static_cast<double>(gates);
  state.counters["gates_per_s"] =
      benchmark::Counter(static_cast<double>(gates), benchmark::Counter::kIsIterationInvariantRate);
}

void BM_ParseCorpus(benchmark::State& s) { run_files(s, corpus_files(), false); }
void BM_RunCorpus(benchmark::State& s) { run_files(s, corpus_files(), true); }
void BM_RunCorpusUntiled(benchmark::State& s) { run_files(s, corpus_files(), true, "statevector.qubit:tiles=false"); }
void BM_ParseLargest(benchmark::State& s) { run_files(s, {largest_file()}, false); }
void BM_RunLargest(benchmark::State& s) { run_files(s, {largest_file()}, true); }

double min_of(const std::vector<double>& v) { return *std::min_element(v.begin(), v.end()); }

}  // namespace

int main(int argc, char** argv) {
  if (corpus_files().empty()) {
    std::cerr << "bench_qasm: no corpus at " QRT_BENCH_CORPUS_DIR "/qasmbench (configure with -DQRT_CORPUS_DIR=...)\n";
    return 0;
  }
  std::ifstream loadavg("/proc/loadavg");
  std::string load;
  std::getline(loadavg, load);
  benchmark::AddCustomContext("loadavg", load);
  benchmark::AddCustomContext("largest_circuit", largest_file().filename().string());
  for (auto* b : {benchmark::RegisterBenchmark("BM_ParseCorpus", BM_ParseCorpus),
                  benchmark::RegisterBenchmark("BM_RunCorpus", BM_RunCorpus),
                  benchmark::RegisterBenchmark("BM_RunCorpusUntiled", BM_RunCorpusUntiled),
                  benchmark::RegisterBenchmark("BM_ParseLargest", BM_ParseLargest),
                  benchmark::RegisterBenchmark("BM_RunLargest", BM_RunLargest)})
    b->Unit(benchmark::kMillisecond)->Repetitions(5)->ComputeStatistics("min", min_of);
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
