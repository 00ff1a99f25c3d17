// GHZ states on stabilizer.qubit (the device class, no plugin loading): preparation (H + n-1 CNOTs),
// 1,000 shots of every qubit, and both together, at n = 100, 1,000 and 5,000. Five repetitions each,
// reported as min (the best) and max; the machine's load average goes into the JSON context.
#include "device/stabilizer_device.hpp"

#include <qrt/sdk/kwargs.hpp>

#include <benchmark/benchmark.h>

#include <algorithm>
#include <fstream>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

namespace {

constexpr std::uint64_t kShots = 1000;
constexpr int kRepetitions = 5;

using qrt::sdk::Wire;
using qrt::stab::StabilizerDevice;

std::string load_average() {
  std::ifstream in("/proc/loadavg");
  std::string first;
  in >> first;
  return first.empty() ? "unknown" : first;
}

std::unique_ptr<StabilizerDevice> make_device() {
  const std::string kwargs = "{\"shots\": " + std::to_string(kShots) + ", \"seed\": 1}";
  return std::make_unique<StabilizerDevice>(qrt::sdk::Kwargs::from_json(kwargs, StabilizerDevice::schema()));
}

std::uint32_t gate_id(const std::string& name) {
  const auto gates = StabilizerDevice::capabilities().gates;
  return static_cast<std::uint32_t>(std::find(gates.begin(), gates.end(), name) - gates.begin());
}

void prepare_ghz(StabilizerDevice& device, std::size_t n) {
  static const std::uint32_t hadamard = gate_id("Hadamard"), cnot = gate_id("CNOT");
  const std::vector<Wire> w = device.allocate_qubits(n);
  device.apply_gate({hadamard, "Hadamard", {}, std::span<const Wire>(&w[0], 1), {}, {}, false});
  for (std::size_t i = 1; i < n; ++i)
    device.apply_gate({cnot, "CNOT", {}, std::span<const Wire>(&w[i - 1], 2), {}, {}, false});
}

void sample_all(StabilizerDevice& device, std::vector<std::uint8_t>& out) {
  out.resize(kShots * device.num_qubits());
  device.sample({}, out);
  benchmark::DoNotOptimize(out.data());
  benchmark::ClobberMemory();
}

void report(benchmark::State& state, std::size_t n) {
  state.counters["n"] = static_cast<double>(n);
  state.counters["shots"] = static_cast<double>(kShots);
}

// Preparation and 1,000 shots from a fresh device: the end-to-end target (n = 1,000 well under 1 s).
void BM_GhzPrepareAndSample(benchmark::State& state) {
  const auto n = static_cast<std::size_t>(state.range(0));
  std::vector<std::uint8_t> samples;
  for (auto _ : state) {
    auto device = make_device();
    prepare_ghz(*device, n);
    sample_all(*device, samples);
  }
  report(state, n);
}

void BM_GhzPrepare(benchmark::State& state) {
  const auto n = static_cast<std::size_t>(state.range(0));
  for (auto _ : state) {
    auto device = make_device();
    prepare_ghz(*device, n);
    benchmark::DoNotOptimize(device->num_qubits());
  }
  report(state, n);
}

// Sampling alone, on a prepared state (includes building the outcome space from the tableau).
void BM_GhzSample(benchmark::State& state) {
  const auto n = static_cast<std::size_t>(state.range(0));
  auto device = make_device();
  prepare_ghz(*device, n);
  std::vector<std::uint8_t> samples;
  for (auto _ : state) sample_all(*device, samples);
  report(state, n);
}

void configure(benchmark::internal::Benchmark* b) {
  b->Arg(100)
      ->Arg(1000)
      ->Arg(5000)
      ->Unit(benchmark::kMillisecond)
      ->UseRealTime()
      ->Repetitions(kRepetitions)
      ->ComputeStatistics("min", [](const std::vector<double>& v) { return *std::min_element(v.begin(), v.end()); })
      ->ComputeStatistics("max", [](const std::vector<double>& v) { return *std::max_element(v.begin(), v.end()); })
      ->ReportAggregatesOnly(true);
}

BENCHMARK(BM_GhzPrepareAndSample)->Apply(configure);
BENCHMARK(BM_GhzPrepare)->Apply(configure);
BENCHMARK(BM_GhzSample)->Apply(configure);

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::AddCustomContext("loadavg_at_start", load_average());
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  std::cerr << "loadavg at end: " << load_average() << "\n";
  return 0;
}
