// Shared pieces of bench_statevector: sizes to run, devices from kwargs, the paired in-place
// bandwidth reference, machine load, and best-of-repetitions statistics.
#pragma once

#include "device/statevector_device.hpp"
#include "inplace_reference.hpp"

#include <benchmark/benchmark.h>

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace sv_bench {

struct Sizes {
  std::vector<int> qubits;   // state sizes for the bandwidth benchmarks (issue 3: n = 20..26)
  std::vector<int> threads;  // thread counts
  int circuit_qubits;        // the layered circuit
  // precision = "single" (issue 15): gates and the layered circuit at these sizes, beside double.
  std::vector<int> single_precision_qubits;
};
const Sizes& sizes();

std::unique_ptr<qrt::sv::StatevectorDevice> make_device(const std::string& kwargs_json);
// A device with fusion and tiles off (each gate applied as it comes), `threads` threads and `precision`
// ("double" or "single") holding an n-qubit state, kept for the whole run:
// first-touching a fresh 1 GiB state costs seconds here, so benchmarks share one per (n, threads).
struct SharedDevice {
  std::unique_ptr<qrt::sv::StatevectorDevice> device;
  std::vector<qrt::sdk::Wire> wires;  // in allocation order
};
SharedDevice& shared_device(int num_qubits, int threads, const std::string& precision = "double");
std::uint32_t gate_id(const std::string& name);

// Bytes of one amplitude: 16 (complex128) or 8 (complex64, precision = "single").
int amplitude_bytes(const std::string& precision);
// Bytes a full pass over an n-qubit state reads and writes (2 * amplitude_bytes * 2^n).
double pass_bytes(int num_qubits, int bytes_per_amplitude = 16);

// The reference the kernels are measured against (bench/common/inplace_reference.hpp).
using bench_reference::InplaceReference;

// One round per benchmark iteration: op(0) .. op(ops_per_round - 1), each one right after a reference
// pass over a buffer of the state's size. The machine's memory bandwidth here drifts by tens of percent
// within seconds (a shared L3, neighbours' traffic), so the reference must see the same moments as
// the operations, at the same time scale: a round's reference time and operation time are sums over
// the same number of interleaved passes. (Comparing the best of a few short reference passes with the
// best of a few long rounds would flatter the reference whenever the machine is noisy.)
// The iteration time (manual timing) is the time per operation. Counters: n, threads, best_ms and
// GB/s (the best round), inplace_GB/s (the best reference round), ratio_to_inplace (best reference
// round over best operation round), ratio_median (the median over rounds of reference time over
// operation time).
// With 8-byte amplitudes (precision = "single") the reference pass covers the same bytes as the state
// (a buffer of 2^(n-1) complex128) and GB/s counts 2 * 8 * 2^n bytes per operation.
void paired_rounds(benchmark::State& state, int num_qubits, int threads, int ops_per_round,
                   const std::function<void(int op)>& op, int bytes_per_amplitude = 16);
// Rounds that keep a paired benchmark at a few seconds whatever n is.
int paired_round_count(int num_qubits);

// The 1-minute load average now, as /proc/loadavg's first field.
std::string load_average();

// Repetitions with min and max statistics: the best time is the min, the best rate the max.
benchmark::internal::Benchmark* best_of(benchmark::internal::Benchmark* b, int repetitions);

}  // namespace sv_bench
