#include "conformance/kit_circuit.hpp"

#include <algorithm>
#include <numbers>
#include <numeric>

namespace qrt::conformance {

Matrix KitOp::matrix() const {
  Matrix m = gate->matrix(params, static_cast<unsigned>(positions.size()));
  return adjoint ? conformance::adjoint(m) : m;
}

std::string KitOp::describe(std::span<const qrt_wire> wires) const {
  std::string text(gate->name);
  if (!params.empty()) {
    text += "(";
    for (std::size_t i = 0; i < params.size(); ++i) text += (i ? ", " : "") + format_number(params[i]);
    text += ")";
  }
  if (adjoint) text += " adjoint";
  std::vector<qrt_wire> on;
  for (std::size_t p : positions) on.push_back(wires[p]);
  text += " on wires " + format_wires(on);
  if (!controls.empty()) {
    std::vector<qrt_wire> by;
    for (std::size_t p : controls) by.push_back(wires[p]);
    text += ", controls " + format_wires(by) + " = ";
    if (control_values.empty()) text += "1 (values NULL)";
    else
      for (std::size_t i = 0; i < control_values.size(); ++i)
        text += (i ? "," : "") + std::to_string(control_values[i]);
  }
  return text + " of a " + std::to_string(wires.size()) + "-qubit register";
}

void apply(NativeInstance& instance, std::span<const qrt_wire> wires, const KitOp& op) {
  std::vector<qrt_wire> targets, controls;
  for (std::size_t p : op.positions) targets.push_back(wires[p]);
  for (std::size_t p : op.controls) controls.push_back(wires[p]);
  instance.apply_gate(op.gate_id, op.params, targets, controls, op.control_values, op.adjoint);
}

void apply(NativeInstance& instance, std::span<const qrt_wire> wires, std::span<const KitOp> ops) {
  for (const KitOp& op : ops) apply(instance, wires, op);
}

std::vector<Complex> apply(std::span<const Complex> state, std::size_t num_qubits, const KitOp& op) {
  return apply_controlled(state, num_qubits, op.matrix(), op.positions, op.controls, op.control_values);
}

std::vector<Complex> apply(std::span<const Complex> state, std::size_t num_qubits, std::span<const KitOp> ops) {
  std::vector<Complex> current(state.begin(), state.end());
  for (const KitOp& op : ops) current = apply(current, num_qubits, op);
  return current;
}

std::vector<Complex> zero_state(std::size_t num_qubits) {
  std::vector<Complex> state(std::size_t{1} << num_qubits);
  state[0] = 1.0;
  return state;
}

double random_angle(std::mt19937_64& rng) {
  return std::uniform_real_distribution<double>(-2 * std::numbers::pi, 2 * std::numbers::pi)(rng);
}

std::vector<double> random_angles(std::size_t count, std::mt19937_64& rng, bool quarter_turns) {
  std::vector<double> angles(count);
  for (double& a : angles)
    a = quarter_turns ? std::uniform_int_distribution<int>(-7, 7)(rng) * (std::numbers::pi / 2) : random_angle(rng);
  return angles;
}

CircuitMaker::CircuitMaker(const CheckContext& context) : context_(context) {
  // Preference order: gates with parameters give generic states; fixed gates are the fallback.
  mixer_ = first_declared({"RY", "RX", "Rot", "Hadamard", "SX"});
  phaser_ = first_declared({"RZ", "PhaseShift", "T", "S"});
  entangler_ = first_declared({"CNOT", "CZ", "CY", "IsingXX", "CRX", "CRY", "ISWAP"});
  flipper_ = first_declared({"PauliX"});
  const auto& gates = context_.capabilities().gates;
  for (std::uint32_t id = 0; id < gates.size(); ++id)
    if (const ReferenceGate* g = find_reference_gate(gates[id])) all_.push_back({id, g});
}

std::optional<CircuitMaker::Choice> CircuitMaker::first_declared(std::initializer_list<std::string_view> names) const {
  for (std::string_view name : names) {
    auto id = context_.gate_id(name);
    const ReferenceGate* g = find_reference_gate(name);
    if (id && g) return Choice{*id, g};
  }
  return std::nullopt;
}

std::string CircuitMaker::describe() const {
  std::string text;
  for (const auto* choice : {&mixer_, &phaser_, &entangler_})
    if (*choice) text += (text.empty() ? "" : ", ") + std::string((*choice)->gate->name);
  if (text.empty() && flipper_) return "PauliX (random basis states only)";
  return text.empty() ? "none (|0...0> only)" : text;
}

KitOp CircuitMaker::make(const Choice& choice, std::vector<std::size_t> positions, std::mt19937_64& rng) const {
  KitOp op;
  op.gate_id = choice.id;
  op.gate = choice.gate;
  op.params = random_angles(choice.gate->num_params, rng,
                            context_.quarter_turns_only(choice.id, choice.gate->num_params, choice.gate->min_wires));
  op.positions = std::move(positions);
  return op;
}

std::vector<KitOp> CircuitMaker::random_state(std::size_t num_qubits, std::mt19937_64& rng) const {
  std::vector<KitOp> ops;
  if (!mixer_) {
    if (flipper_)
      for (std::size_t q = 0; q < num_qubits; ++q)
        if (rng() & 1u) ops.push_back(make(*flipper_, {q}, rng));
    return ops;
  }
  auto local_layer = [&] {
    for (std::size_t q = 0; q < num_qubits; ++q) {
      ops.push_back(make(*mixer_, {q}, rng));
      if (phaser_) ops.push_back(make(*phaser_, {q}, rng));
    }
  };
  local_layer();
  if (entangler_ && num_qubits >= 2) {
    for (std::size_t q = 0; q + 1 < num_qubits; ++q) ops.push_back(make(*entangler_, {q, q + 1}, rng));
    local_layer();
  }
  return ops;
}

std::vector<KitOp> CircuitMaker::random_workload(std::size_t num_qubits, std::size_t length,
                                                 std::mt19937_64& rng) const {
  std::vector<Choice> usable;
  for (const Choice& c : all_)
    if (c.gate->min_wires <= num_qubits) usable.push_back(c);
  std::vector<KitOp> ops;
  if (usable.empty()) return ops;
  std::vector<std::size_t> order(num_qubits);
  for (std::size_t i = 0; i < length; ++i) {
    const Choice& c = usable[rng() % usable.size()];
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::shuffle(order.begin(), order.end(), rng);
    ops.push_back(make(c, {order.begin(), order.begin() + c.gate->min_wires}, rng));
  }
  return ops;
}

std::optional<KitOp> CircuitMaker::op(std::string_view name, std::vector<double> params,
                                      std::vector<std::size_t> positions) const {
  auto id = context_.gate_id(name);
  const ReferenceGate* g = find_reference_gate(name);
  if (!id || !g) return std::nullopt;
  KitOp op;
  op.gate_id = *id;
  op.gate = g;
  op.params = std::move(params);
  op.positions = std::move(positions);
  return op;
}

}  // namespace qrt::conformance
