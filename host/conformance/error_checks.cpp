// errors: bad wire ids (never allocated, released), unknown gate ids, repeated wires, bad controls,
// impossible postselection, sampling without shots, allocating past max_qubits — each must fail with a
// documented status and change nothing. Per-gate parameter and wire counts: gate_argument_checks.cpp.
#include "conformance/check_groups.hpp"

#include "conformance/error_probe.hpp"
#include "conformance/reference.hpp"

#include <algorithm>
#include <limits>
#include <optional>

namespace qrt::conformance {

void check_gate_arguments(CheckContext& context);  // gate_argument_checks.cpp

namespace {

const std::vector<std::int32_t> kBadWire{QRT_ERROR_INVALID_ARGUMENT, QRT_ERROR_OUT_OF_RANGE};
const std::vector<std::int32_t> kBadArgument{QRT_ERROR_INVALID_ARGUMENT};
const std::vector<std::int32_t> kBadGateId{QRT_ERROR_INVALID_ARGUMENT, QRT_ERROR_UNSUPPORTED};

// A declared gate the kit knows, on the fewest wires (at least `min_wires`), with valid parameters.
// Gates on a fixed number of wires come first: a device may treat Identity or GlobalPhase loosely.
struct ProbeGate {
  std::uint32_t id;
  const ReferenceGate* gate;
  std::size_t num_wires;
  std::vector<double> params;

