#include "bench_common.hpp"

#include <qrt/sdk/kwargs.hpp>

#include <omp.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <fstream>
#include <limits>
#include <map>

namespace sv_bench {

namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

// One clone per SIMD level, chosen by the loader (ifunc) from this CPU's features: the reference
// must be as wide as the widest kernel, or a slow reference flatters the kernels.
__attribute__((target_clones("avx512f", "avx2", "default"))) void scale_in_place(double* data, std::size_t count,
                                                                                 double s) {
  for (std::size_t i = 0; i < count; ++i) data[i] *= s;
}

// One buffer for every reference, grown to the largest state and touched once.
qrt::sv::AmplitudeBuffer& reference_buffer(std::size_t amplitudes) {
  static qrt::sv::AmplitudeBuffer buffer;
  if (buffer.capacity() < amplitudes) {
    buffer.reserve(amplitudes, 0);
    auto* data = reinterpret_cast<double*>(buffer.data());
    std::fill(data, data + 2 * buffer.capacity(), 1.0);
  }
  return buffer;
}

}  // namespace

const Sizes& sizes() {
  static const Sizes all{{20, 22, 24, 26}, {1, 2}, 24};
  return all;
}

std::unique_ptr<qrt::sv::StatevectorDevice> make_device(const std::string& kwargs_json) {
  const auto kwargs = qrt::sdk::Kwargs::from_json(kwargs_json, qrt::sv::StatevectorDevice::schema());
  return std::make_unique<qrt::sv::StatevectorDevice>(kwargs);
}

SharedDevice& shared_device(int num_qubits, int threads) {
  static std::map<std::pair<int, int>, SharedDevice> devices;
  SharedDevice& shared = devices[{num_qubits, threads}];
  if (!shared.device) {
    shared.device = make_device(R"({"fusion": false, "threads": )" + std::to_string(threads) + "}");
    shared.wires = shared.device->allocate_qubits(static_cast<std::size_t>(num_qubits));
  }
  return shared;
}

std::uint32_t gate_id(const std::string& name) {
  static const auto gates = qrt::sv::StatevectorDevice::capabilities().gates;
  return static_cast<std::uint32_t>(std::find(gates.begin(), gates.end(), name) - gates.begin());
}

double pass_bytes(int num_qubits) { return 2.0 * 16.0 * std::ldexp(1.0, num_qubits); }

InplaceReference::InplaceReference(int num_qubits, int threads)
    : data_(reinterpret_cast<double*>(reference_buffer(std::size_t{1} << num_qubits).data())),
      doubles_(std::size_t{2} << num_qubits),
      threads_(threads) {}

double InplaceReference::pass_seconds() {
  scale_ = 1.0 / scale_;  // alternate 2 and 1/2: the values stay exact
  const auto start = Clock::now();
  if (threads_ <= 1) {
    scale_in_place(data_, doubles_, scale_);
  } else {
#pragma omp parallel num_threads(threads_)
    {
      const std::size_t team = static_cast<std::size_t>(omp_get_num_threads());
      const std::size_t me = static_cast<std::size_t>(omp_get_thread_num());
      const std::size_t begin = doubles_ / team * me, end = me + 1 == team ? doubles_ : doubles_ / team * (me + 1);
      scale_in_place(data_ + begin, end - begin, scale_);
    }
  }
  return seconds_since(start);
}

constexpr int kReferencePassesPerRound = 3;

void paired_rounds(benchmark::State& state, int num_qubits, int threads, int ops_per_round,
                   const std::function<void()>& round) {
  InplaceReference reference(num_qubits, threads);
  double best_reference = std::numeric_limits<double>::infinity();
  double best_op = std::numeric_limits<double>::infinity();
  for (auto _ : state) {
    // Back-to-back passes, as the round's operations are: a state that fits the L3 is as warm for
    // the reference as for the kernels (a single pass after the round would find it cold).
    for (int pass = 0; pass < kReferencePassesPerRound; ++pass)
      best_reference = std::min(best_reference, reference.pass_seconds());
    const auto start = Clock::now();
    round();
    const double per_op = seconds_since(start) / ops_per_round;
    best_op = std::min(best_op, per_op);
    state.SetIterationTime(per_op);
  }
  const double bytes = pass_bytes(num_qubits);
  state.counters["n"] = num_qubits;
  state.counters["threads"] = threads;
  state.counters["best_ms"] = best_op * 1e3;
  state.counters["GB/s"] = bytes / best_op / 1e9;
  state.counters["inplace_GB/s"] = bytes / best_reference / 1e9;
  state.counters["ratio_to_inplace"] = best_reference / best_op;
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
