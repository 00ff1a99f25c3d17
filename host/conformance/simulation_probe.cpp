// simulation: how the state can be read (state, else probs), and whether the device simulates at all.
// A device whose state never leaves |0...0> under any declared one-qubit gate that moves |0> is
// non-simulating (null.qubit): a Note, and the value checks of later groups do not apply.
#include "conformance/check_groups.hpp"

#include "conformance/kit_circuit.hpp"
#include "conformance/observation.hpp"

namespace qrt::conformance {
namespace {

constexpr std::string_view kGroup = "simulation";

Observation observation_of(const CheckContext& c) {
  const qrt_device_functions& f = c.functions();
  if (c.capabilities().state && QRT_HAS_FUNCTION(&f, qrt_device_functions, state) &&
      QRT_HAS_FUNCTION(&f, qrt_device_functions, state_size))
    return Observation::State;
  if (QRT_HAS_FUNCTION(&f, qrt_device_functions, probs)) return Observation::Probs;
  return Observation::None;
}

// Fixed, generic parameters: every probe gate with them moves |0> visibly.
KitOp probe_op(std::uint32_t id, const ReferenceGate& gate) {
  KitOp op;
  op.gate_id = id;
  op.gate = &gate;
  const double fixed[] = {1.1, 0.7, 0.4};
  op.params.assign(fixed, fixed + gate.num_params);
  op.positions = {0};
  return op;
}

struct ProbeResult {
  std::string moved;               // the first gate seen to move |0>
  std::vector<std::string> tried;  // gates that should have moved it but did not
  std::vector<std::string> errors;
};

ProbeResult probe(CheckContext& c, NativeInstance& instance) {
  ProbeResult result;
  const auto& gates = c.capabilities().gates;
  const std::vector<Complex> zero = zero_state(1);
  for (std::uint32_t id = 0; id < gates.size(); ++id) {
    const ReferenceGate* gate = find_reference_gate(gates[id]);
    if (!gate || gate->min_wires > 1) continue;
    const KitOp op = probe_op(id, *gate);
    const std::vector<Complex> expected = apply(zero, 1, op);
    Snapshot zero_snapshot{zero, probabilities(zero)};
    if (deviation(c.observation, zero_snapshot, expected) <= 1e-3) continue;  // invisible in this mode
    try {
      instance.reset();
      const std::vector<qrt_wire> wires = instance.allocate(1);
      apply(instance, wires, op);
      const Snapshot got = observe(c, instance);
      if (deviation(c.observation, got, zero) > 1e-6) {
        result.moved = gates[id];
        return result;
      }
      result.tried.push_back(gates[id]);
    } catch (const CallFailed& e) {
      result.errors.push_back(gates[id] + ": " + e.what());
    }
  }
  return result;
}

std::string join(const std::vector<std::string>& items) {
  std::string out;
  for (const auto& s : items) out += (out.empty() ? "" : ", ") + s;
  return out;
}

std::string check_evolution(CheckContext& c) {
  auto instance = c.create();
  const ProbeResult result = probe(c, *instance);
  if (!result.moved.empty()) {
    c.set_simulating(true);
    return result.moved + " on |0> changed the " + c.report().observed_through + " read back";
  }
  if (result.tried.empty()) {
    std::string why =
        "no declared one-qubit gate with a reference moves |0> visibly through " + c.report().observed_through;
    if (result.errors.empty()) not_applicable(why);
    fail(why + "; the probes that failed: " + join(result.errors));
  }
  const std::string finding = "the state stayed |0...0> after " + join(result.tried) +
                              ": the device does not simulate; gate matrices and simulated values are not checked";
  if (c.options().require_simulation) fail(finding);
  throw Finding(finding);
}

std::string check_reset_clears(CheckContext& c) {
  if (!c.simulating()) not_applicable(c.why_values_unchecked());
  auto instance = c.create();
  CircuitMaker maker(c);
  std::vector<qrt_wire> wires = instance->allocate(2);
  apply(*instance, wires, maker.random_state(2, c.rng()));
  instance->reset();
  wires = instance->allocate(2);
  const Snapshot got = observe(c, *instance);
  const std::vector<Complex> zero = zero_state(2);
  if (deviation(c.observation, got, zero) > c.options().tolerance)
    fail("after reset and allocating 2 qubits: " + describe_mismatch(c.observation, got, zero));
  return "a register allocated after reset is |00>";
}

}  // namespace

void check_simulation(CheckContext& context) {
  if (!context.can_create) {
    context.record(kGroup, "state evolves", Outcome::NotChecked, "no instance could be created");
    return;
  }
  context.observation = observation_of(context);
  context.report().observed_through = observed_through(context.observation);
  if (context.observation == Observation::None) {
    context.record(kGroup, "state evolves", Outcome::NotChecked, "the device exposes neither state nor probs");
    return;
  }
  context.run(kGroup, "state evolves", [&] { return check_evolution(context); });
  context.run(kGroup, "reset clears the state", [&] { return check_reset_clears(context); });
}

}  // namespace qrt::conformance
