// template.qubit — a small but complete state-vector device written with the qrt SDK. Copy this folder
// to start a device: rename the class, the device name and the plugin name, then grow it.
//
// What it shows: a kwargs schema (shots, seed), capabilities (the gate list whose order defines gate ids),
// qubit allocation, gates with adjoint and extra controls, probabilities, sampling and measurement with a
// seeded RNG, and reset() restoring a fresh instance for the host's pool. Errors are thrown as
// qrt::sdk::Error; the SDK turns them into ABI error values.
#include <qrt/plugin.hpp>
#include <qrt/sdk/fresh_seed.hpp>

#include <algorithm>
#include <cmath>
#include <random>

namespace {

using qrt::sdk::Complex;
using qrt::sdk::Wire;

class TemplateQubit final : public qrt::sdk::Device {
 public:
  static constexpr std::string_view name = "template.qubit";
  static constexpr std::string_view version = "1.0.0";
  static constexpr std::string_view description = "Template: a plain state-vector device to copy (up to 20 qubits)";
  static constexpr std::size_t kMaxQubits = 20;

  static qrt::sdk::Schema schema() {
    return qrt::sdk::Schema()
        .integer("shots", 0, "Shots for sample/counts; 0 = analytic", 0)
        .integer("seed", std::nullopt, "RNG seed; null = nondeterministic", 0);
  }

  // Gate ids are positions in this list: keep it in sync with apply_gate's switch.
  enum Gate : std::uint32_t { PauliX, Hadamard, RZ, CNOT };
  static qrt::sdk::Capabilities capabilities() {
    qrt::sdk::Capabilities c;
    c.gates = {"PauliX", "Hadamard", "RZ", "CNOT"};
    c.measurements = {"probs", "sample", "counts", "state", "measure"};
    c.max_qubits = kMaxQubits;
    c.shots = c.state = c.mid_circuit_measurement = c.controlled_gates = c.adjoint = true;
    return c;
  }

  explicit TemplateQubit(const qrt::sdk::Kwargs& kwargs)
      : initial_shots_(static_cast<std::uint64_t>(kwargs.integer("shots"))),
        initial_seed_(kwargs.is_null("seed")
                          ? std::nullopt
                          : std::optional<std::uint64_t>(static_cast<std::uint64_t>(kwargs.integer("seed")))) {
    reset();
  }

  void reset() override {
    state_.assign(1, 1.0);
    wires_.clear();
    next_wire_ = 0;
    shots_ = initial_shots_;
    rng_.seed(initial_seed_ ? *initial_seed_ : qrt::sdk::fresh_seed());
  }

  std::vector<Wire> allocate_qubits(std::size_t count) override {
    if (wires_.size() + count > kMaxQubits)
      qrt::sdk::throw_out_of_range("template.qubit holds at most " + std::to_string(kMaxQubits) + " qubits");
    std::vector<Wire> out;
    for (std::size_t i = 0; i < count; ++i) {
      state_.resize(state_.size() * 2, 0.0);  // the new qubit is the highest bit, in |0>
      wires_.push_back(next_wire_);
      out.push_back(next_wire_++);
    }
    return out;
  }

  void release_qubits(std::span<const Wire> wires) override {
    for (Wire w : wires) bit_of(w);  // all or nothing: check every wire before changing anything
    for (Wire w : wires) {
      // A qubit can leave without disturbing the others only when it is in a basis state.
      const std::size_t bit = bit_of(w);
      double p1 = 0;
      for (std::size_t i = 0; i < state_.size(); ++i)
        if (i & bit) p1 += std::norm(state_[i]);
      if (p1 > 1e-12 && p1 < 1 - 1e-12)
        qrt::sdk::throw_failed_precondition("release: wire " + std::to_string(w) +
                                            " is not in a basis state; measure it first");
      const std::size_t kept_value = p1 >= 0.5 ? bit : 0;
      std::vector<Complex> rest(state_.size() / 2);
      for (std::size_t i = 0; i < state_.size(); ++i)
        if ((i & bit) == kept_value) rest[(i & (bit - 1)) | ((i >> 1) & ~(bit - 1))] = state_[i];
      state_ = std::move(rest);
      wires_.erase(std::find(wires_.begin(), wires_.end(), w));
    }
  }

  std::size_t num_qubits() const override { return wires_.size(); }

