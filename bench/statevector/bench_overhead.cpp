// Per-gate cost on a 2-qubit state, where the kernel is nearly free: through the device class, and
// through the plugin's C ABI function table (what the host calls).
#include "bench_common.hpp"

#include <qrt/plugin.hpp>

namespace sv_bench {

namespace {

void gate_on_tiny_state(benchmark::State& state, bool through_abi, const char* name, int params) {
  const std::uint32_t id = gate_id(name);
  const double angle[] = {0.25};
  if (!through_abi) {
    auto device = make_device("{}");
    const auto wires = device->allocate_qubits(2);
    std::uint64_t step = 0;
    for (auto _ : state) {
      const qrt::sdk::Wire w[] = {wires[step++ & 1u]};
      device->apply_gate({id, name, {angle, static_cast<std::size_t>(params)}, w, {}, {}, false});
    }
  } else {
    using Export = qrt::sdk::detail::DeviceExport<qrt::sv::StatevectorDevice>;
    const qrt_device_functions* f = Export::functions();
    qrt_device* device = nullptr;
    if (f->create("{}", &device)) return state.SkipWithError("create failed");
    qrt_wire wires[2];
    f->allocate_qubits(device, 2, wires);
    qrt_gate_call call{
        sizeof(qrt_gate_call), id, 0, angle, static_cast<std::size_t>(params), wires, 1, nullptr, nullptr, 0};
    std::uint64_t step = 0;
    for (auto _ : state) {
      call.wires = &wires[step++ & 1u];
      if (qrt_error* e = f->apply_gate(device, &call)) {
        e->destroy(e);
        state.SkipWithError("apply_gate failed");
        break;
      }
    }
    f->destroy(device);
  }
  state.SetLabel("loadavg " + load_average());
}

}  // namespace

void register_overhead_benchmarks() {
  for (bool abi : {false, true})
    for (auto [name, params] : {std::pair{"Hadamard", 0}, std::pair{"RX", 1}, std::pair{"CNOT", 0}}) {
      if (std::string(name) == "CNOT") continue;  // needs two wires; covered by the large-state runs
      best_of(benchmark::RegisterBenchmark(
                  (std::string("tiny_state_gate/") + name + (abi ? "/c_abi" : "/device_class")).c_str(),
                  gate_on_tiny_state, abi, name, params),
              5)
          ->Unit(benchmark::kNanosecond);
    }
}

}  // namespace sv_bench
