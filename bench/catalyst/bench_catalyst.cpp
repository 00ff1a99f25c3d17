// Catalyst programs on qrt, with JSON output (--benchmark_format=json); the machine's load average is in
// the context.
//   Layered20/CatalystVsQasm  whole processes, side by side in every iteration: `qrt run` of a qjit-style
//                             module of the layered circuit (20 qubits, 10 layers of rx, ry, rz and a CNOT
//                             ladder, <Z0>) against `qrt run` of the same circuit in OpenQASM with
//                             --expval Z0. Counters: the best wall time of each (ms), their ratio (goal
//                             <= 1.2), and the same for the children's CPU time (user + system), which a
//                             busy machine disturbs less.
//   Layered20Threads1/...     the same with `-d statevector.qubit:threads=1` on both sides (no OpenMP team
//                             spinning on a shared machine).
//   Call4/Overhead            a loaded 4-qubit module (2 layers, one f64 argument) called in-process,
//                             against the same gates and <Z0> applied straight to a pooled device, one after
//                             the other: the median cost of a call above the median of its device work
//                             (goal < 20 us).
#include <benchmark/benchmark.h>

#include "catalyst_module.hpp"

#include <qrt/catalyst/program.hpp>
#include <qrt/runtime.hpp>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <fcntl.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

struct Files {
  fs::path dir = fs::temp_directory_path() / ("qrt-bench-catalyst-" + std::to_string(getpid()));
  fs::path layered_ll, layered_qasm, small_ll;
  Files() {
    fs::create_directories(dir);
    auto write = [&](const char* name, const std::string& text) {
      std::ofstream(dir / name) << text;
      return dir / name;
    };
    auto [ir, qasm] = qrt_bench::catalyst_layered(20, 10);
    layered_ll = write("layered20.ll", ir);
    layered_qasm = write("layered20.qasm", qasm);
    small_ll = write("layered4.ll", qrt_bench::catalyst_layered(4, 2, true).first);
  }
  ~Files() {
    std::error_code ec;
    fs::remove_all(dir, ec);
  }
};

const Files& files() {
  static const Files f;
  return f;
}

struct ProcessTime {
  double wall = 0, cpu = 0;  // seconds; cpu: the child's user + system time
};

// One `qrt run` process, its output to /dev/null.
ProcessTime run_process(std::vector<std::string> words) {
  std::vector<char*> argv;
  for (auto& w : words) argv.push_back(w.data());
  argv.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
  const auto start = Clock::now();
  pid_t child = 0;
  const int rc = posix_spawn(&child, argv[0], &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (rc != 0) throw std::runtime_error("cannot start " + words[0]);
  int status = 0;
  rusage usage{};
  while (wait4(child, &status, 0, &usage) < 0)
    if (errno != EINTR) throw std::runtime_error("wait4 failed");
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) throw std::runtime_error(words[2] + ": qrt run failed");
  auto seconds = [](const timeval& t) { return static_cast<double>(t.tv_sec) + 1e-6 * static_cast<double>(t.tv_usec); };
  return {std::chrono::duration<double>(Clock::now() - start).count(),
          seconds(usage.ru_utime) + seconds(usage.ru_stime)};
}

void compare_layered(benchmark::State& state, const char* device) {
  ProcessTime best_catalyst{1e9, 1e9}, best_qasm{1e9, 1e9};
  std::vector<std::string> catalyst = {QRT_BENCH_CLI, "run", files().layered_ll.string()};
  std::vector<std::string> qasm = {QRT_BENCH_CLI, "run", files().layered_qasm.string(), "--expval", "Z0"};
  if (device) {
    for (auto* words : {&catalyst, &qasm}) words->insert(words->end(), {"-d", device});
  }
  int round = 0;
  for (auto _ : state) {
    // Alternate which goes first, so that neither always runs on a warmer machine.
    ProcessTime c, q;
    if (round++ % 2) {
      c = run_process(catalyst);
      q = run_process(qasm);
    } else {
      q = run_process(qasm);
      c = run_process(catalyst);
    }
    best_catalyst = {std::min(best_catalyst.wall, c.wall), std::min(best_catalyst.cpu, c.cpu)};
    best_qasm = {std::min(best_qasm.wall, q.wall), std::min(best_qasm.cpu, q.cpu)};
    state.SetIterationTime(c.wall);
  }
  state.counters["catalyst_ms"] = best_catalyst.wall * 1e3;
  state.counters["qasm_ms"] = best_qasm.wall * 1e3;
  state.counters["ratio"] = best_catalyst.wall / best_qasm.wall;
  state.counters["catalyst_cpu_ms"] = best_catalyst.cpu * 1e3;
  state.counters["qasm_cpu_ms"] = best_qasm.cpu * 1e3;
  state.counters["cpu_ratio"] = best_catalyst.cpu / best_qasm.cpu;
}

