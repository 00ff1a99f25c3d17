// bench_adjoint: the adjoint Jacobian (qrt.adjoint_jacobian/1) of statevector.qubit on issue 23's layered
// circuit — per layer RX, RY, RZ on every qubit, then a CNOT ladder; every angle its own trainable
// parameter (P = 30 n at 10 layers); one Pauli-Z expectation — against one forward run of the same
// circuit with that expectation, interleaved in one run (best and median of the repetitions, and the
// median of the per-repetition ratios). Then the peak memory of the adjoint at --memory-qubits, in a
// fresh child process: (VmHWM after - VmRSS before) / the state's bytes, on --memory-layers layers
// (the work states do not depend on the depth). Prints one JSON object.
// With --observables K the adjoint computes K rows (Z on wires 0 .. K-1) against the same one-expectation
// forward run.
//   bench_adjoint [--qubits 20] [--layers 10] [--repetitions 7] [--threads T] [--precision double|single]
//                 [--observables 1]
//                 [--memory-qubits 24 (0: skip)] [--memory-layers 2]
#include "device/statevector_device.hpp"
#include "machine_load.hpp"

#include <qrt/sdk/adjoint_jacobian.hpp>
#include <qrt/sdk/kwargs.hpp>

#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

namespace {

struct Options {
  int qubits = 20, layers = 10, repetitions = 7, threads = 0, memory_qubits = 24;
  int observables = 1;    // Jacobian rows: Z on wires 0 .. observables - 1
  int memory_layers = 2;  // the peak does not depend on the depth; fewer layers keep n = 24 quick
  std::string precision = "double";
};

using bench_reference::load_average;

// A field of /proc/self/status in bytes (VmRSS, VmHWM).
long long status_bytes(const std::string& field) {
  std::ifstream in("/proc/self/status");
  for (std::string line; std::getline(in, line);)
    if (line.rfind(field + ":", 0) == 0) return std::atoll(line.c_str() + field.size() + 1) * 1024;
  return -1;
}

std::unique_ptr<qrt::sv::StatevectorDevice> make_device(const Options& o) {
  const std::string kwargs =
      R"({"threads": )" + std::to_string(o.threads) + R"(, "precision": ")" + o.precision + "\"}";
  return std::make_unique<qrt::sv::StatevectorDevice>(
      qrt::sdk::Kwargs::from_json(kwargs, qrt::sv::StatevectorDevice::schema()));
}

std::uint32_t gate_id(const std::string& name) {
  const auto gates = qrt::sv::StatevectorDevice::capabilities().gates;
  return static_cast<std::uint32_t>(std::find(gates.begin(), gates.end(), name) - gates.begin());
}

// The layered circuit on wires 0..n-1 with its storage (the calls borrow it).
struct LayeredCircuit {
  std::vector<qrt::sdk::Wire> wires;
  std::vector<double> angles;
  std::vector<qrt::sdk::CircuitOp> ops;
  std::vector<qrt::sdk::TrainableParam> trainable;
  qrt::sdk::Observable z0{{{1.0, {{qrt::sdk::ObservableKind::PauliZ, {0}, {}}}}}};
  // Z on wires 0, 1, ...: the rows of a Jacobian of several expectation values.
  std::vector<qrt::sdk::Observable> z_rows(int count) const {
    std::vector<qrt::sdk::Observable> rows;
    for (int w = 0; w < count; ++w)
      rows.push_back({{{1.0, {{qrt::sdk::ObservableKind::PauliZ, {static_cast<qrt::sdk::Wire>(w)}, {}}}}}});
    return rows;
  }