  std::string on(std::span<const qrt_wire> wires) const {
    return std::string(gate->name) + " on wires " + format_wires(wires);
  }
};

std::optional<ProbeGate> probe_gate(const CheckContext& c, std::size_t min_wires) {
  std::optional<ProbeGate> best;
  auto rank = [](const ProbeGate& g) { return std::pair(g.num_wires, g.gate->min_wires != g.gate->max_wires); };
  const auto& gates = c.capabilities().gates;
  for (std::uint32_t id = 0; id < gates.size(); ++id) {
    const ReferenceGate* g = find_reference_gate(gates[id]);
    if (!g || g->max_wires < min_wires) continue;
    ProbeGate candidate{id, g, std::max<std::size_t>(g->min_wires, min_wires), std::vector<double>(g->num_params, 0.3)};
    if (!best || rank(candidate) < rank(*best)) best = std::move(candidate);
  }
  return best;
}

void check_gate_wire_errors(CheckContext& c) {
  const std::optional<ProbeGate> g = probe_gate(c, 1);
  auto needs_gate = [&] {
    if (!g) not_applicable("no declared gate the kit knows");
    if (c.fit(3) < g->num_wires + 1) not_applicable("max_qubits leaves no room");
  };
  c.run(kErrorGroup, "gate on an unallocated wire", [&] {
    needs_gate();
    return provoke(c, c.fit(3), {"", kBadWire}, [&](NativeInstance& d, std::span<const qrt_wire> wires, ErrorProbe& p) {
      std::vector<qrt_wire> on(wires.begin(), wires.begin() + static_cast<std::ptrdiff_t>(g->num_wires - 1));
      on.push_back(unallocated_wire(wires));
      p.what = g->on(on) + " (wire " + std::to_string(on.back()) + " was never allocated)";
      return d.try_apply_gate(gate_call(g->id, g->params, on));
    });
  });
  c.run(kErrorGroup, "gate on a released wire", [&] {
    needs_gate();
    qrt_wire released = 0;
    return provoke(
        c, c.fit(3), {"", kBadWire},
        [&](NativeInstance& d, std::span<const qrt_wire> wires, ErrorProbe& p) {
          std::vector<qrt_wire> on(wires.begin(), wires.begin() + static_cast<std::ptrdiff_t>(g->num_wires - 1));
          on.push_back(released);
          p.what = g->on(on) + " (wire " + std::to_string(released) + " was released)";
          return d.try_apply_gate(gate_call(g->id, g->params, on));
        },
        [&](NativeInstance& d, std::vector<qrt_wire>& wires) {
          released = wires.back();
          d.release_disentangled(std::span<const qrt_wire>(wires).last(1));
          wires.pop_back();
        });
  });
  const std::optional<ProbeGate> two = probe_gate(c, 2);
  c.run(kErrorGroup, "gate with a repeated wire", [&] {
    if (!two) not_applicable("no declared gate on two or more wires that the kit knows");
    return provoke(c, c.fit(3), {"", kBadArgument},
                   [&](NativeInstance& d, std::span<const qrt_wire> wires, ErrorProbe& p) {
                     std::vector<qrt_wire> on(two->num_wires, wires[0]);
                     p.what = two->on(on);
                     return d.try_apply_gate(gate_call(two->id, two->params, on));
                   });
  });
  if (!c.capabilities().controlled_gates) return;
  // Rejecting a control that is also a target needs the device to apply controls: a Note for a
  // non-simulating device that accepts it.
  c.run(kErrorGroup, "control on a target wire", [&] {
    needs_gate();
    return provoke(
        c, c.fit(3), {"", kBadArgument, true}, [&](NativeInstance& d, std::span<const qrt_wire> wires, ErrorProbe& p) {
          const std::vector<qrt_wire> on(wires.begin(), wires.begin() + static_cast<std::ptrdiff_t>(g->num_wires));
          const std::vector<qrt_wire> controls{on[0]};
          p.what = g->on(on) + " controlled by its own target " + std::to_string(on[0]);
          return d.try_apply_gate(gate_call(g->id, g->params, on, controls));
        });
  });
  c.run(kErrorGroup, "control value other than 0 or 1", [&] {
    needs_gate();
    return provoke(
        c, c.fit(3), {"", kBadArgument}, [&](NativeInstance& d, std::span<const qrt_wire> wires, ErrorProbe& p) {
          const std::vector<qrt_wire> on(wires.begin(), wires.begin() + static_cast<std::ptrdiff_t>(g->num_wires));
          const std::vector<qrt_wire> controls{wires[g->num_wires]};
          const std::vector<std::uint8_t> values{2};
          p.what = g->on(on) + " with control value 2";
          return d.try_apply_gate(gate_call(g->id, g->params, on, controls, values));
        });
  });
}

void check_gate_id_errors(CheckContext& c) {
  const auto count = static_cast<std::uint32_t>(c.capabilities().gates.size());
  for (std::uint32_t id : {count, std::numeric_limits<std::uint32_t>::max()}) {
    const std::string name = id == count ? "gate id past the gate list" : "gate id UINT32_MAX";
    c.run(kErrorGroup, name, [&] {
      return provoke(
          c, c.fit(2), {"", kBadGateId}, [&](NativeInstance& d, std::span<const qrt_wire> wires, ErrorProbe& p) {
            p.what = "gate id " + std::to_string(id) + " (the device declares " + std::to_string(count) + " gates)";
            return d.try_apply_gate(gate_call(id, {}, wires.first(1)));
          });
    });
  }
}

void check_measurement_errors(CheckContext& c) {
  const qrt_device_functions& f = c.functions();
  auto unallocated = [&](const char* name, bool present, auto&& call) {
    if (!present) return;
    c.run(kErrorGroup, std::string(name) + " of an unallocated wire", [&] {
      return provoke(c, c.fit(2), {"", kBadWire},
                     [&](NativeInstance& d, std::span<const qrt_wire> wires, ErrorProbe& p) {
                       const qrt_wire bad = unallocated_wire(wires);
                       p.what = std::string(name) + " of wire " + std::to_string(bad) + " (never allocated)";
                       return call(d, bad);
                     });
    });
  };
  unallocated("probs", QRT_HAS_FUNCTION(&f, qrt_device_functions, probs) && c.declares_measurement("probs"),
              [](NativeInstance& d, qrt_wire bad) {
                std::vector<double> out;
                return d.try_probs(std::span<const qrt_wire>(&bad, 1), out);
              });
  unallocated("measure", QRT_HAS_FUNCTION(&f, qrt_device_functions, measure) && c.declares_measurement("measure"),
              [](NativeInstance& d, qrt_wire bad) {
                std::int32_t out = 0;
                return d.try_measure(bad, -1, out);
              });
  unallocated("expval", QRT_HAS_FUNCTION(&f, qrt_device_functions, expval) && c.declares_measurement("expval"),
              [](NativeInstance& d, qrt_wire bad) {
                double out = 0;
                return d.try_expval({QRT_OBSERVABLE_PAULI_Z, {bad}, {}}, out);
              });
  unallocated("release", true,
              [](NativeInstance& d, qrt_wire bad) { return d.try_release(std::span<const qrt_wire>(&bad, 1)); });

  if (QRT_HAS_FUNCTION(&f, qrt_device_functions, measure))
    c.run(kErrorGroup, "impossible postselection", [&] {
      return provoke(
          c, 1, {"", {QRT_ERROR_FAILED_PRECONDITION}, true},
          [&](NativeInstance& d, std::span<const qrt_wire> wires, ErrorProbe& p) {
            p.what = "measure of |0> postselecting 1";
            std::int32_t out = 0;
            return d.try_measure(wires[0], 1, out);
          },
          {}, /*prepare=*/false);
    });
  if (QRT_HAS_FUNCTION(&f, qrt_device_functions, sample) && QRT_HAS_FUNCTION(&f, qrt_device_functions, set_shots))
    c.run(kErrorGroup, "sample without shots", [&] {
      return provoke(
          c, c.fit(2), {"", {QRT_ERROR_FAILED_PRECONDITION, QRT_ERROR_INVALID_ARGUMENT}},
          [&](NativeInstance& d, std::span<const qrt_wire>, ErrorProbe& p) {
            p.what = "sample with shots = 0";
            std::vector<std::uint8_t> out;
            return d.try_sample({}, 0, out);
          },
          [](NativeInstance& d, std::vector<qrt_wire>&) { d.set_shots(0); });
    });
}

void check_allocation_errors(CheckContext& c) {
  const std::uint64_t max = c.capabilities().max_qubits;
  c.run(kErrorGroup, "allocate past max_qubits", [&] {
    if (max == 0) not_applicable("the device declares no max_qubits");
    return provoke(
        c, 1, {"", {QRT_ERROR_OUT_OF_RANGE, QRT_ERROR_OUT_OF_MEMORY}},
        [&](NativeInstance& d, std::span<const qrt_wire>, ErrorProbe& p) {
          p.what =
              "allocating " + std::to_string(max) + " qubits with 1 allocated (max_qubits " + std::to_string(max) + ")";
          std::vector<qrt_wire> out;
          return d.try_allocate(static_cast<std::size_t>(max), out);
        },
        {}, /*prepare=*/false);
  });
}

}  // namespace

void check_errors(CheckContext& c) {
  if (!c.can_create) {
    c.record(kErrorGroup, "errors", Outcome::NotChecked, "no instance could be created");
    return;
  }
  check_gate_wire_errors(c);
  check_gate_id_errors(c);
  check_gate_arguments(c);
  check_measurement_errors(c);
  check_allocation_errors(c);
}

}  // namespace qrt::conformance