  void apply_gate(const qrt::sdk::GateCall& call) override {
    static constexpr std::size_t kArity[] = {1, 1, 1, 2};
    static constexpr std::size_t kParams[] = {0, 0, 1, 0};
    if (call.wires.size() != kArity[call.id] || call.params.size() != kParams[call.id])
      qrt::sdk::throw_invalid_argument(std::string(call.name) + " takes " + std::to_string(kArity[call.id]) +
                                       " wires and " + std::to_string(kParams[call.id]) + " parameters");
    const double s = 1 / std::sqrt(2.0);
    const double theta = call.params.empty() ? 0.0 : (call.adjoint ? -call.params[0] : call.params[0]);
    // Every gate here is a 2x2 matrix on its last wire; CNOT is X with one more control.
    Complex m[4];
    switch (call.id) {
      case PauliX:
      case CNOT: m[0] = 0, m[1] = 1, m[2] = 1, m[3] = 0; break;
      case Hadamard: m[0] = s, m[1] = s, m[2] = s, m[3] = -s; break;
      case RZ: m[0] = std::polar(1.0, -theta / 2), m[1] = m[2] = 0, m[3] = std::polar(1.0, theta / 2); break;
      default: qrt::sdk::throw_invalid_argument("unknown gate id");
    }
    std::size_t mask = 0, want = 0;
    auto add_control = [&](Wire w, std::uint8_t value) {
      std::size_t bit = bit_of(w);
      mask |= bit;
      if (value) want |= bit;
    };
    for (std::size_t i = 0; i < call.controls.size(); ++i) add_control(call.controls[i], call.control_values[i]);
    if (call.id == CNOT) add_control(call.wires[0], 1);
    std::size_t target = bit_of(call.wires.back());
    if (mask & target) qrt::sdk::throw_invalid_argument(std::string(call.name) + ": a wire is used twice");
    for (std::size_t i = 0; i < state_.size(); ++i) {
      if ((i & target) || (i & mask) != want) continue;
      Complex a = state_[i], b = state_[i | target];
      state_[i] = m[0] * a + m[1] * b;
      state_[i | target] = m[2] * a + m[3] * b;
    }
  }

  void probs(std::span<const Wire> wires, std::span<double> out) override {
    std::vector<std::size_t> bits = bits_of(wires);
    std::fill(out.begin(), out.end(), 0.0);
    for (std::size_t i = 0; i < state_.size(); ++i) out[index_over(bits, i)] += std::norm(state_[i]);
  }

  void sample(std::span<const Wire> wires, std::span<std::uint8_t> out) override {
    std::vector<std::size_t> bits = bits_of(wires);
    std::vector<double> weights(state_.size());
    for (std::size_t i = 0; i < state_.size(); ++i) weights[i] = std::norm(state_[i]);
    std::discrete_distribution<std::size_t> pick(weights.begin(), weights.end());
    for (std::size_t shot = 0; shot < shots_; ++shot) {
      std::size_t i = pick(rng_);
      for (std::size_t c = 0; c < bits.size(); ++c) out[shot * bits.size() + c] = (i & bits[c]) ? 1 : 0;
    }
  }

  int measure(Wire wire, std::optional<int> postselect) override {
    std::size_t bit = bit_of(wire);
    double p1 = 0;
    for (std::size_t i = 0; i < state_.size(); ++i)
      if (i & bit) p1 += std::norm(state_[i]);
    int outcome = postselect ? *postselect : (std::uniform_real_distribution<double>(0, 1)(rng_) < p1 ? 1 : 0);
    double p = outcome ? p1 : 1 - p1;
    if (p < 1e-12) qrt::sdk::throw_failed_precondition("postselected outcome has probability 0");
    for (std::size_t i = 0; i < state_.size(); ++i)
      state_[i] = (((i & bit) != 0) == (outcome == 1)) ? state_[i] / std::sqrt(p) : 0.0;
    return outcome;
  }

  std::size_t state_size() override { return state_.size(); }
  void state(std::span<Complex> out) override {
    std::vector<std::size_t> bits = bits_of({});
    for (std::size_t i = 0; i < state_.size(); ++i) out[index_over(bits, i)] = state_[i];
  }

  void set_shots(std::uint64_t shots) override { shots_ = shots; }
  std::uint64_t shots() const override { return shots_; }
  void set_seed(std::uint64_t seed) override { rng_.seed(seed); }
  std::uint64_t memory_bytes() const override { return state_.size() * sizeof(Complex); }

 private:
  // Wire ids map to bit positions in allocation order (first allocated = bit 0).
  std::size_t bit_of(Wire w) const {
    auto it = std::find(wires_.begin(), wires_.end(), w);
    if (it == wires_.end()) qrt::sdk::throw_invalid_argument("wire " + std::to_string(w) + " is not allocated");
    return std::size_t{1} << (it - wires_.begin());
  }
  // Empty wire list: all wires in allocation order.
  std::vector<std::size_t> bits_of(std::span<const Wire> wires) const {
    std::vector<std::size_t> bits;
    if (wires.empty())
      for (Wire w : wires_) bits.push_back(bit_of(w));
    for (Wire w : wires) bits.push_back(bit_of(w));
    return bits;
  }
  // The ABI's order: the first listed wire is the most significant bit of the result.
  static std::size_t index_over(const std::vector<std::size_t>& bits, std::size_t i) {
    std::size_t index = 0;
    for (std::size_t bit : bits) index = (index << 1) | ((i & bit) ? 1u : 0u);
    return index;
  }

  std::uint64_t initial_shots_;
  std::optional<std::uint64_t> initial_seed_;
  std::uint64_t shots_ = 0;
  std::vector<Complex> state_;
  std::vector<Wire> wires_;
  Wire next_wire_ = 0;
  std::mt19937_64 rng_;
};

}  // namespace

QRT_PLUGIN("qrt-template", "1.0.0", TemplateQubit)
