#include "catalyst/apply.hpp"

#include <qrt/device_type.hpp>

#include <cmath>
#include <numbers>

namespace qrt::catalyst {
namespace {

// The controls of a Modifiers, in the device's terms; small lists stay on the stack.
class Controls {
 public:
  explicit Controls(const Modifiers* m) {
    if (!m || m->num_controlled == 0) return;
    if (!m->controlled_wires || !m->controlled_values)
      throw Error(ErrorCode::InvalidArgument, "Modifiers with " + std::to_string(m->num_controlled) +
                                                  " controls and a NULL list of control wires or values");
    count_ = m->num_controlled;
    if (count_ > kInline) {
      heap_wires_.resize(count_);
      heap_values_.resize(count_);
    }
    Wire* w = wires_data();
    std::uint8_t* v = values_data();
    for (std::size_t i = 0; i < count_; ++i) {
      w[i] = static_cast<Wire>(m->controlled_wires[i]);
      v[i] = m->controlled_values[i] ? 1 : 0;
    }
  }
  std::span<const Wire> wires() const { return {count_ > kInline ? heap_wires_.data() : wires_.data(), count_}; }
  std::span<const std::uint8_t> values() const {
    return {count_ > kInline ? heap_values_.data() : values_.data(), count_};
  }

 private:
  static constexpr std::size_t kInline = 8;
  Wire* wires_data() { return count_ > kInline ? heap_wires_.data() : wires_.data(); }
  std::uint8_t* values_data() { return count_ > kInline ? heap_values_.data() : values_.data(); }
  std::size_t count_ = 0;
  std::array<Wire, kInline> wires_{};
  std::array<std::uint8_t, kInline> values_{};
  std::vector<Wire> heap_wires_;
  std::vector<std::uint8_t> heap_values_;
};

void check_controls(Device& d, std::span<const Wire> controls) {
  if (!controls.empty() && !d.type().capabilities().controlled_gates)
    throw Error(ErrorCode::Unsupported, d.name() + " does not apply gates under extra control qubits");
}

void record(Session& s, TapeOp op, std::size_t params, std::string_view name, bool differentiable) {
  s.tape.ops.push_back(std::move(op));
  for (std::size_t i = 0; i < params; ++i)
    s.tape.params.push_back(
        {differentiable ? std::optional<std::size_t>(s.tape.ops.size() - 1) : std::nullopt, i, std::string(name)});
}

}  // namespace

void apply_gate(Session& s, Gate gate, std::span<const double> params, std::span<const Wire> wires, bool adjoint,
                std::span<const Wire> controls, std::span<const std::uint8_t> control_values) {
  s.count_operation();
  Device& d = s.device();
  const GateSpec& spec = gate_spec(gate);
  const auto id = s.gate_id(gate);
  if (!id)
    throw Error(ErrorCode::Unsupported, d.name() + " does not offer the gate " + std::string(spec.device_name) +
                                            " (`qrt devices` lists each device's gates; choose another with -d)");
  check_controls(d, controls);
  d.apply(*id, params, wires, controls, control_values, adjoint);
  if (s.recording)
    record(s,
           {std::string(spec.name),
            *id,
            {params.begin(), params.end()},
            {},
            {wires.begin(), wires.end()},
            {controls.begin(), controls.end()},
            {control_values.begin(), control_values.end()},
            adjoint},
           params.size(), spec.name, true);
}

void apply_gate(Session& s, Gate gate, std::span<const double> params, std::span<const Wire> wires,
                const Modifiers* modifiers) {
  const Controls controls(modifiers);
  apply_gate(s, gate, params, wires, modifiers && modifiers->adjoint, controls.wires(), controls.values());
}

void apply_matrix(Session& s, std::string_view name, std::span<const std::complex<double>> matrix,
                  std::span<const Wire> wires, const Modifiers* modifiers, std::size_t params) {
  s.count_operation();
  Device& d = s.device();
  const Controls controls(modifiers);
  check_controls(d, controls.wires());
  const bool adjoint = modifiers && modifiers->adjoint;
  d.apply_matrix(matrix, wires, controls.wires(), controls.values(), adjoint);
  if (s.recording)
    record(s,
           {std::string(name),
            std::nullopt,
            {},
            {matrix.begin(), matrix.end()},
            {wires.begin(), wires.end()},
            {controls.wires().begin(), controls.wires().end()},
            {controls.values().begin(), controls.values().end()},
            adjoint},
           params, name, false);
}

void apply_pauli_rotation(Session& s, std::string_view word, double theta, std::span<const Wire> wires,
                          const Modifiers* modifiers) {
  if (word.size() != wires.size())
    throw Error(ErrorCode::InvalidArgument, "the Pauli word '" + std::string(word) + "' has " +
                                                std::to_string(word.size()) + " letters for " +
                                                std::to_string(wires.size()) + " wires");
  // exp(-iθ/2 P) = V† exp(-iθ/2 Z...Z) V with V taking each letter to Z: H for X, RX(π/2) for Y.
  std::vector<Wire> rotated;
  for (std::size_t i = 0; i < word.size(); ++i) {
    const char c = word[i];
    if (c != 'I' && c != 'X' && c != 'Y' && c != 'Z')
      throw Error(ErrorCode::InvalidArgument, "the Pauli word '" + std::string(word) + "' has the letter '" +
                                                  std::string(1, c) + "' (I, X, Y or Z)");
    if (c != 'I') rotated.push_back(wires[i]);
  }
  const double half_pi = std::numbers::pi / 2;
  auto change_basis = [&](bool undo) {
    for (std::size_t i = 0; i < word.size(); ++i) {
      if (word[i] == 'X') apply_gate(s, Gate::Hadamard, {}, wires.subspan(i, 1), false, {}, {});
      if (word[i] == 'Y') {
        const double angle = undo ? -half_pi : half_pi;
        const bool was = s.recording;
        s.recording = false;  // a fixed rotation: not one of Catalyst's parameters
        apply_gate(s, Gate::RX, {&angle, 1}, wires.subspan(i, 1), false, {}, {});
        s.recording = was;
        if (was) s.tape.ops.push_back({"RX", s.gate_id(Gate::RX), {angle}, {}, {wires[i]}, {}, {}, false});
      }
    }
  };
  if (rotated.empty()) {  // exp(-iθ/2 I) = GlobalPhase(θ/2)
    const double phi = theta / 2;
    apply_gate(s, Gate::GlobalPhase, {&phi, 1}, wires.first(0), modifiers);
    if (s.recording) s.tape.params.back().gate = "PauliRot";
    return;
  }
  change_basis(false);
  apply_gate(s, Gate::MultiRZ, {&theta, 1}, rotated, modifiers);
  if (s.recording) s.tape.params.back().gate = "PauliRot";
  change_basis(true);
}

void apply_pc_phase(Session& s, double phi, std::int64_t dim, std::span<const Wire> wires, const Modifiers* modifiers) {
  if (wires.size() > 16)
    throw Error(ErrorCode::Unsupported, "PCPhase on more than 16 wires (qrt applies it as a matrix)");
  const std::size_t size = std::size_t{1} << wires.size();
  if (dim < 0 || static_cast<std::size_t>(dim) > size)
    throw Error(ErrorCode::InvalidArgument,
                "PCPhase's dimension " + std::to_string(dim) + " is outside 0.." + std::to_string(size));
  std::vector<std::complex<double>> matrix(size * size);
  for (std::size_t i = 0; i < size; ++i)
    matrix[i * size + i] = std::polar(1.0, i < static_cast<std::size_t>(dim) ? phi : -phi);
  apply_matrix(s, "PCPhase", matrix, wires, modifiers, 1);
}

namespace {

// Every allocated wire back to |0> (a fresh device is there already). A reset by measurement leaves
// e^{iγ}|0...0>; where the device shows its state, γ is undone (elsewhere a global phase is unobservable).
// Reading it costs a copy of the state: only a preparation after other operations pays it.
void reset_all(Session& s) {
  Device& d = s.device();
  if (s.operations_applied == 0 || s.live_wires().empty()) return;
  for (Wire w : s.live_wires()) d.reset_wire(w);
  if (!d.type().capabilities().state || !s.gate_id(Gate::GlobalPhase)) return;
  const double gamma = std::arg(d.state()[0]);
  if (gamma == 0) return;
  const bool recording = s.recording;
  s.recording = false;
  apply_gate(s, Gate::GlobalPhase, {&gamma, 1}, {}, false, {}, {});  // e^{-iγ}
  s.recording = recording;
}

// Whether a state preparation can be recorded as a unitary on |0...0>: only as the tape's first operation.
bool recordable_preparation(Session& s) {
  if (!s.recording) return false;
  if (s.tape.ops.empty() && s.tape.clean_start) return true;
  if (s.tape.unsupported.empty()) s.tape.unsupported = "a state preparation after other operations";
  return false;
}

}  // namespace

void prepare_state(Session& s, std::span<const std::complex<double>> state, std::span<const Wire> wires) {
  const std::size_t size = std::size_t{1} << wires.size();
  if (wires.empty() || wires.size() > 14 || state.size() != size)
    throw Error(ErrorCode::InvalidArgument, "SetState on " + std::to_string(wires.size()) + " wires needs " +
                                                std::to_string(size) + " amplitudes, got " +
                                                std::to_string(state.size()) +
                                                (wires.size() > 14 ? " (at most 14 wires)" : ""));
  double norm = 0;
  for (auto a : state) norm += std::norm(a);
  if (std::abs(norm - 1.0) > 1e-10)
    throw Error(ErrorCode::InvalidArgument, "SetState's state has norm^2 " + std::to_string(norm) + ", not 1");
  // U = e^{iα} (I - 2 v v†/|v|²) with v = e0 - e^{-iα}ψ, α = arg ψ0: a unitary taking |0...0> to ψ exactly.
  const std::complex<double> phase = std::abs(state[0]) > 0 ? state[0] / std::abs(state[0]) : 1.0;
  std::vector<std::complex<double>> v(size);
  for (std::size_t i = 0; i < size; ++i) v[i] = -state[i] / phase;
  v[0] += 1.0;
  double vv = 0;
  for (auto a : v) vv += std::norm(a);
  std::vector<std::complex<double>> matrix(size * size);
  for (std::size_t r = 0; r < size; ++r)
    for (std::size_t c = 0; c < size; ++c)
      matrix[r * size + c] = phase * ((r == c ? 1.0 : 0.0) - (vv > 1e-300 ? 2.0 * v[r] * std::conj(v[c]) / vv : 0.0));
  const bool record = recordable_preparation(s);
  reset_all(s);
  const bool was = s.recording;
  s.recording = record;
  apply_matrix(s, "SetState", matrix, wires, nullptr);
  s.recording = was;
}

void prepare_basis_state(Session& s, std::span<const std::uint8_t> bits, std::span<const Wire> wires) {
  if (bits.size() != wires.size())
    throw Error(ErrorCode::InvalidArgument, "SetBasisState has " + std::to_string(bits.size()) + " bits for " +
                                                std::to_string(wires.size()) + " wires");
  for (std::size_t i = 0; i < wires.size(); ++i) {
    if (bits[i] > 1)
      throw Error(ErrorCode::InvalidArgument,
                  "SetBasisState's bit " + std::to_string(i) + " is " + std::to_string(bits[i]) + ", not 0 or 1");
    for (std::size_t j = 0; j < i; ++j)
      if (wires[i] == wires[j])
        throw Error(ErrorCode::InvalidArgument, "SetBasisState names wire " + std::to_string(wires[i]) + " twice");
  }
  const bool record = recordable_preparation(s);
  reset_all(s);
  const bool was = s.recording;
  s.recording = record;
  for (std::size_t i = 0; i < wires.size(); ++i)
    if (bits[i]) apply_gate(s, Gate::PauliX, {}, wires.subspan(i, 1), false, {}, {});
  s.recording = was;
}

}  // namespace qrt::catalyst
