// Benchmarks of the statevector.qubit measurement kernels at n = 20, 22, 24 qubits:
//   probs over all qubits (allocation order, a full bit reversal of the index, and internal order),
//   expval of Z0, expval of a Pauli word on every qubit, 10^6 shots over all qubits; and Hamiltonians of
//   random 2-local words (issue 36: 50 words at n = 16, 1000 at n = 20): <H> and H|psi> grouped by flip
//   mask in one walk, against the same words one pass each (`WordByWord`).
// Each is compared with the in-place reference loop of bench/common (a[i] = s * a[i] over a state-sized
// buffer, the same loop bench_statevector uses), one pass right before each timed iteration:
// `vs_scale_loop` = best time / best reference time (1.0 = one read-and-write pass at memory
// bandwidth). Every benchmark reports its best repetition (`best_ms`) and the 1-minute load average at
// the end (`load_1m`); the load at start is in the JSON context. JSON output by default.
// QRT_BENCH_THREADS sets the thread count (default: all hardware threads).
#include "measure/probabilities.hpp"
#include "measure/sampling.hpp"
#include "observables/compiled_term.hpp"
#include "observables/expectation.hpp"
#include "observables/term_evaluation.hpp"

#include "inplace_reference.hpp"
#include "state/amplitude_buffer.hpp"

#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <complex>
#include <cstdlib>
#include <fstream>
#include <map>
#include <numeric>
#include <random>
#include <span>
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

// A huge-page-advised buffer of 2^n amplitudes, as a statevector device holds its state.
std::span<Amplitude> fresh_buffer(std::size_t n) {
  static std::map<std::size_t, std::vector<qrt::sv::AmplitudeBuffer>> buffers;
  qrt::sv::AmplitudeBuffer& buffer = buffers[n].emplace_back();
  buffer.reserve(std::size_t{1} << n, 0);
  return {buffer.data(), std::size_t{1} << n};
}

// One normalised pseudo-random state per size, built once.
std::span<const Amplitude> state_of(std::size_t n) {
  static std::map<std::size_t, std::span<const Amplitude>> states;
  auto [it, inserted] = states.try_emplace(n);
  if (inserted) {
    const std::span<Amplitude> state = fresh_buffer(n);
    std::mt19937_64 rng(n);
    std::uniform_real_distribution<double> uniform(-1.0, 1.0);
    double norm = 0.0;
    for (Amplitude& a : state) {
      a = {uniform(rng), uniform(rng)};
      norm += std::norm(a);
    }
    for (Amplitude& a : state) a /= std::sqrt(norm);
    it->second = state;
  }
  return it->second;
}

