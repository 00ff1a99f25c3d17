// Many programs at once:
//   BM_Throughput/workers:W/pool:P   2,000 QASMBench circuits (those of at most kMaxQubits qubits, parsed
//                                    once, repeated in file order) submitted to an Executor with W workers on
//                                    statevector.qubit, measurements stripped, final probabilities; P = 1:
//                                    the pool reuses instances, P = 0: QRT_POOL_MAX_INACTIVE=0 semantics,
//                                    a device created and destroyed per program
//   BM_ContendedInitRelease/threads:T  T threads opening and releasing null.qubit on one pool key
// JSON with --benchmark_format=json. Every benchmark repeats 5 times; the "min" row is the best time
// (for rates, the "max" row is the best). The machine load is in the context, before and after. A
// summary of the ratios (2 vs 1 workers, pool vs none) goes to stderr.
#include <qrt/circuit_runner.hpp>
#include <qrt/executor.hpp>
#include <qrt/qasm/parser.hpp>
#include <qrt/runtime.hpp>

#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;
using ProgramPtr = std::shared_ptr<const qrt::qasm::Program>;

constexpr std::size_t kPrograms = 2000;
constexpr std::uint32_t kMaxQubits = 10;  // "small": a state of at most 16 KiB, far below parallel_min_qubits

std::string loadavg() {
  std::ifstream in("/proc/loadavg");
  std::string line;
  std::getline(in, line);
  return line;
}

// The corpus circuits of at most kMaxQubits qubits, each parsed once.
const std::vector<ProgramPtr>& small_circuits() {
  static const std::vector<ProgramPtr> circuits = [] {
    std::vector<fs::path> files;
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(fs::path(QRT_BENCH_CORPUS_DIR) / "qasmbench", ec))
      if (entry.path().extension() == ".qasm") files.push_back(entry.path());
    std::sort(files.begin(), files.end());
    std::vector<ProgramPtr> out;
    for (const auto& file : files) {
      auto program = std::make_shared<const qrt::qasm::Program>(qrt::qasm::parse_file(file));
      if (program->num_qubits <= kMaxQubits) out.push_back(std::move(program));
    }
    return out;
  }();
  return circuits;
}

qrt::RuntimeOptions plugins(std::optional<std::size_t> max_inactive) {
  qrt::RuntimeOptions o;
  o.plugin_dirs = {QRT_BENCH_PLUGIN_DIR};
  o.pool.max_inactive = max_inactive;
  return o;
}

void BM_Throughput(benchmark::State& state) {
  const auto workers = static_cast<std::size_t>(state.range(0));
  const bool pool = state.range(1) != 0;
  const auto& circuits = small_circuits();
  if (circuits.empty()) {
    state.SkipWithError("no corpus circuits (QRT_CORPUS_DIR)");
    return;
  }
  qrt::Runtime runtime(plugins(pool ? std::nullopt : std::optional<std::size_t>(0)));
  qrt::Executor executor(runtime, qrt::ExecutorOptions{.workers = workers});
  qrt::RunOptions options;
  options.strip_measurements = true;
  options.probabilities = true;
  std::vector<std::future<qrt::RunResult>> futures;
  futures.reserve(kPrograms);
  std::size_t gates = 0;
  for (auto _ : state) {
    futures.clear();
    gates = 0;
    for (std::size_t i = 0; i < kPrograms; ++i) {
      const auto& program = circuits[i % circuits.size()];
      gates += program->gate_count();
      futures.push_back(executor.submit("statevector.qubit", program, options));
    }
    for (auto& future : futures) benchmark::DoNotOptimize(future.get().probabilities.data());
  }
  const qrt::PoolStats stats = runtime.pool_stats();
  state.counters["programs_per_s"] =
      benchmark::Counter(static_cast<double>(kPrograms), benchmark::Counter::kIsIterationInvariantRate);
  state.counters["distinct_circuits"] = static_cast<double>(circuits.size());
  state.counters["gates"] = static_cast<double>(gates);
  state.counters["device_creations"] = static_cast<double>(stats.creations);
  state.counters["device_threads"] = static_cast<double>(executor.device_threads());
}

