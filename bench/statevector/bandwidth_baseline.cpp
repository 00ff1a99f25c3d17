#include "bench_common.hpp"

#include <qrt/sdk/kwargs.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <fstream>
#include <limits>
#include <map>
#include <tuple>
#include <vector>

namespace sv_bench {

namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) { return std::chrono::duration<double>(Clock::now() - start).count(); }

}  // namespace

const Sizes& sizes() {
  static const Sizes all{{20, 22, 24, 26}, {1, 2}, 24, {24, 26}};
  return all;
}

std::unique_ptr<qrt::sv::StatevectorDevice> make_device(const std::string& kwargs_json) {
  const auto kwargs = qrt::sdk::Kwargs::from_json(kwargs_json, qrt::sv::StatevectorDevice::schema());
  return std::make_unique<qrt::sv::StatevectorDevice>(kwargs);
}

SharedDevice& shared_device(int num_qubits, int threads, const std::string& precision) {
  static std::map<std::tuple<int, int, std::string>, SharedDevice> devices;
  SharedDevice& shared = devices[{num_qubits, threads, precision}];
  if (!shared.device) {
    // Each gate applied as it comes (no fusion, no tiles: a tiled device would only queue it).
    shared.device = make_device(R"({"fusion": false, "tiles": false, "threads": )" + std::to_string(threads) +
                                R"(, "precision": ")" + precision + "\"}");
    shared.wires = shared.device->allocate_qubits(static_cast<std::size_t>(num_qubits));
  }
  return shared;
}

std::uint32_t gate_id(const std::string& name) {
  static const auto gates = qrt::sv::StatevectorDevice::capabilities().gates;
  return static_cast<std::uint32_t>(std::find(gates.begin(), gates.end(), name) - gates.begin());
}

int amplitude_bytes(const std::string& precision) { return precision == "single" ? 8 : 16; }

double pass_bytes(int num_qubits, int bytes_per_amplitude) {
  return 2.0 * bytes_per_amplitude * std::ldexp(1.0, num_qubits);
}

void paired_rounds(benchmark::State& state, int num_qubits, int threads, int ops_per_round,
                   const std::function<void(int op)>& op, int bytes_per_amplitude) {
  // The reference buffer holds complex128: half as many entries for a complex64 state, same bytes.
  InplaceReference reference(bytes_per_amplitude == 8 ? num_qubits - 1 : num_qubits, threads);
  double best_reference_round = std::numeric_limits<double>::infinity();
  double best_op_round = std::numeric_limits<double>::infinity();
  std::vector<double> round_ratios;
  for (auto _ : state) {
    double reference_round = 0.0, op_round = 0.0;
    for (int i = 0; i < ops_per_round; ++i) {
      reference_round += reference.pass_seconds();
      const auto start = Clock::now();
      op(i);
      op_round += seconds_since(start);
    }
    best_reference_round = std::min(best_reference_round, reference_round);
    best_op_round = std::min(best_op_round, op_round);
    round_ratios.push_back(reference_round / op_round);
    state.SetIterationTime(op_round / ops_per_round);
  }
  std::sort(round_ratios.begin(), round_ratios.end());
  const std::size_t half = round_ratios.size() / 2;
  const double median_ratio = round_ratios.empty()      ? 0.0
                              : round_ratios.size() % 2 ? round_ratios[half]
                                                        : (round_ratios[half - 1] + round_ratios[half]) / 2;
  const double bytes = pass_bytes(num_qubits, bytes_per_amplitude);
  state.counters["n"] = num_qubits;
  state.counters["amplitude_bytes"] = bytes_per_amplitude;
  state.counters["threads"] = threads;
  state.counters["best_ms"] = best_op_round / ops_per_round * 1e3;
  state.counters["GB/s"] = bytes * ops_per_round / best_op_round / 1e9;
  state.counters["inplace_GB/s"] = bytes * ops_per_round / best_reference_round / 1e9;
  state.counters["ratio_to_inplace"] = best_reference_round / best_op_round;
  state.counters["ratio_median"] = median_ratio;
  state.SetLabel("loadavg " + load_average());
}

int paired_round_count(int num_qubits) { return num_qubits <= 22 ? 10 : num_qubits <= 24 ? 5 : 3; }

std::string load_average() {
  std::ifstream in("/proc/loadavg");
  std::string first;
  in >> first;
  return first.empty() ? "unknown" : first;
}

benchmark::internal::Benchmark* best_of(benchmark::internal::Benchmark* b, int repetitions) {
  return b->Repetitions(repetitions)
      ->ComputeStatistics("min", [](const std::vector<double>& v) { return *std::min_element(v.begin(), v.end()); })
      ->ComputeStatistics("max", [](const std::vector<double>& v) { return *std::max_element(v.begin(), v.end()); })
      ->ReportAggregatesOnly(true)
      ->UseRealTime();
}

}  // namespace sv_bench