void BM_Layered20(benchmark::State& state) { compare_layered(state, nullptr); }
void BM_Layered20Threads1(benchmark::State& state) { compare_layered(state, "statevector.qubit:threads=1"); }

// The module's gates and <Z0>, straight on a pooled device: the device work a call cannot avoid (a device
// from the pool by its config, as device_init takes one; gate ids resolved once, as the runtime does).
struct DeviceWork {
  qrt::Runtime& runtime;
  std::uint32_t rx = 0, ry = 0, rz = 0, cnot = 0;
  explicit DeviceWork(qrt::Runtime& r) : runtime(r) {
    qrt::Device d = runtime.open("statevector.qubit");
    rx = *d.gate_id("RX"), ry = *d.gate_id("RY"), rz = *d.gate_id("RZ"), cnot = *d.gate_id("CNOT");
  }
  double operator()(double x) const {
    qrt::Device d = runtime.open("statevector.qubit");
    const auto wires = d.allocate(4);
    for (int l = 0; l < 2; ++l) {
      for (int i = 0; i < 4; ++i) {
        const double a = x + (0.1 * (l + 1) + 0.01 * i);
        for (auto g : {rx, ry, rz}) d.apply(g, {&a, 1}, {&wires[static_cast<std::size_t>(i)], 1});
      }
      for (std::size_t i = 0; i + 1 < 4; ++i) d.apply(cnot, {}, {&wires[i], 2});
    }
    qrt::Observable z;
    z.terms.push_back({1.0, {{qrt::ObservableKind::PauliZ, {wires[0]}, {}}}});
    return d.expval(z);  // the device goes back to the pool (reset), its qubits with it
  }
};

// Calls and device work interleaved one by one, so that both see the same machine; the medians of each
// (a preempted piece lands in the tail, not in the median).
void BM_Call4(benchmark::State& state) {
  const auto program = qrt::catalyst::Program::load(files().small_ll);
  const auto runtime = qrt::process_runtime();
  const DeviceWork device_work(*runtime);
  qrt::catalyst::CallOptions options;
  constexpr int kCalls = 500;
  std::vector<double> calls, devices;
  double checksum = 0;
  for (auto _ : state) {
    double total = 0;
    for (int k = 0; k < kCalls; ++k) {
      const double x = 0.001 * k;
      const std::vector<qrt::catalyst::Tensor> args = {
          qrt::catalyst::Tensor::scalar(qrt::catalyst::ElementType::F64, x)};
      const auto t0 = Clock::now();
      checksum += program.call(args, options).results[0].get<double>(0);
      const auto t1 = Clock::now();
      checksum -= device_work(x);
      const auto t2 = Clock::now();
      calls.push_back(std::chrono::duration<double>(t1 - t0).count());
      devices.push_back(std::chrono::duration<double>(t2 - t1).count());
      total += calls.back();
    }
    state.SetIterationTime(total / kCalls);
  }
  if (std::abs(checksum) > 1e-9) state.SkipWithError("the module and the device work disagree");
  auto median = [](std::vector<double> v) {
    std::nth_element(v.begin(), v.begin() + static_cast<long>(v.size() / 2), v.end());
    return v[v.size() / 2];
  };
  const double call = median(calls), device = median(devices);
  state.counters["call_us"] = call * 1e6;
  state.counters["device_us"] = device * 1e6;
  state.counters["overhead_us"] = (call - device) * 1e6;
}

}  // namespace

int main(int argc, char** argv) {
  std::ifstream loadavg("/proc/loadavg");
  std::string load;
  std::getline(loadavg, load);
  benchmark::AddCustomContext("loadavg", load);
  for (auto* b : {benchmark::RegisterBenchmark("Layered20/CatalystVsQasm", BM_Layered20),
                  benchmark::RegisterBenchmark("Layered20Threads1/CatalystVsQasm", BM_Layered20Threads1)})
    b->UseManualTime()->Iterations(5)->Unit(benchmark::kMillisecond);
  benchmark::RegisterBenchmark("Call4/Overhead", BM_Call4)
      ->UseManualTime()
      ->Iterations(10)
      ->Unit(benchmark::kMicrosecond);
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