  LayeredCircuit(int n, int layers) {
    for (int q = 0; q < n; ++q) wires.push_back(static_cast<qrt::sdk::Wire>(q));
    angles.resize(static_cast<std::size_t>(3 * n * layers));  // never reallocated: the calls point into it
    for (std::size_t i = 0; i < angles.size(); ++i) angles[i] = 0.1 + 0.37 * static_cast<double>(i % 17);
    const std::uint32_t rotation[] = {gate_id("RX"), gate_id("RY"), gate_id("RZ")};
    const char* names[] = {"RX", "RY", "RZ"};
    const std::uint32_t cnot = gate_id("CNOT");
    std::size_t a = 0;
    for (int layer = 0; layer < layers; ++layer) {
      for (int q = 0; q < n; ++q)
        for (int r = 0; r < 3; ++r, ++a) {
          trainable.push_back({ops.size(), 0});
          ops.push_back(
              {qrt::sdk::GateCall{rotation[r], names[r], {&angles[a], 1}, {&wires[q], 1}, {}, {}, false}, {}});
        }
      for (int q = 0; q + 1 < n; ++q)
        ops.push_back({qrt::sdk::GateCall{cnot, "CNOT", {}, {&wires[q], 2}, {}, {}, false}, {}});
    }
  }
};

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.size() % 2 ? v[v.size() / 2] : (v[v.size() / 2 - 1] + v[v.size() / 2]) / 2;
}

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// CPU seconds of the whole process (every OpenMP thread): on a shared machine, where the wall time
// of one run can grow several-fold while neighbours hold the cores, the work itself is steadier.
double cpu_seconds() {
  timespec t{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

// In a fresh child: the adjoint at n qubits; returns {peak delta bytes, state bytes} or {-1, -1}.
std::pair<long long, long long> peak_memory(const Options& o, int n) {
  int pipe_fds[2];
  if (pipe(pipe_fds) != 0) return {-1, -1};
  const pid_t child = fork();
  if (child == 0) {
    close(pipe_fds[0]);
    const LayeredCircuit circuit(n, o.memory_layers);
    auto device = make_device(o);
    const long long before = status_bytes("VmRSS");
    device->allocate_qubits(static_cast<std::size_t>(n));
    std::vector<double> expvals(1), jacobian(circuit.trainable.size());
    device->adjoint_jacobian({circuit.ops, circuit.trainable, {&circuit.z0, 1}, expvals, jacobian});
    const long long peak = status_bytes("VmHWM");
    const long long state = static_cast<long long>(device->state_size()) * (o.precision == "single" ? 8 : 16);
    const long long out[2] = {peak - before, state};
    const ssize_t written = write(pipe_fds[1], out, sizeof out);
    _exit(written == sizeof out ? 0 : 1);
  }
  close(pipe_fds[1]);
  long long in[2] = {-1, -1};
  const ssize_t got = read(pipe_fds[0], in, sizeof in);
  close(pipe_fds[0]);
  int status = 0;
  waitpid(child, &status, 0);
  if (got != sizeof in || !WIFEXITED(status) || WEXITSTATUS(status) != 0) return {-1, -1};
  return {in[0], in[1]};
}

}  // namespace

int main(int argc, char** argv) {
  Options o;
  o.threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string flag = argv[i], value = argv[i + 1];
    if (flag == "--qubits") o.qubits = std::stoi(value);
    else if (flag == "--layers") o.layers = std::stoi(value);
    else if (flag == "--repetitions") o.repetitions = std::stoi(value);
    else if (flag == "--threads") o.threads = std::stoi(value);
    else if (flag == "--precision") o.precision = value;
    else if (flag == "--memory-qubits") o.memory_qubits = std::stoi(value);
    else if (flag == "--memory-layers") o.memory_layers = std::stoi(value);
    else if (flag == "--observables") o.observables = std::stoi(value);
    else {
      std::cerr << "unknown flag " << flag << "\n";
      return 2;
    }
  }
  // The child is forked before this process starts any OpenMP thread.
  const auto [peak_delta, state_bytes] =
      o.memory_qubits > 0 ? peak_memory(o, o.memory_qubits) : std::pair<long long, long long>{-1, -1};

  const std::string load_before = load_average();
  const LayeredCircuit circuit(o.qubits, o.layers);
  auto forward_device = make_device(o), adjoint_device = make_device(o);
  const std::vector<qrt::sdk::Observable> rows = circuit.z_rows(o.observables);
  std::vector<double> expvals(rows.size()), jacobian(rows.size() * circuit.trainable.size());
  std::vector<double> forward_s, adjoint_s, ratios, forward_cpu, adjoint_cpu, cpu_ratios;
  double forward_value = 0.0;
  for (int rep = 0; rep < o.repetitions + 1; ++rep) {  // the first round warms up (first touch)
    forward_device->reset();
    double cpu_start = cpu_seconds();
    auto start = std::chrono::steady_clock::now();
    forward_device->allocate_qubits(static_cast<std::size_t>(o.qubits));
    for (const auto& op : circuit.ops) forward_device->apply_gate(*op.gate);
    forward_value = forward_device->expval(circuit.z0);
    const double forward = seconds_since(start), forward_c = cpu_seconds() - cpu_start;

    adjoint_device->reset();
    cpu_start = cpu_seconds();
    start = std::chrono::steady_clock::now();
    adjoint_device->allocate_qubits(static_cast<std::size_t>(o.qubits));
    adjoint_device->adjoint_jacobian({circuit.ops, circuit.trainable, rows, expvals, jacobian});
    const double adjoint = seconds_since(start), adjoint_c = cpu_seconds() - cpu_start;
    if (rep == 0) continue;
    forward_s.push_back(forward);
    adjoint_s.push_back(adjoint);
    ratios.push_back(adjoint / forward);
    forward_cpu.push_back(forward_c);
    adjoint_cpu.push_back(adjoint_c);
    cpu_ratios.push_back(adjoint_c / forward_c);
  }
  double norm = 0.0;
  for (double d : jacobian) norm += d * d;

  std::ostringstream json;
  json.precision(6);
  json << "{\"benchmark\": \"adjoint_jacobian/layered\", \"n\": " << o.qubits << ", \"layers\": " << o.layers
       << ", \"params\": " << circuit.trainable.size() << ", \"observables\": " << rows.size()
       << ", \"ops\": " << circuit.ops.size() << ", \"threads\": " << o.threads << ", \"precision\": \"" << o.precision
       << "\", \"repetitions\": " << o.repetitions << ", \"loadavg_before\": " << load_before
       << ", \"loadavg_after\": " << load_average()
       << ",\n \"forward_ms\": {\"best\": " << 1e3 * *std::min_element(forward_s.begin(), forward_s.end())
       << ", \"median\": " << 1e3 * median(forward_s)
       << "}, \"adjoint_ms\": {\"best\": " << 1e3 * *std::min_element(adjoint_s.begin(), adjoint_s.end())
       << ", \"median\": " << 1e3 * median(adjoint_s) << "},\n \"ratio_best\": "
       << *std::min_element(adjoint_s.begin(), adjoint_s.end()) / *std::min_element(forward_s.begin(), forward_s.end())
       << ", \"ratio_median\": " << median(ratios)
       << ",\n \"forward_cpu_ms\": {\"best\": " << 1e3 * *std::min_element(forward_cpu.begin(), forward_cpu.end())
       << ", \"median\": " << 1e3 * median(forward_cpu)
       << "}, \"adjoint_cpu_ms\": {\"best\": " << 1e3 * *std::min_element(adjoint_cpu.begin(), adjoint_cpu.end())
       << ", \"median\": " << 1e3 * median(adjoint_cpu) << "}, \"cpu_ratio_median\": " << median(cpu_ratios)
       << ",\n \"expval_forward\": " << forward_value << ", \"expval_adjoint\": " << expvals[0]
       << ", \"jacobian_norm\": " << std::sqrt(norm) << ",\n \"memory\": {\"n\": " << o.memory_qubits
       << ", \"layers\": " << o.memory_layers << ", \"state_bytes\": " << state_bytes
       << ", \"peak_rss_delta_bytes\": " << peak_delta << ", \"state_vectors\": "
       << (state_bytes > 0 ? static_cast<double>(peak_delta) / static_cast<double>(state_bytes) : -1.0) << "}}\n";
  std::cout << json.str();
  return 0;
}
