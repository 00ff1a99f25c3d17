// The layered circuit the targets are stated for: per layer RX, RY, RZ on every qubit, then a CNOT
// ladder (0,1), (1,2), ...; 10 layers at n = 24, with and without fusion. The probs() read at the
// end flushes the fusion queue (and costs one read pass, as any real circuit's result would).
// Also in single precision (/single) and double at the same sizes (n = 24, 26), fused, with the
// device's memory_bytes as state_MiB and the time per gate as ms_per_gate.
#include "bench_common.hpp"

#include <qrt/sdk/device.hpp>

namespace sv_bench {

namespace {

constexpr int kLayers = 10;

void layered(benchmark::State& state, int n, int threads, bool fusion, const std::string& precision) {
  // Untiled (tiles=false): this benchmark measures fusion; bench_tiles compares the tiled path with it.
  auto device = make_device(std::string(R"({"tiles": false, "fusion": )") + (fusion ? "true" : "false") +
                            R"(, "threads": )" + std::to_string(threads) + R"(, "precision": ")" + precision + "\"}");
  const auto wires = device->allocate_qubits(static_cast<std::size_t>(n));
  const std::uint32_t rx = gate_id("RX"), ry = gate_id("RY"), rz = gate_id("RZ"), cnot = gate_id("CNOT");
  std::vector<double> p(2);
  for (auto _ : state) {
    for (int layer = 0; layer < kLayers; ++layer) {
      const double angle[] = {0.1 + 0.01 * layer};
      for (int q = 0; q < n; ++q) {
        const qrt::sdk::Wire w[] = {wires[q]};
        device->apply_gate({rx, "RX", angle, w, {}, {}, false});
        device->apply_gate({ry, "RY", angle, w, {}, {}, false});
        device->apply_gate({rz, "RZ", angle, w, {}, {}, false});
      }
      for (int q = 0; q + 1 < n; ++q) {
        const qrt::sdk::Wire pair[] = {wires[q], wires[q + 1]};
        device->apply_gate({cnot, "CNOT", {}, pair, {}, {}, false});
      }
    }
    device->probs({wires.data(), 1}, p);
  }
  state.counters["n"] = n;
  state.counters["threads"] = threads;
  state.counters["fusion"] = fusion;
  const int gates = kLayers * (4 * n - 1);
  state.counters["gates"] = gates;
  state.counters["amplitude_bytes"] = amplitude_bytes(precision);
  state.counters["state_MiB"] = static_cast<double>(device->memory_bytes()) / (1 << 20);
  // Seconds per gate, as a rate inverted (Google Benchmark divides by the iteration time).
  state.counters["ms_per_gate"] =
      benchmark::Counter(gates * 1e-3, benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
  state.SetLabel("loadavg " + load_average());
}

}  // namespace

void register_circuit_benchmarks() {
  const int n = sizes().circuit_qubits;
  for (int t : sizes().threads)
    for (bool fusion : {true, false})
      best_of(benchmark::RegisterBenchmark(("layered_circuit/n:" + std::to_string(n) + "/threads:" + std::to_string(t) +
                                            (fusion ? "/fusion" : "/no_fusion"))
                                               .c_str(),
                                           layered, n, t, fusion, std::string("double")),
              2)
          ->Iterations(1)
          ->Unit(benchmark::kMillisecond);
  // Single vs double precision, fused (the default), at the issue-15 sizes.
  for (int size : sizes().single_precision_qubits)
    for (int t : sizes().threads)
      for (const std::string precision : {"double", "single"}) {
        if (size == n && precision == "double") continue;  // registered above
        best_of(benchmark::RegisterBenchmark(("layered_circuit/n:" + std::to_string(size) + "/threads:" +
                                              std::to_string(t) + "/fusion" + (precision == "single" ? "/single" : ""))
                                                 .c_str(),
                                             layered, size, t, true, precision),
                3)
            ->Iterations(1)
            ->Unit(benchmark::kMillisecond);
      }
}

}  // namespace sv_bench