// Real time: the work happens on the executor's threads, not on the benchmark's.
double min_of(const std::vector<double>& v) { return *std::min_element(v.begin(), v.end()); }
double max_of(const std::vector<double>& v) { return *std::max_element(v.begin(), v.end()); }

BENCHMARK(BM_Throughput)
    ->ArgNames({"workers", "pool"})
    ->Args({1, 1})
    ->Args({2, 1})
    ->Args({1, 0})
    ->Args({2, 0})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->Iterations(3)
    ->Repetitions(5)
    ->ComputeStatistics("min", min_of)
    ->ComputeStatistics("max", max_of);

qrt::Runtime& shared_runtime() {
  static qrt::Runtime runtime(plugins(std::nullopt));
  return runtime;
}

void BM_ContendedInitRelease(benchmark::State& state) {
  qrt::Runtime& runtime = shared_runtime();
  for (auto _ : state) {
    qrt::Device device = runtime.open("null.qubit:shots=10,seed=1");
    benchmark::DoNotOptimize(device.native_handle());
  }
  state.counters["cycles_per_s"] = benchmark::Counter(static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_ContendedInitRelease)
    ->Threads(1)
    ->Threads(2)
    ->Threads(8)
    ->Unit(benchmark::kNanosecond)
    ->UseRealTime()
    ->Repetitions(5)
    ->ComputeStatistics("min", min_of)
    ->ComputeStatistics("max", max_of);

// Passes everything to the JSON/console reporter and keeps the best time of each run name, for the
// ratio summary on stderr.
class RatioReporter : public benchmark::BenchmarkReporter {
 public:
  explicit RatioReporter(benchmark::BenchmarkReporter* inner) : inner_(inner) {}
  bool ReportContext(const Context& context) override { return inner_->ReportContext(context); }
  void ReportRuns(const std::vector<Run>& runs) override {
    for (const auto& run : runs)
      if (run.run_type == Run::RT_Iteration) {
        auto [it, inserted] = best_.try_emplace(run.run_name.str(), run.GetAdjustedRealTime());
        if (!inserted) it->second = std::min(it->second, run.GetAdjustedRealTime());
      }
    inner_->ReportRuns(runs);
  }
  void Finalize() override { inner_->Finalize(); }

  void summary() const {
    // The best time among the runs whose name starts with `prefix`.
    auto best = [&](const std::string& prefix) {
      double t = 0;
      for (const auto& [name, time] : best_)
        if (name.starts_with(prefix)) t = t > 0 ? std::min(t, time) : time;
      return t;
    };
    const double w1 = best("BM_Throughput/workers:1/pool:1/"), w2 = best("BM_Throughput/workers:2/pool:1/");
    const double w1_nopool = best("BM_Throughput/workers:1/pool:0/"), w2_nopool = best("BM_Throughput/workers:2/pool:0/");
    if (w1 > 0 && w2 > 0)
      std::fprintf(stderr, "throughput: 2 workers / 1 worker = %.2fx (pool), ", w1 / w2);
    if (w1_nopool > 0 && w2_nopool > 0) std::fprintf(stderr, "%.2fx (no pool); ", w1_nopool / w2_nopool);
    if (w1 > 0 && w1_nopool > 0)
      std::fprintf(stderr, "pool reuse / create per program = %.2fx (1 worker), %.2fx (2 workers)\n", w1_nopool / w1,
                   w2 > 0 ? w2_nopool / w2 : 0.0);
  }

 private:
  benchmark::BenchmarkReporter* inner_;
  std::map<std::string, double> best_;
};

}  // namespace

int main(int argc, char** argv) {
  benchmark::AddCustomContext("loadavg_before", loadavg());
  benchmark::AddCustomContext("corpus", QRT_BENCH_CORPUS_DIR);
  benchmark::Initialize(&argc, argv);
  std::unique_ptr<benchmark::BenchmarkReporter> display(benchmark::CreateDefaultDisplayReporter());
  RatioReporter reporter(display.get());
  benchmark::RunSpecifiedBenchmarks(&reporter);
  reporter.summary();
  std::fprintf(stderr, "loadavg after: %s\n", loadavg().c_str());
  benchmark::Shutdown();
  return 0;
}
