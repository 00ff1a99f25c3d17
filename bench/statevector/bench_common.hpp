// Shared pieces of bench_statevector: sizes to run, devices from kwargs, the in-place bandwidth
// baseline, machine load, and best-of-repetitions statistics.
#pragma once

#include "device/statevector_device.hpp"

#include <benchmark/benchmark.h>

#include <memory>
#include <string>
#include <vector>

namespace sv_bench {

struct Sizes {
  std::vector<int> qubits;   // state sizes for the bandwidth benchmarks
  std::vector<int> threads;  // thread counts
  int circuit_qubits;        // the layered circuit
};
const Sizes& sizes();
void set_large(bool large);  // --large: add n = 26

std::unique_ptr<qrt::sv::StatevectorDevice> make_device(const std::string& kwargs_json);
std::uint32_t gate_id(const std::string& name);

// Bytes a full pass over an n-qubit state reads and writes (2 * 16 * 2^n).
double pass_bytes(int num_qubits);

// GB/s of `a[i] = s * a[i]` over 2^n complex amplitudes with `threads` threads: best of several
// runs, measured once per (n, threads) in this process and cached.
double inplace_bandwidth_gbps(int num_qubits, int threads);
// One in-place pass (the loop measured above).
void inplace_scale_pass(double* data, std::size_t doubles, double s, int threads);

// The 1-minute load average now, as /proc/loadavg's first field.
std::string load_average();

// Repetitions with min and max statistics: the best time is the min, the best rate the max.
benchmark::internal::Benchmark* best_of(benchmark::internal::Benchmark* b, int repetitions);

// Sets time-derived counters: GB/s of full passes and the ratio to the in-place bandwidth.
void report_bandwidth(benchmark::State& state, int num_qubits, int threads, double passes_per_iteration);

}  // namespace sv_bench
