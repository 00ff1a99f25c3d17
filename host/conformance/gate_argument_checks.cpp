// errors, per declared gate the kit knows: a call with the wrong number of parameters or (for gates
// on a fixed number of wires) the wrong number of wires must fail with QRT_ERROR_INVALID_ARGUMENT.
// Rejecting these needs the gate's semantics, so a non-simulating device that accepts them gets a Note.
#include "conformance/error_probe.hpp"
#include "conformance/kit_circuit.hpp"

#include <algorithm>
#include <functional>
#include <span>

namespace qrt::conformance {
namespace {

// Every (gate, bad call) pair, tried on one register; returns what went wrong, one item per problem.
struct Tally {
  std::vector<std::string> failures, accepted;
  std::size_t calls = 0;
};

void try_call(const CheckContext& c, NativeInstance& instance, InstanceSnapshot& before, const ErrorProbe& probe,
              const qrt_gate_call& call, Tally& tally) {
  ++tally.calls;
  const CallStatus status = instance.try_apply_gate(call);
  try {
    if (std::string problem = judge(c, probe, status); !problem.empty()) tally.failures.push_back(problem);
  } catch (const Finding&) {
    tally.accepted.push_back(probe.what);
  }
  if (status.ok()) {
    before = InstanceSnapshot(c, instance);  // the accepted call may have changed the state; judge the rest from here
    return;
  }
  if (std::string changed = before.compare(c, instance); !changed.empty())
    tally.failures.push_back(probe.what + ": " + changed);
}

std::string verdict(const Tally& tally, const std::string& what) {
  // The first few items and how many more: a device that ignores counts would otherwise flood the report.
  auto join = [](const std::vector<std::string>& items) {
    constexpr std::size_t kShown = 4;
    std::string out;
    for (std::size_t i = 0; i < std::min(items.size(), kShown); ++i) out += (i ? "; " : "") + items[i];
    if (items.size() > kShown) out += "; and " + std::to_string(items.size() - kShown) + " more";
    return out;
  };
  if (!tally.failures.empty()) fail(join(tally.failures));
  if (!tally.accepted.empty())
    throw Finding("accepted (the device does not simulate, so it may not interpret gates): " + join(tally.accepted));
  if (tally.calls == 0) not_applicable("no declared gate the kit knows takes " + what);
  return std::to_string(tally.calls) + " calls with " + what + " rejected with QRT_ERROR_INVALID_ARGUMENT";
}

// A register in a random state (when the device simulates), so that "unchanged" means something.
std::vector<qrt_wire> prepared_register(CheckContext& c, NativeInstance& instance, std::size_t n) {
  std::vector<qrt_wire> wires = instance.allocate(n);
  if (c.simulating()) apply(instance, wires, CircuitMaker(c).random_state(n, c.rng()));
  return wires;
}

// Tries the bad calls `bad_calls` offers for each declared gate the kit knows, on one prepared register of
// up to `qubits` wires, and returns the verdict on them all. `offer` takes what the call does wrong (after
// the gate's name) and the call; the arrays it points into need live only until offer returns.
using Offer = std::function<void(const std::string& what, const qrt_gate_call& call)>;
using BadCalls =
    std::function<void(std::uint32_t id, const ReferenceGate& g, std::span<const qrt_wire> wires, const Offer& offer)>;

std::string probe_gates(CheckContext& c, std::size_t qubits, const std::string& what, const BadCalls& bad_calls) {
  auto instance = c.create();
  const std::vector<qrt_wire> wires = prepared_register(c, *instance, c.fit(qubits));
  InstanceSnapshot before(c, *instance);
  Tally tally;
  const auto& gates = c.capabilities().gates;
  for (std::uint32_t id = 0; id < gates.size(); ++id) {
    const ReferenceGate* g = find_reference_gate(gates[id]);
    if (!g) continue;
    bad_calls(id, *g, wires, [&](const std::string& wrong, const qrt_gate_call& call) {
      try_call(c, *instance, before, ErrorProbe{gates[id] + " " + wrong, {QRT_ERROR_INVALID_ARGUMENT}, true}, call,
               tally);
    });
  }
  return verdict(tally, what);
}

std::string wrong_parameter_counts(CheckContext& c) {
  return probe_gates(
      c, 3, "a wrong parameter count",
      [](std::uint32_t id, const ReferenceGate& g, std::span<const qrt_wire> wires, const Offer& offer) {
        if (g.min_wires > wires.size()) return;
        const std::span<const qrt_wire> on = wires.first(g.min_wires);
        for (std::size_t count : {std::size_t{g.num_params} + 1, std::size_t{g.num_params} - 1}) {
          if (g.num_params == 0 && count != 1) continue;  // no "one fewer" for a gate without parameters
          const std::vector<double> params(count, 0.25);
          offer("with " + std::to_string(count) + " parameter(s) (it takes " + std::to_string(g.num_params) + ")",
                gate_call(id, params, on));
        }
      });
}

std::string wrong_wire_counts(CheckContext& c) {
  return probe_gates(
      c, 4, "a wrong wire count",
      [](std::uint32_t id, const ReferenceGate& g, std::span<const qrt_wire> wires, const Offer& offer) {
        if (g.min_wires != g.max_wires) return;  // gates on any number of wires have no wrong count
        const std::vector<double> params(g.num_params, 0.25);
        for (std::size_t count : {std::size_t{g.min_wires} + 1, std::size_t{g.min_wires} - 1}) {
          if (count > wires.size()) continue;
          offer("on " + std::to_string(count) + " wire(s) (it acts on " + std::to_string(g.min_wires) + ")",
                gate_call(id, params, wires.first(count)));
        }
      });
}

}  // namespace

void check_gate_arguments(CheckContext& c) {
  c.run(kErrorGroup, "wrong parameter count", [&] { return wrong_parameter_counts(c); });
  c.run(kErrorGroup, "wrong wire count", [&] { return wrong_wire_counts(c); });
}

}  // namespace qrt::conformance
