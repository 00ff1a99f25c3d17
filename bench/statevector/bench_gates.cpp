// Single gates on large states, through the device class (fusion off), against the in-place
// reference loop, one reference pass right before each gate (paired_rounds). One round applies the gate
// once on every target qubit, so lane-internal (low) and strided (high) qubits count equally; a
// 2-qubit gate acts on neighbours (q, q+1). Reported: time per gate, GB/s counting 2 * 16 * 2^n bytes
// per gate, and the ratio to the reference. Names ending in /single: precision = "single" (8-byte
// amplitudes, GB/s counting 2 * 8 * 2^n bytes, the reference over a buffer of the same bytes).
// Also dense k-qubit unitaries (k = 1..5) at the circuit size, in both precisions, which is how the
// default fusion_max_qubits was chosen.
#include "bench_common.hpp"

#include <qrt/sdk/device.hpp>

#include <random>

namespace sv_bench {

namespace {

struct GateShape {
  const char* name;
  unsigned wires;
  unsigned params;
};
// The first four read and write the whole state (their ratio is the issue-3 target); the others
// touch part of it (T: half, CNOT: a quarter...) and are listed for their times.
constexpr GateShape kGates[] = {{"Hadamard", 1, 0}, {"RX", 1, 1},   {"RZ", 1, 1}, {"IsingXX", 2, 1},
                                {"T", 1, 0},        {"CNOT", 2, 0}, {"CZ", 2, 0}, {"SWAP", 2, 0}};

void gate(benchmark::State& state, GateShape shape, int n, int threads, const std::string& precision) {
  qrt::sv::StatevectorDevice& device = *shared_device(n, threads, precision).device;
  const std::vector<qrt::sdk::Wire>& wires = shared_device(n, threads, precision).wires;
  const std::uint32_t id = gate_id(shape.name);
  const double params[] = {0.3};
  paired_rounds(
      state, n, threads, n,
      [&](int q) {
        const qrt::sdk::Wire targets[2] = {wires[q], wires[(q + 1) % n]};
        device.apply_gate({id, shape.name, {params, shape.params}, {targets, shape.wires}, {}, {}, false});
      },
      amplitude_bytes(precision));
}

void dense_unitary(benchmark::State& state, int k, int n, int threads, const std::string& precision) {
  qrt::sv::StatevectorDevice& device = *shared_device(n, threads, precision).device;
  const std::vector<qrt::sdk::Wire>& all_wires = shared_device(n, threads, precision).wires;
  const std::size_t dim = std::size_t{1} << k;
  // A diagonal of phases is unitary and exercises the full dense kernel all the same.
  std::vector<qrt::sdk::Complex> u(dim * dim);
  std::mt19937_64 rng(k);
  for (std::size_t i = 0; i < dim; ++i)
    u[i * dim + (i * 5 + 3) % dim] = std::polar(1.0, 0.1 * static_cast<double>(rng() % 60));
  std::vector<qrt::sdk::Wire> wires(static_cast<std::size_t>(k));
  paired_rounds(
      state, n, threads, n,
      [&](int step) {
        for (int j = 0; j < k; ++j) wires[j] = all_wires[(step + j * (n / k)) % n];
        device.apply_matrix({u, wires, {}, {}, false});
      },
      amplitude_bytes(precision));
  state.counters["k"] = k;
}

}  // namespace

void register_gate_benchmarks() {
  for (int n : sizes().qubits)
    for (int t : sizes().threads)
      for (const GateShape& g : kGates)
        benchmark::RegisterBenchmark(
            (std::string("gate/") + g.name + "/n:" + std::to_string(n) + "/threads:" + std::to_string(t)).c_str(), gate,
            g, n, t, std::string("double"))
            ->Iterations(paired_round_count(n))
            ->UseManualTime()
            ->Unit(benchmark::kMillisecond);
  for (int n : sizes().single_precision_qubits)
    for (int t : sizes().threads)
      for (const GateShape& g : kGates)
        benchmark::RegisterBenchmark(
            (std::string("gate/") + g.name + "/n:" + std::to_string(n) + "/threads:" + std::to_string(t) + "/single")
                .c_str(),
            gate, g, n, t, std::string("single"))
            ->Iterations(paired_round_count(n))
            ->UseManualTime()
            ->Unit(benchmark::kMillisecond);
  // Dense k-qubit unitaries cost 2^k complex multiply-adds per amplitude: from k = 3 or so they are
  // arithmetic-bound, where single precision gains from twice the amplitudes per register.
  const int n = sizes().circuit_qubits;
  for (const std::string precision : {"double", "single"})
    for (int t : sizes().threads)
      for (int k = 1; k <= 5; ++k)
        benchmark::RegisterBenchmark(("dense_unitary/k:" + std::to_string(k) + "/n:" + std::to_string(n) +
                                      "/threads:" + std::to_string(t) + (precision == "single" ? "/single" : ""))
                                         .c_str(),
                                     dense_unitary, k, n, t, precision)
            ->Iterations(paired_round_count(n))
            ->UseManualTime()
            ->Unit(benchmark::kMillisecond);
}

}  // namespace sv_bench
