// gates: every declared gate the kit has a reference for, applied to random states of 1-3 qubits (wires
// in random order among spectators) and compared with the reference matrix; its adjoint and one extra
// control when the device declares them; apply_matrix with random unitaries when the device has it.
#include "conformance/check_groups.hpp"

#include "conformance/kit_circuit.hpp"
#include "conformance/observation.hpp"
#include "conformance/random_unitary.hpp"

#include <algorithm>
#include <functional>
#include <numeric>

namespace qrt::conformance {
namespace {

constexpr std::string_view kGroup = "gates";
constexpr std::size_t kLargestRegister = 3;  // gates are checked on registers of 1-3 qubits

// One application to check: what the device is asked to do and what the reference does to the state.
struct GateCase {
  std::size_t num_qubits;
  std::function<void(NativeInstance&, std::span<const qrt_wire>)> on_device;
  std::function<std::vector<Complex>(std::span<const Complex>)> on_reference;
  std::function<std::string(std::span<const qrt_wire>)> describe;
};

std::vector<std::size_t> random_positions(std::size_t num_qubits, std::mt19937_64& rng) {
  std::vector<std::size_t> order(num_qubits);
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::shuffle(order.begin(), order.end(), rng);
  return order;
}

struct Placement {
  KitOp op;
  std::size_t num_qubits;
};

// `gate` on every wire count it takes (up to 3), in every register from that size to 3 qubits, on
// random positions with random parameters.
std::vector<Placement> placements(const CheckContext& c, std::uint32_t id, const ReferenceGate& gate,
                                  std::mt19937_64& rng) {
  std::vector<Placement> out;
  const std::size_t largest = c.fit(kLargestRegister);
  for (std::size_t k = gate.min_wires; k <= std::min<std::size_t>(gate.max_wires, largest); ++k)
    for (std::size_t n = k; n <= largest; ++n) {
      KitOp op;
      op.gate_id = id;
      op.gate = &gate;
      op.params = random_angles(gate.num_params, rng, c.quarter_turns_only(id, gate.num_params, gate.min_wires));
      std::vector<std::size_t> order = random_positions(n, rng);
      op.positions.assign(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(k));
      out.push_back({std::move(op), n});
    }
  return out;
}

GateCase case_of(const KitOp& op, std::size_t num_qubits) {
  return {num_qubits, [op](NativeInstance& d, std::span<const qrt_wire> w) { apply(d, w, op); },
          [op, num_qubits](std::span<const Complex> s) { return apply(s, num_qubits, op); },
          [op](std::span<const qrt_wire> w) { return op.describe(w); }};
}

// Runs every case on `states_per_case` random states; returns the largest deviation seen.
double run_cases(CheckContext& c, NativeInstance& instance, const std::vector<GateCase>& cases) {
  CircuitMaker maker(c);
  double worst = 0.0;
  for (const GateCase& gc : cases)
    for (std::size_t s = 0; s < c.options().states_per_case; ++s) {
      instance.reset();
      const std::vector<qrt_wire> wires = instance.allocate(gc.num_qubits);
      const std::vector<KitOp> prepare = maker.random_state(gc.num_qubits, c.rng());
      apply(instance, wires, prepare);
      // With `state` the input is read back, so the gate is judged alone; with `probs` the reference
      // replays the preparation, and a random layer after the gate turns phases into probabilities.
      const std::vector<Complex> before = c.observation == Observation::State
                                              ? instance.state()
                                              : apply(zero_state(gc.num_qubits), gc.num_qubits, prepare);
      gc.on_device(instance, wires);
      std::vector<Complex> expected = gc.on_reference(before);
      if (c.observation == Observation::Probs) {
        const std::vector<KitOp> mix = maker.random_state(gc.num_qubits, c.rng());
        apply(instance, wires, mix);
        expected = apply(expected, gc.num_qubits, mix);
      }
      const Snapshot got = observe(c, instance);
      const double d = deviation(c.observation, got, expected);
      if (!(d <= c.options().tolerance))
        fail(gc.describe(wires) + ": " + describe_mismatch(c.observation, got, expected) + " (largest deviation " +
             format_number(d) + ", tolerance " + format_number(c.options().tolerance) + ")");
      worst = std::max(worst, d);
    }
  return worst;
}

std::string summary(std::size_t cases, const CheckContext& c, double worst) {
  return std::to_string(cases) + " placements x " + std::to_string(c.options().states_per_case) +
         " random states through " + c.report().observed_through + ", largest deviation " + format_number(worst);
}

std::string check_plain(CheckContext& c, NativeInstance& instance, std::uint32_t id, const ReferenceGate& gate) {
  std::vector<GateCase> cases;
  for (const Placement& p : placements(c, id, gate, c.rng())) cases.push_back(case_of(p.op, p.num_qubits));
  if (cases.empty()) not_applicable("the device's max_qubits is below the gate's wire count");
  return summary(cases.size(), c, run_cases(c, instance, cases));
}

std::string check_adjoint(CheckContext& c, NativeInstance& instance, std::uint32_t id, const ReferenceGate& gate) {
  std::vector<GateCase> cases;
  for (const Placement& p : placements(c, id, gate, c.rng())) {
    const KitOp& op = p.op;
    const std::size_t n = p.num_qubits;
    KitOp inverse = op;
    inverse.adjoint = true;
    cases.push_back(case_of(inverse, n));  // U† alone against the reference's U†
    cases.push_back({n,
                     [op, inverse](NativeInstance& d, std::span<const qrt_wire> w) {
                       apply(d, w, op);
                       apply(d, w, inverse);
                     },
                     [](std::span<const Complex> s) { return std::vector<Complex>(s.begin(), s.end()); },
                     [op](std::span<const qrt_wire> w) { return op.describe(w) + ", then its adjoint (U U† = I)"; }});
  }
  if (cases.empty()) not_applicable("the device's max_qubits is below the gate's wire count");
  return summary(cases.size(), c, run_cases(c, instance, cases));
}

std::string check_controlled(CheckContext& c, NativeInstance& instance, std::uint32_t id, const ReferenceGate& gate) {
  std::vector<GateCase> cases;
  const std::size_t largest = c.fit(kLargestRegister + 1);
  for (std::size_t k = gate.min_wires; k <= std::min<std::size_t>(gate.max_wires, largest - 1); ++k)
    for (std::uint8_t value : {1, 0}) {
      KitOp op;
      op.gate_id = id;
      op.gate = &gate;
      op.params = random_angles(gate.num_params, c.rng(), c.quarter_turns_only(id, gate.num_params, gate.min_wires));
      std::vector<std::size_t> order = random_positions(k + 1, c.rng());
      op.controls = {order[0]};
      if (value == 0) op.control_values = {0};  // value 1 is sent as NULL (the ABI's "all 1")
      op.positions.assign(order.begin() + 1, order.end());
      cases.push_back(case_of(op, k + 1));
    }
  if (cases.empty()) not_applicable("the device's max_qubits leaves no room for an extra control");
  return summary(cases.size(), c, run_cases(c, instance, cases));
}

std::string check_apply_matrix(CheckContext& c, NativeInstance& instance) {
  std::vector<GateCase> cases;
  const std::size_t largest = c.fit(kLargestRegister);
  for (std::size_t k = 1; k <= std::min<std::size_t>(2, largest); ++k)
    for (std::size_t n = k; n <= largest; ++n)
      for (bool adjoint : {false, true}) {
        const Matrix u = random_unitary(std::size_t{1} << k, c.rng());
        std::vector<std::size_t> order = random_positions(n, c.rng());
        std::vector<std::size_t> positions(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(k));
        const bool with_control = n > k && adjoint;  // one case in each size also takes a control
        std::vector<std::size_t> controls;
        if (with_control) controls = {order[k]};
        cases.push_back(
            {n,
             [u, positions, controls, adjoint](NativeInstance& d, std::span<const qrt_wire> w) {
               std::vector<qrt_wire> on, by;
               for (std::size_t p : positions) on.push_back(w[p]);
               for (std::size_t p : controls) by.push_back(w[p]);
               const qrt_matrix_call call{sizeof(qrt_matrix_call),
                                          adjoint ? 1u : 0u,
                                          reinterpret_cast<const double*>(u.entries().data()),
                                          on.data(),
                                          on.size(),
                                          by.data(),
                                          nullptr,
                                          by.size()};
               CallStatus s = take_error(d.functions().apply_matrix(d.handle(), &call));
               // The SDK exports apply_matrix for every device; Unsupported means "not offered".
               if (s.code == QRT_ERROR_UNSUPPORTED) not_applicable("apply_matrix answers " + s.describe());
               if (!s.ok()) throw CallFailed("apply_matrix", s);
             },
             [u, positions, controls, adjoint, n](std::span<const Complex> s) {
               return apply_controlled(s, n, adjoint ? conformance::adjoint(u) : u, positions, controls, {});
             },
             [k, n, adjoint, with_control](std::span<const qrt_wire>) {
               return "a random " + std::to_string(k) + "-qubit unitary" + (adjoint ? " (adjoint)" : "") +
                      (with_control ? " with a control" : "") + " in a " + std::to_string(n) + "-qubit register";
             }});
      }
  return summary(cases.size(), c, run_cases(c, instance, cases));
}

}  // namespace

void check_gates(CheckContext& c) {
  const Capabilities& caps = c.capabilities();
  const std::string why_not = c.why_values_unchecked();
  if (!caps.adjoint) c.record(kGroup, "adjoint", Outcome::NotChecked, "the device does not declare \"adjoint\"");
  if (!caps.controlled_gates)
    c.record(kGroup, "controlled", Outcome::NotChecked, "the device does not declare \"controlled_gates\"");

  std::unique_ptr<NativeInstance> instance;
  if (why_not.empty()) {
    try {
      instance = c.create();
    } catch (const std::exception& e) {
      c.record(kGroup, "instance", Outcome::Failed, e.what());
      return;
    }
  }
  for (std::uint32_t id = 0; id < caps.gates.size(); ++id) {
    const std::string& name = caps.gates[id];
    const ReferenceGate* gate = find_reference_gate(name);
    if (!gate) {
      c.record(kGroup, name, Outcome::NotChecked,
               "no reference matrix: '" + name + "' is not in the gate set the kit knows");
      continue;
    }
    if (!why_not.empty()) {
      c.record(kGroup, name, Outcome::NotChecked, why_not);
      continue;
    }
    c.run(kGroup, name, [&] { return check_plain(c, *instance, id, *gate); });
    if (caps.adjoint) c.run(kGroup, name + " adjoint", [&] { return check_adjoint(c, *instance, id, *gate); });
    if (caps.controlled_gates)
      c.run(kGroup, name + " controlled", [&] { return check_controlled(c, *instance, id, *gate); });
  }
  if (!QRT_HAS_FUNCTION(&c.functions(), qrt_device_functions, apply_matrix)) return;
  if (!why_not.empty()) {
    c.record(kGroup, "apply_matrix", Outcome::NotChecked, why_not);
    return;
  }
  c.run(kGroup, "apply_matrix", [&] { return check_apply_matrix(c, *instance); });
}

}  // namespace qrt::conformance
