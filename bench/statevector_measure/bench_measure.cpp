// Benchmarks of the statevector.qubit measurement kernels at n = 20, 22, 24 qubits:
//   probs over all qubits (allocation order, a full bit reversal of the index, and internal order),
//   expval of Z0, expval of a Pauli word on every qubit, 10^6 shots over all qubits.
// Each is compared with an in-place scaling loop (a[i] = s * a[i]) over a state-sized buffer, one pass
// right before each timed iteration: `vs_scale_loop` = best time / best scaling time (1.0 = one
// read-and-write pass at memory bandwidth). Every benchmark reports its best repetition (`best_ms`) and the 1-minute load average
// at the end (`load_1m`); the load at start is in the JSON context. JSON output by default.
// QRT_BENCH_THREADS sets the thread count (default: all hardware threads).
#include "measure/probabilities.hpp"
#include "measure/sampling.hpp"
#include "observables/expectation.hpp"

#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <complex>
#include <cstdlib>
#include <fstream>
#include <map>
#include <numeric>
#include <random>
#include <string>
#include <thread>
#include <vector>

namespace {

using Amplitude = std::complex<double>;
using Clock = std::chrono::steady_clock;

int bench_threads() {
  if (const char* value = std::getenv("QRT_BENCH_THREADS")) return std::max(1, std::atoi(value));
  return static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
}

std::string load_average() {
  std::ifstream file("/proc/loadavg");
  std::string text;
  std::getline(file, text);
  return text;
}

double load_1m() { return std::atof(load_average().c_str()); }

// One normalised pseudo-random state per size, built once.
const std::vector<Amplitude>& state_of(std::size_t n) {
  static std::map<std::size_t, std::vector<Amplitude>> states;
  auto [it, inserted] = states.try_emplace(n);
  if (inserted) {
    std::mt19937_64 rng(n);
    std::uniform_real_distribution<double> uniform(-1.0, 1.0);
    it->second.resize(std::size_t{1} << n);
    double norm = 0.0;
    for (Amplitude& a : it->second) {
      a = {uniform(rng), uniform(rng)};
      norm += std::norm(a);
    }
    for (Amplitude& a : it->second) a /= std::sqrt(norm);
  }
  return it->second;
}

// The bandwidth reference: an in-place scaling pass over a state-sized buffer.
void scale_pass(std::vector<Amplitude>& a, double s, int threads) {
  const auto size = static_cast<std::ptrdiff_t>(a.size());
#pragma omp parallel for schedule(static) num_threads(threads)
  for (std::ptrdiff_t i = 0; i < size; ++i) a[i] = s * a[i];
}

std::vector<Amplitude>& scale_buffer(std::size_t n) {
  static std::map<std::size_t, std::vector<Amplitude>> buffers;
  auto [it, inserted] = buffers.try_emplace(n);
  if (inserted) it->second = state_of(n);
  return it->second;
}

// Runs `operation` once per iteration, each right after a reference pass (the machine's memory
// bandwidth drifts within seconds, so the reference is measured alongside), with manual timing.
// Reports the best operation time, the best reference pass and their ratio.
template <class Operation>
void timed(benchmark::State& bench, std::size_t n, const Operation& operation) {
  std::vector<Amplitude>& reference_buffer = scale_buffer(n);
  double best = 1e30, reference = 1e30, scale = 2.0;
  for (auto _ : bench) {
    scale = 1.0 / scale;  // alternate 2 and 1/2: the values stay exact
    const auto reference_start = Clock::now();
    scale_pass(reference_buffer, scale, bench_threads());
    const auto start = Clock::now();
    operation();
    const auto stop = Clock::now();
    const double seconds = std::chrono::duration<double>(stop - start).count();
    bench.SetIterationTime(seconds);
    best = std::min(best, seconds);
    reference = std::min(reference, std::chrono::duration<double>(start - reference_start).count());
  }
  bench.counters["best_ms"] = best * 1e3;
  bench.counters["scale_loop_ms"] = reference * 1e3;
  bench.counters["vs_scale_loop"] = best / reference;
  bench.counters["threads"] = bench_threads();
  bench.counters["load_1m"] = load_1m();
}

std::vector<std::size_t> all_qubits(std::size_t n, bool reversed) {
  std::vector<std::size_t> qubits(n);
  std::iota(qubits.begin(), qubits.end(), 0);
  if (reversed) std::reverse(qubits.begin(), qubits.end());
  return qubits;
}

void BM_ScaleLoop(benchmark::State& bench) {
  const auto n = static_cast<std::size_t>(bench.range(0));
  std::vector<Amplitude> buffer = state_of(n);
  timed(bench, n, [&] { scale_pass(buffer, 1.0000001, bench_threads()); });
}

// Allocation order [0, 1, ..., n-1]: qubit 0 is the most significant output bit, so the output is
// the state index bit-reversed — the order a device asks for when probs() lists all wires.
void BM_ProbsAllAllocationOrder(benchmark::State& bench) {
  const auto n = static_cast<std::size_t>(bench.range(0));
  const auto& state = state_of(n);
  const auto qubits = all_qubits(n, false);
  std::vector<double> out(state.size());
  timed(bench, n, [&] { qrt::sv::probs(state.data(), n, qubits, out, bench_threads()); });
}

// Internal order [n-1, ..., 0]: output index = state index.
void BM_ProbsAllInternalOrder(benchmark::State& bench) {
  const auto n = static_cast<std::size_t>(bench.range(0));
  const auto& state = state_of(n);
  const auto qubits = all_qubits(n, true);
  std::vector<double> out(state.size());
  timed(bench, n, [&] { qrt::sv::probs(state.data(), n, qubits, out, bench_threads()); });
}

void BM_ExpvalZ0(benchmark::State& bench) {
  const auto n = static_cast<std::size_t>(bench.range(0));
  const auto& state = state_of(n);
  const auto observable = qrt::sv::single_term({1.0, {qrt::sv::pauli_z(0)}});
  double sink = 0.0;
  timed(bench, n, [&] { sink += qrt::sv::expval(state.data(), n, observable, bench_threads()); });
  benchmark::DoNotOptimize(sink);
}

// "XYZXYZ..." on every qubit: a flip mask, a sign mask and a Y phase together.
void BM_ExpvalPauliWordAllQubits(benchmark::State& bench) {
  const auto n = static_cast<std::size_t>(bench.range(0));
  const auto& state = state_of(n);
  std::string word;
  for (std::size_t q = 0; q < n; ++q) word += "XYZ"[q % 3];
  const auto observable = qrt::sv::single_term(qrt::sv::pauli_word(word, all_qubits(n, false)));
  double sink = 0.0;
  timed(bench, n, [&] { sink += qrt::sv::expval(state.data(), n, observable, bench_threads()); });
  benchmark::DoNotOptimize(sink);
}

void BM_Sample1MShotsAllQubits(benchmark::State& bench) {
  const auto n = static_cast<std::size_t>(bench.range(0));
  const auto& state = state_of(n);
  const auto qubits = all_qubits(n, false);
  const std::uint64_t shots = 1000000;
  std::vector<std::uint8_t> rows(shots * n);
  std::mt19937_64 rng(1);
  qrt::sv::MeasurementWorkspace workspace;  // as a device keeps one: steady-state calls reuse its buffers
  timed(bench, n, [&] { qrt::sv::sample(state.data(), n, qubits, shots, rng, rows, bench_threads(), &workspace); });
}

void sizes(benchmark::internal::Benchmark* b) {
  for (int n : {20, 22, 24}) b->Arg(n);
  b->UseManualTime()->Unit(benchmark::kMillisecond)->Iterations(3)->Repetitions(5)->ReportAggregatesOnly(true);
  b->ComputeStatistics("min", [](const std::vector<double>& v) { return *std::min_element(v.begin(), v.end()); });
}

BENCHMARK(BM_ScaleLoop)->Apply(sizes);
BENCHMARK(BM_ProbsAllAllocationOrder)->Apply(sizes);
BENCHMARK(BM_ProbsAllInternalOrder)->Apply(sizes);
BENCHMARK(BM_ExpvalZ0)->Apply(sizes);
BENCHMARK(BM_ExpvalPauliWordAllQubits)->Apply(sizes);
BENCHMARK(BM_Sample1MShotsAllQubits)->Apply(sizes);

}  // namespace

int main(int argc, char** argv) {
  // JSON unless the caller chose a format.
  std::vector<char*> args(argv, argv + argc);
  std::string json = "--benchmark_format=json";
  const bool has_format = std::any_of(args.begin(), args.end(), [](const char* a) {
    return std::string(a).rfind("--benchmark_format", 0) == 0;
  });
  if (!has_format) args.push_back(json.data());
  int count = static_cast<int>(args.size());
  benchmark::Initialize(&count, args.data());
  benchmark::AddCustomContext("load_average_at_start", load_average());
  benchmark::AddCustomContext("threads", std::to_string(bench_threads()));
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
