// Many programs at once:
//   BM_Throughput   10,000 QASMBench circuits (those of at most kMaxQubits qubits, parsed once, repeated
//                   in file order) submitted to an Executor on statevector.qubit, measurements stripped,
//                   final probabilities; four configurations run in turn each round: 1 or 2 workers, with
//                   the pool reusing instances or creating and destroying a device per program
//                   (QRT_POOL_MAX_INACTIVE=0 semantics). The benchmark thread submits everything, waits
//                   with Executor::wait_idle(), then takes the results: blocking on each future in turn
//                   would wake it once per program, and on 2 cores every wake-up preempts a worker.
//                   Counters: the best time of each configuration and the ratios between them.
//   BM_ContendedInitRelease/threads:T  T threads opening and releasing null.qubit on one pool key;
//                   repeats 5 times, the "min" row is the best time.
// JSON with --benchmark_format=json. The machine load is in the context, before and after; a summary of
// the ratios (2 vs 1 workers, pool vs none) goes to stderr.
#include <qrt/circuit_runner.hpp>
#include <qrt/executor.hpp>
#include <qrt/loaded_program.hpp>
#include <qrt/qasm/parser.hpp>
#include <qrt/runtime.hpp>

#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <limits>
#include <memory>
#include <string>
#include <thread>
#include <vector>

namespace {

namespace fs = std::filesystem;
using ProgramPtr = std::shared_ptr<const qrt::program::Program>;

constexpr std::size_t kPrograms = 10'000;
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
      auto program = std::make_shared<const qrt::program::Program>(qrt::qasm::parse_file(file));
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

// Wall and process CPU seconds of one batch: CPU / wall is how many cores were busy.
struct Timing {
  double wall = 0, cpu = 0;
};

class Stopwatch {
 public:
  Stopwatch() : wall_(std::chrono::steady_clock::now()), cpu_(process_cpu_seconds()) {}
  Timing elapsed() const {
    return {std::chrono::duration<double>(std::chrono::steady_clock::now() - wall_).count(),
            process_cpu_seconds() - cpu_};
  }

