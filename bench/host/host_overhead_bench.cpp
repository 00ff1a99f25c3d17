// Host overhead on null.qubit (a device that does no work), so only qrt's own cost is timed:
//   cold init    a fresh Runtime (discovery: load + ABI checks) and a first create
//   create       a pool miss on a loaded library (new kwargs each time)
//   warm init    a pool hit + release (reset), through the C++ API and through the C API
//   gate         one gate call host → ABI → plugin, through the C++ API and through the C API
//   isolated     on null.qubit:isolate=true: a queued gate (its share of the batches sent, the worker's
//                decoding and applying included) and a round trip (num_qubits: one frame each way)
//   results      probs and state of all n qubits on statevector.qubit (one thread) through qrt::Device,
//                which checks what the plugin returns (host/src/device/result_checks.hpp), beside the
//                same call straight through the ABI into an equal fresh buffer: the difference is the check
// Run with --benchmark_format=json; each benchmark repeats 5 times and reports the min as well.
#include <qrt/runtime.h>
#include <qrt/runtime.hpp>

#include <benchmark/benchmark.h>

#include <algorithm>
#include <complex>
#include <fstream>
#include <string>
#include <vector>

namespace {

qrt::RuntimeOptions options() {
  qrt::RuntimeOptions o;
  o.plugin_dirs = {QRT_BENCH_PLUGIN_DIR};
  return o;
}

double min_of(const std::vector<double>& v) { return *std::min_element(v.begin(), v.end()); }

// Best of several: a busy second core here stalls runs by milliseconds, so the min is the figure.
#define QRT_BENCH(fn, unit) BENCHMARK(fn)->Unit(unit)->Repetitions(5)->ComputeStatistics("min", min_of)

void BM_ColdInit(benchmark::State& state) {
  for (auto _ : state) {
    qrt::Runtime runtime(options());
    qrt::Device device = runtime.open("null.qubit");
    benchmark::DoNotOptimize(device.native_handle());
  }
}
QRT_BENCH(BM_ColdInit, benchmark::kMicrosecond);

void BM_CreateOnMiss(benchmark::State& state) {
  qrt::Runtime runtime(options());
  std::int64_t seed = 0;
  for (auto _ : state) {
    // A new seed is a new pool key: every iteration creates (and later destroys) an instance.
    qrt::Device device = runtime.open("", "null.qubit", "seed=" + std::to_string(seed++ % 100000));
    benchmark::DoNotOptimize(device.native_handle());
  }
}
QRT_BENCH(BM_CreateOnMiss, benchmark::kMicrosecond);

void BM_WarmInitRelease(benchmark::State& state) {
  qrt::Runtime runtime(options());
  runtime.open("null.qubit:shots=10,seed=1").release();  // populate the pool
  for (auto _ : state) {
    qrt::Device device = runtime.open("null.qubit:shots=10,seed=1");
    benchmark::DoNotOptimize(device.native_handle());
  }
  state.counters["hits"] = static_cast<double>(runtime.pool_stats().hits);
}
QRT_BENCH(BM_WarmInitRelease, benchmark::kNanosecond);

void BM_WarmInitRelease_CApi(benchmark::State& state) {
  __quantum__rt__initialize(nullptr);
  auto* name = reinterpret_cast<int8_t*>(const_cast<char*>("null.qubit"));
  auto* kwargs = reinterpret_cast<int8_t*>(const_cast<char*>("shots=10,seed=1"));
  for (auto _ : state) {
    __quantum__rt__device_init(nullptr, name, kwargs);
    __quantum__rt__device_release();
  }
  __quantum__rt__finalize();
}
QRT_BENCH(BM_WarmInitRelease_CApi, benchmark::kNanosecond);

void BM_GateCall(benchmark::State& state) {
  qrt::Runtime runtime(options());
  qrt::Device device = runtime.open("null.qubit");
  auto wires = device.allocate(2);
  std::uint32_t h = *device.gate_id("Hadamard");
  for (auto _ : state) device.apply(h, {}, {wires.data(), 1});
}
QRT_BENCH(BM_GateCall, benchmark::kNanosecond);

void BM_GateCall_CApi(benchmark::State& state) {
  __quantum__rt__initialize(nullptr);
  __quantum__rt__device_init(nullptr, reinterpret_cast<int8_t*>(const_cast<char*>("null.qubit")), nullptr);
  QUBIT* q = __quantum__rt__qubit_allocate();
  for (auto _ : state) __quantum__qis__h__body(q);
  __quantum__rt__qubit_release(q);
  __quantum__rt__device_release();
  __quantum__rt__finalize();
}
QRT_BENCH(BM_GateCall_CApi, benchmark::kNanosecond);

void BM_IsolatedQueuedGate(benchmark::State& state) {
  qrt::Runtime runtime(options());
  qrt::Device device = runtime.open("null.qubit:isolate=true");
  auto wires = device.allocate(2);
  std::uint32_t rx = *device.gate_id("RX");
  const double angle = 0.25;
  for (auto _ : state) device.apply(rx, {&angle, 1}, {wires.data(), 1});
  benchmark::DoNotOptimize(device.num_qubits());  // sends the rest
}
QRT_BENCH(BM_IsolatedQueuedGate, benchmark::kNanosecond);

void BM_IsolatedRoundTrip(benchmark::State& state) {
  qrt::Runtime runtime(options());
  qrt::Device device = runtime.open("null.qubit:isolate=true");
  device.allocate(2);
  for (auto _ : state) benchmark::DoNotOptimize(device.num_qubits());
}
QRT_BENCH(BM_IsolatedRoundTrip, benchmark::kNanosecond);

// A statevector.qubit device (one thread) with n qubits in a state that spreads over every amplitude.
qrt::Device spread_state(qrt::Runtime& runtime, int n) {
  qrt::Device device = runtime.open("statevector.qubit:threads=1");
  const std::vector<qrt::Wire> wires = device.allocate(static_cast<std::size_t>(n));
  for (qrt::Wire w : wires) device.apply("Hadamard", {}, {&w, 1});
  benchmark::DoNotOptimize(device.probs(std::vector<qrt::Wire>{wires[0]}));  // applies what is queued
  return device;
}

void BM_Probs(benchmark::State& state) {
  qrt::Runtime runtime(options());
  qrt::Device device = spread_state(runtime, static_cast<int>(state.range(0)));
  for (auto _ : state) benchmark::DoNotOptimize(device.probs({}));
}
QRT_BENCH(BM_Probs, benchmark::kMicrosecond)->Arg(16)->Arg(22);

// The plugin's probs straight through the ABI, into a fresh buffer as Device::probs fills: no check.
void BM_ProbsUnchecked(benchmark::State& state) {
  qrt::Runtime runtime(options());
  qrt::Device device = spread_state(runtime, static_cast<int>(state.range(0)));
  const qrt_device_functions& f = device.functions();
  for (auto _ : state) {
    std::vector<double> out(std::size_t{1} << state.range(0));
    if (qrt_error* e = f.probs(device.native_handle(), nullptr, 0, out.data(), out.size())) e->destroy(e);
    benchmark::DoNotOptimize(out.data());
  }
}
QRT_BENCH(BM_ProbsUnchecked, benchmark::kMicrosecond)->Arg(16)->Arg(22);

void BM_State(benchmark::State& state) {
  qrt::Runtime runtime(options());
  qrt::Device device = spread_state(runtime, static_cast<int>(state.range(0)));
  for (auto _ : state) benchmark::DoNotOptimize(device.state());
}
QRT_BENCH(BM_State, benchmark::kMicrosecond)->Arg(16)->Arg(22);

void BM_StateUnchecked(benchmark::State& state) {
  qrt::Runtime runtime(options());
  qrt::Device device = spread_state(runtime, static_cast<int>(state.range(0)));
  const qrt_device_functions& f = device.functions();
  for (auto _ : state) {
    std::size_t size = 0;
    if (qrt_error* e = f.state_size(device.native_handle(), &size)) e->destroy(e);
    std::vector<std::complex<double>> out(size);
    if (qrt_error* e = f.state(device.native_handle(), reinterpret_cast<double*>(out.data()), out.size()))
      e->destroy(e);
    benchmark::DoNotOptimize(out.data());
  }
}
QRT_BENCH(BM_StateUnchecked, benchmark::kMicrosecond)->Arg(16)->Arg(22);

}  // namespace

int main(int argc, char** argv) {
  setenv("QRT_PLUGIN_PATH", QRT_BENCH_PLUGIN_DIR, 1);  // the C API discovers through the default path
  std::ifstream loadavg("/proc/loadavg");
  std::string load;
  std::getline(loadavg, load);
  benchmark::AddCustomContext("loadavg", load);
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
