// The layered circuit the targets are stated for: per layer RX, RY, RZ on every qubit, then a CNOT
// ladder (0,1), (1,2), ...; 10 layers at n = 24, with and without fusion. The probs() read at the
// end flushes the fusion queue (and costs one read pass, as any real circuit's result would).
#include "bench_common.hpp"

#include <qrt/sdk/device.hpp>

namespace sv_bench {

namespace {

constexpr int kLayers = 10;

void layered(benchmark::State& state, int n, int threads, bool fusion) {
  auto device = make_device(std::string(R"({"fusion": )") + (fusion ? "true" : "false") +
                            R"(, "threads": )" + std::to_string(threads) + "}");
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
  state.counters["gates"] = kLayers * (4 * n - 1);
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
                                           layered, n, t, fusion),
              2)
          ->Iterations(1)
          ->Unit(benchmark::kMillisecond);
}

}  // namespace sv_bench
