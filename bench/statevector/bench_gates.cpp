// Single gates on large states, through the device class (fusion off): time per gate, GB/s
// counting 2 * 16 * 2^n bytes per gate, and the ratio to the in-place loop at the same n and thread
// count. Targets cycle over all qubits, so lane-internal (low) and strided (high) qubits both count.
// Also dense k-qubit unitaries (k = 1..5) at the circuit size, which is how the default
// fusion_max_qubits was chosen.
#include "bench_common.hpp"

#include <qrt/sdk/device.hpp>

#include <random>

namespace sv_bench {

namespace {

void inplace(benchmark::State& state, int n, int threads) {
  qrt::sv::AmplitudeBuffer buffer;
  buffer.reserve(std::size_t{1} << n, 0);
  auto* data = reinterpret_cast<double*>(buffer.data());
  std::fill(data, data + (std::size_t{2} << n), 1.0);
  double s = 2.0;
  for (auto _ : state) {
    inplace_scale_pass(data, std::size_t{2} << n, s, threads);
    s = 1.0 / s;
  }
  report_bandwidth(state, n, threads, 1.0);
}

struct GateShape {
  const char* name;
  unsigned wires;
  unsigned params;
};
constexpr GateShape kGates[] = {{"Hadamard", 1, 0}, {"RX", 1, 1},   {"RZ", 1, 1},   {"T", 1, 0},
                                {"CNOT", 2, 0},     {"CZ", 2, 0},   {"SWAP", 2, 0}, {"IsingXX", 2, 1}};

void gate(benchmark::State& state, GateShape shape, int n, int threads) {
  auto device = make_device(R"({"fusion": false, "threads": )" + std::to_string(threads) + "}");
  device->allocate_qubits(static_cast<std::size_t>(n));
  const std::uint32_t id = gate_id(shape.name);
  const double params[] = {0.3};
  qrt::sdk::Wire wires[2];
  std::uint64_t step = 0;
  for (auto _ : state) {
    wires[0] = step % static_cast<unsigned>(n);
    wires[1] = (step + 1) % static_cast<unsigned>(n);
    ++step;
    device->apply_gate({id, shape.name, {params, shape.params}, {wires, shape.wires}, {}, {}, false});
  }
  report_bandwidth(state, n, threads, 1.0);
}

void dense_unitary(benchmark::State& state, int k, int n, int threads) {
  auto device = make_device(R"({"fusion": false, "threads": )" + std::to_string(threads) + "}");
  device->allocate_qubits(static_cast<std::size_t>(n));
  const std::size_t dim = std::size_t{1} << k;
  // A diagonal of phases is unitary and exercises the full dense kernel all the same.
  std::vector<qrt::sdk::Complex> u(dim * dim);
  std::mt19937_64 rng(k);
  for (std::size_t i = 0; i < dim; ++i) u[i * dim + (i * 5 + 3) % dim] = std::polar(1.0, 0.1 * static_cast<double>(rng() % 60));
  std::vector<qrt::sdk::Wire> wires(static_cast<std::size_t>(k));
  std::uint64_t step = 0;
  for (auto _ : state) {
    for (int j = 0; j < k; ++j) wires[j] = (step + static_cast<std::uint64_t>(j) * (n / k)) % static_cast<unsigned>(n);
    ++step;
    device->apply_matrix({u, wires, {}, {}, false});
  }
  report_bandwidth(state, n, threads, 1.0);
  state.counters["k"] = k;
}

}  // namespace

void register_gate_benchmarks() {
  for (int n : sizes().qubits) {
    for (int t : sizes().threads) {
      best_of(benchmark::RegisterBenchmark(("inplace/n:" + std::to_string(n) + "/threads:" + std::to_string(t)).c_str(),
                                           inplace, n, t),
              5)
          ->MinTime(0.2)
          ->Unit(benchmark::kMillisecond);
      for (const GateShape& g : kGates)
        best_of(benchmark::RegisterBenchmark(
                    (std::string("gate/") + g.name + "/n:" + std::to_string(n) + "/threads:" + std::to_string(t)).c_str(),
                    gate, g, n, t),
                5)
            ->MinTime(0.2)
            ->MinTime(0.2)
          ->Unit(benchmark::kMillisecond);
    }
  }
  const int n = sizes().circuit_qubits;
  for (int t : sizes().threads)
    for (int k = 1; k <= 5; ++k)
      best_of(benchmark::RegisterBenchmark(("dense_unitary/k:" + std::to_string(k) + "/n:" + std::to_string(n) +
                                            "/threads:" + std::to_string(t))
                                               .c_str(),
                                           dense_unitary, k, n, t),
              3)
          ->MinTime(0.2)
          ->Unit(benchmark::kMillisecond);
}

}  // namespace sv_bench