 private:
  static double process_cpu_seconds() {
    timespec ts{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
  }
  std::chrono::steady_clock::time_point wall_;
  double cpu_;
};

// One configuration's results over the rounds.
struct Record {
  double best_seconds = std::numeric_limits<double>::infinity();
  std::vector<Timing> rounds;
  void add(Timing t) {
    best_seconds = std::min(best_seconds, t.wall);
    rounds.push_back(t);
  }
  double mean_busy_cores() const {
    double wall = 0, cpu = 0;
    for (const Timing& t : rounds) wall += t.wall, cpu += t.cpu;
    return wall > 0 ? cpu / wall : 0;
  }
};

// The median over rounds of a / b, each ratio taken within one round.
double median_round_ratio(const Record& a, const Record& b) {
  std::vector<double> ratios;
  for (std::size_t i = 0; i < a.rounds.size() && i < b.rounds.size(); ++i)
    ratios.push_back(a.rounds[i].wall / b.rounds[i].wall);
  if (ratios.empty()) return 0;
  std::sort(ratios.begin(), ratios.end());
  return ratios.size() % 2 ? ratios[ratios.size() / 2]
                           : (ratios[ratios.size() / 2 - 1] + ratios[ratios.size() / 2]) / 2;
}

// One executor configuration: its own runtime (so pools are not shared between configurations).
struct Setup {
  const char* name;
  std::size_t workers;
  bool pool;
  std::unique_ptr<qrt::Runtime> runtime;
  std::unique_ptr<qrt::Executor> executor;
  Record record;
};

Timing run_batch(qrt::Executor& executor, const std::vector<qrt::LoadedProgram>& circuits,
                 const qrt::RunRequest& request, std::vector<std::future<qrt::RunResult>>& futures) {
  const Stopwatch stopwatch;
  futures.clear();
  for (std::size_t i = 0; i < kPrograms; ++i)
    futures.push_back(executor.submit("statevector.qubit", circuits[i % circuits.size()], request));
  executor.wait_idle();
  for (auto& future : futures) benchmark::DoNotOptimize(future.get().probabilities.data());
  return stopwatch.elapsed();
}

// The machine's own scaling, for reference: the same programs lowered beforehand and run with
// run_lowered() on `threads` plain threads, each taking a device from the pool per program and running a
// contiguous share of the programs, with no executor, queue or futures in between.
Timing run_direct(qrt::Runtime& runtime, std::size_t threads, const std::vector<ProgramPtr>& circuits,
                  const std::vector<qrt::program::LoweredProgram>& lowered, const qrt::RunOptions& options) {
  const Stopwatch stopwatch;
  std::vector<std::thread> team;
  for (std::size_t t = 0; t < threads; ++t)
    team.emplace_back([&, t] {
      for (std::size_t i = kPrograms * t / threads; i < kPrograms * (t + 1) / threads; ++i) {
        qrt::Device device = runtime.open("statevector.qubit:threads=1");  // from the pool, as a worker does
        qrt::RunResult result =
            qrt::run_lowered(*circuits[i % circuits.size()], lowered[i % circuits.size()], device, options);
        benchmark::DoNotOptimize(result.probabilities.data());
      }
    });
  for (auto& thread : team) thread.join();
  return stopwatch.elapsed();
}

// Each iteration (round) runs the batch once on every configuration, in turn: this machine's speed
// drifts by tens of percent over seconds (steal time from neighbours: one busy thread ran between 340
// and 620 ms per batch in one run), so configurations are measured alternately, never one benchmark
// after another. Ratios are given both as best over best and as the median of per-round ratios.
void BM_Throughput(benchmark::State& state) {
  const auto& circuits = small_circuits();
  if (circuits.empty()) {
    state.SkipWithError("no corpus circuits (QRT_CORPUS_DIR)");
    return;
  }
  Setup setups[] = {{"1_worker", 1, true, {}, {}, {}},
                    {"2_workers", 2, true, {}, {}, {}},
                    {"1_worker_no_pool", 1, false, {}, {}, {}},
                    {"2_workers_no_pool", 2, false, {}, {}, {}}};
  for (Setup& s : setups) {
    s.runtime = std::make_unique<qrt::Runtime>(plugins(s.pool ? std::nullopt : std::optional<std::size_t>(0)));
    s.executor = std::make_unique<qrt::Executor>(*s.runtime, qrt::ExecutorOptions{.workers = s.workers});
  }
  qrt::RunOptions options;
  options.strip_measurements = true;
  options.probabilities = true;
  qrt::RunRequest request;
  request.strip_measurements = true;
  request.probabilities = true;
  std::vector<qrt::LoadedProgram> loaded;
  for (const auto& circuit : circuits) loaded.push_back(qrt::LoadedProgram::openqasm(circuit, "corpus"));
  std::vector<std::future<qrt::RunResult>> futures;
  futures.reserve(kPrograms);
  qrt::Runtime direct_runtime(plugins(std::nullopt));
  std::vector<qrt::program::LoweredProgram> lowered;
  {
    qrt::Device device = direct_runtime.open("statevector.qubit:threads=1");
    for (const auto& circuit : circuits)
      lowered.push_back(qrt::lower_for(*circuit, qrt::gate_set_of(device.type()), options));
  }
  Record direct[2];
  for (auto _ : state) {
    double round_seconds = 0;
    for (Setup& s : setups) {
      s.record.add(run_batch(*s.executor, loaded, request, futures));
      round_seconds += s.record.rounds.back().wall;
    }
    for (std::size_t threads : {1, 2}) {
      direct[threads - 1].add(run_direct(direct_runtime, threads, circuits, lowered, options));
      round_seconds += direct[threads - 1].rounds.back().wall;
    }
    state.SetIterationTime(round_seconds);
  }
  std::size_t gates = 0;
  for (std::size_t i = 0; i < kPrograms; ++i) gates += circuits[i % circuits.size()]->gate_count();
  state.counters["programs"] = static_cast<double>(kPrograms);
  state.counters["distinct_circuits"] = static_cast<double>(circuits.size());
  state.counters["gates"] = static_cast<double>(gates);
  for (const Setup& s : setups) {
    state.counters[std::string("best_ms_") + s.name] = s.record.best_seconds * 1e3;
    state.counters[std::string("programs_per_s_") + s.name] = static_cast<double>(kPrograms) / s.record.best_seconds;
    state.counters[std::string("busy_cores_") + s.name] = s.record.mean_busy_cores();
    state.counters[std::string("device_creations_") + s.name] = static_cast<double>(s.runtime->pool_stats().creations);
  }
  state.counters["device_threads_1_worker"] = static_cast<double>(setups[0].executor->device_threads());
  const Record &pool1 = setups[0].record, &pool2 = setups[1].record, &fresh1 = setups[2].record,
               &fresh2 = setups[3].record;
  const double scaling = pool1.best_seconds / pool2.best_seconds;
  const double scaling_median = median_round_ratio(pool1, pool2);
  const double scaling_no_pool = fresh1.best_seconds / fresh2.best_seconds;
  const double reuse_1 = fresh1.best_seconds / pool1.best_seconds;
  const double reuse_2 = fresh2.best_seconds / pool2.best_seconds;
  const double direct_scaling = direct[0].best_seconds / direct[1].best_seconds;
  state.counters["best_ms_direct_1_thread"] = direct[0].best_seconds * 1e3;
  state.counters["best_ms_direct_2_threads"] = direct[1].best_seconds * 1e3;
  state.counters["speedup_2_workers"] = scaling;
  state.counters["speedup_2_workers_median_round"] = scaling_median;
  state.counters["speedup_2_workers_no_pool"] = scaling_no_pool;
  state.counters["speedup_direct_2_threads"] = direct_scaling;
  state.counters["speedup_direct_2_threads_median_round"] = median_round_ratio(direct[0], direct[1]);
  state.counters["pool_reuse_gain_1_worker"] = reuse_1;
  state.counters["pool_reuse_gain_2_workers"] = reuse_2;
  std::fprintf(stderr,
               "throughput (%zu programs, %lld alternating rounds): 1 worker %.0f ms, 2 workers %.0f ms (best) = "
               "%.2fx, median per-round ratio %.2fx, 2 workers kept %.2f cores busy; no pool: %.2fx; pool reuse / "
               "create per program = %.2fx (1 worker), %.2fx (2 workers); plain threads without the executor "
               "(pre-lowered): 1 thread %.0f ms, 2 threads %.0f ms = %.2fx (median per round %.2fx)\n",
               kPrograms, static_cast<long long>(state.iterations()), pool1.best_seconds * 1e3,
               pool2.best_seconds * 1e3, scaling, scaling_median, pool2.mean_busy_cores(), scaling_no_pool, reuse_1,
               reuse_2, direct[0].best_seconds * 1e3, direct[1].best_seconds * 1e3, direct_scaling,
               median_round_ratio(direct[0], direct[1]));
}

// Manual time: a round's total; the counters carry the per-configuration bests and the ratios.
BENCHMARK(BM_Throughput)->Unit(benchmark::kMillisecond)->UseManualTime()->Iterations(9);

// Real time: the work happens on the executor's threads, not on the benchmark's.
double min_of(const std::vector<double>& v) { return *std::min_element(v.begin(), v.end()); }
double max_of(const std::vector<double>& v) { return *std::max_element(v.begin(), v.end()); }

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
  state.counters["cycles_per_s"] =
      benchmark::Counter(static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
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

}  // namespace

int main(int argc, char** argv) {
  benchmark::AddCustomContext("loadavg_before", loadavg());
  benchmark::AddCustomContext("corpus", QRT_BENCH_CORPUS_DIR);
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  std::fprintf(stderr, "loadavg after: %s\n", loadavg().c_str());
  benchmark::Shutdown();
  return 0;
}