// Runs `operation` once per iteration, each right after a reference pass (the machine's memory
// bandwidth drifts within seconds, so the reference is measured alongside), with manual timing.
// Reports the best operation time, the best reference pass and their ratio.
template <class Operation>
void timed(benchmark::State& bench, std::size_t n, const Operation& operation) {
  bench_reference::InplaceReference scale_loop(static_cast<int>(n), bench_threads());
  double best = 1e30, reference = 1e30;
  for (auto _ : bench) {
    reference = std::min(reference, scale_loop.pass_seconds());
    const auto start = Clock::now();
    operation();
    const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
    bench.SetIterationTime(seconds);
    best = std::min(best, seconds);
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
  static std::map<std::size_t, std::span<Amplitude>> copies;  // one per size, made once
  auto [it, inserted] = copies.try_emplace(n);
  if (inserted) {
    it->second = fresh_buffer(n);
    std::ranges::copy(state_of(n), it->second.begin());
  }
  const std::span<Amplitude> buffer = it->second;
  auto* data = reinterpret_cast<double*>(buffer.data());
  timed(bench, n, [&] { bench_reference::scale_in_place(data, 2 * buffer.size(), 1.0000001, bench_threads()); });
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

// `terms` random 2-local Pauli words (two distinct qubits, letters X, Y, Z), fixed by a seed.
qrt::sv::Observable random_two_local(std::size_t n, std::size_t terms) {
  std::mt19937_64 rng(36);
  std::uniform_real_distribution<double> coefficient(-1.0, 1.0);
  qrt::sv::Observable h;
  for (std::size_t k = 0; k < terms; ++k) {
    const std::size_t a = rng() % n, b = (a + 1 + rng() % (n - 1)) % n;
    const std::string word{"XYZ"[rng() % 3], "XYZ"[rng() % 3]};
    const std::size_t qubits[] = {a, b};
    h.terms.push_back(qrt::sv::pauli_word(word, qubits, coefficient(rng)));
  }
  return h;
}

// range(0): qubits, range(1): words; range(2): 1 = H|psi> (apply_observable), 0 = <H>.
void hamiltonian_case(benchmark::State& bench, bool word_by_word) {
  const auto n = static_cast<std::size_t>(bench.range(0));
  const auto terms = static_cast<std::size_t>(bench.range(1));
  const bool apply = bench.range(2) != 0;
  const auto& state = state_of(n);
  const qrt::sv::Observable h = random_two_local(n, terms);
  std::vector<qrt::sv::Observable> words;
  for (const auto& term : h.terms) words.push_back(qrt::sv::single_term(term));
  const std::vector<qrt::sv::CompiledTerm> compiled = qrt::sv::compile_observable(h, n);
  qrt::sv::MeasurementWorkspace workspace;
  const std::span<Amplitude> image = fresh_buffer(n);
  double sink = 0.0;
  timed(bench, n, [&] {
    if (!apply && !word_by_word) sink += qrt::sv::expval(state.data(), n, h, bench_threads());
    if (!apply && word_by_word)
      for (const auto& word : words) sink += qrt::sv::expval(state.data(), n, word, bench_threads());
    if (apply && !word_by_word) qrt::sv::apply_observable(state.data(), n, h, image, bench_threads());
    if (apply && word_by_word)  // what a sum cost before grouping: one accumulating pass per word
      for (const auto& term : compiled)
        qrt::sv::term_accumulate(state.data(), n, term, term.coefficient, image.data(), bench_threads(), workspace);
  });
  benchmark::DoNotOptimize(sink);
  benchmark::DoNotOptimize(image.data());
}
void BM_Hamiltonian(benchmark::State& bench) { hamiltonian_case(bench, false); }
void BM_HamiltonianWordByWord(benchmark::State& bench) { hamiltonian_case(bench, true); }

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

void hamiltonian_sizes(benchmark::internal::Benchmark* b) {
  for (const int apply : {0, 1}) b->Args({16, 50, apply})->Args({20, 1000, apply});
  b->ArgNames({"qubits", "words", "apply"});
  b->UseManualTime()->Unit(benchmark::kMillisecond)->Iterations(3)->Repetitions(3)->ReportAggregatesOnly(true);
  b->ComputeStatistics("min", [](const std::vector<double>& v) { return *std::min_element(v.begin(), v.end()); });
}

// One pass per word costs seconds at n = 20 with 1000 words: fewer repetitions there.
void word_by_word_sizes(benchmark::internal::Benchmark* b) {
  b->ArgNames({"qubits", "words", "apply"});
  for (const int apply : {0, 1}) b->Args({16, 50, apply});
  b->UseManualTime()->Unit(benchmark::kMillisecond)->Iterations(3)->Repetitions(3)->ReportAggregatesOnly(true);
  b->ComputeStatistics("min", [](const std::vector<double>& v) { return *std::min_element(v.begin(), v.end()); });
}
void word_by_word_large(benchmark::internal::Benchmark* b) {
  b->ArgNames({"qubits", "words", "apply"});
  for (const int apply : {0, 1}) b->Args({20, 1000, apply});
  b->UseManualTime()->Unit(benchmark::kMillisecond)->Iterations(1)->Repetitions(1);
}

BENCHMARK(BM_ScaleLoop)->Apply(sizes);
BENCHMARK(BM_ProbsAllAllocationOrder)->Apply(sizes);
BENCHMARK(BM_ProbsAllInternalOrder)->Apply(sizes);
BENCHMARK(BM_ExpvalZ0)->Apply(sizes);
BENCHMARK(BM_ExpvalPauliWordAllQubits)->Apply(sizes);
BENCHMARK(BM_Sample1MShotsAllQubits)->Apply(sizes);
BENCHMARK(BM_Hamiltonian)->Apply(hamiltonian_sizes);
BENCHMARK(BM_HamiltonianWordByWord)->Apply(word_by_word_sizes);
BENCHMARK(BM_HamiltonianWordByWord)->Apply(word_by_word_large);

}  // namespace

int main(int argc, char** argv) {
  // JSON unless the caller chose a format.
  std::vector<char*> args(argv, argv + argc);
  std::string json = "--benchmark_format=json";
  const bool has_format = std::any_of(args.begin(), args.end(),
                                      [](const char* a) { return std::string(a).rfind("--benchmark_format", 0) == 0; });
  if (!has_format) args.push_back(json.data());
  int count = static_cast<int>(args.size());
  benchmark::Initialize(&count, args.data());
  benchmark::AddCustomContext("load_average_at_start", load_average());
  benchmark::AddCustomContext("threads", std::to_string(bench_threads()));
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
