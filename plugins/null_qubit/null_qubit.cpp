// null.qubit — a complete device that does nothing: it accepts every operation, validates its
// arguments like a real device, tracks qubits, and returns deterministic results (every measurement
// is 0, the state is |0...0>). Used for host tests and for measuring the host's own overhead.
#include <qrt/plugin.hpp>

#include <algorithm>
#include <unordered_set>

namespace {

using qrt::sdk::Wire;

class NullQubit final : public qrt::sdk::Device {
 public:
  static constexpr std::string_view name = "null.qubit";
  static constexpr std::string_view version = "1.0.0";
  static constexpr std::string_view description = "No-op device: accepts everything, all results are |0...0>";

  static qrt::sdk::Schema schema() {
    return qrt::sdk::Schema()
        .integer("shots", 0, "Number of shots for sample/counts; 0 means analytic", 0)
        .integer("seed", std::nullopt, "Accepted for interface parity; results do not depend on it", 0)
        .integer("max_qubits", 1 << 20, "Largest number of simultaneously allocated qubits", 1,
                 1 << 20);  // at most the declared capability
  }

  static qrt::sdk::Capabilities capabilities() {
    qrt::sdk::Capabilities c;
    // A broad gate set so that front-ends can run anything on this device without decomposition: every
    // PennyLane gate qrt's devices know (Catalyst's NullQubit accepts them all too).
    c.gates = {"Identity",
               "PauliX",
               "PauliY",
               "PauliZ",
               "Hadamard",
               "S",
               "T",
               "SX",
               "PhaseShift",
               "RX",
               "RY",
               "RZ",
               "Rot",
               "CNOT",
               "CY",
               "CZ",
               "CH",
               "SWAP",
               "ISWAP",
               "PSWAP",
               "SISWAP",
               "ECR",
               "CSWAP",
               "Toffoli",
               "ControlledPhaseShift",
               "CRX",
               "CRY",
               "CRZ",
               "CRot",
               "IsingXX",
               "IsingXY",
               "IsingYY",
               "IsingZZ",
               "SingleExcitation",
               "SingleExcitationPlus",
               "SingleExcitationMinus",
               "DoubleExcitation",
               "DoubleExcitationPlus",
               "DoubleExcitationMinus",
               "MultiRZ",
               "GlobalPhase"};
    c.observables = {"Identity", "PauliX", "PauliY", "PauliZ", "Hadamard", "Hermitian"};
    c.measurements = {"expval", "var", "probs", "sample", "counts", "state", "measure", "reset"};
    c.max_qubits = 1 << 20;
    c.shots = true;
    c.state = true;
    c.mid_circuit_measurement = true;
    c.controlled_gates = true;
    c.adjoint = true;
    return c;
  }

  explicit NullQubit(const qrt::sdk::Kwargs& kwargs)
      : initial_shots_(static_cast<std::uint64_t>(kwargs.integer("shots"))),
        max_qubits_(static_cast<std::size_t>(kwargs.integer("max_qubits"))),
        shots_(initial_shots_) {}

  void reset() override {
    live_.clear();
    next_wire_ = 0;
    shots_ = initial_shots_;
  }

  std::vector<Wire> allocate_qubits(std::size_t count) override {
    if (count > max_qubits_ - live_.size())
      qrt::sdk::throw_out_of_range("cannot allocate " + std::to_string(count) +
                                   " qubits: " + std::to_string(live_.size()) + " of at most " +
                                   std::to_string(max_qubits_) + " are allocated");
    std::vector<Wire> wires(count);
    for (auto& w : wires) {
      w = next_wire_++;
      live_.insert(w);
    }
    return wires;
  }

  void release_qubits(std::span<const Wire> wires) override {
    check_wires(wires, "release");
    for (Wire w : wires) live_.erase(w);
  }

  std::size_t num_qubits() const override { return live_.size(); }

  void apply_gate(const qrt::sdk::GateCall& call) override {
    check_wires(call.wires, call.name);
    check_wires(call.controls, call.name);
  }
  void apply_matrix(const qrt::sdk::MatrixCall& call) override {
    check_wires(call.wires, "QubitUnitary");
    check_wires(call.controls, "QubitUnitary");
  }
  int measure(Wire wire, std::optional<int> postselect) override {
    check_wire(wire, "measure");
    if (postselect == 1) qrt::sdk::throw_failed_precondition("postselecting outcome 1, which has probability 0");
    return 0;
  }
  void reset_wire(Wire wire) override { check_wire(wire, "reset"); }

  // On |0...0>: <Z> = 1, <X> = <Y> = <H>... computed exactly would need a simulator; the null device
  // documents that every expectation value is 0 and every variance 0.
  double expval(const qrt::sdk::Observable& obs) override { return check_observable(obs), 0.0; }
  double var(const qrt::sdk::Observable& obs) override { return check_observable(obs), 0.0; }

  void probs(std::span<const Wire> wires, std::span<double> out) override {
    check_wires(wires, "probs");
    std::fill(out.begin(), out.end(), 0.0);
    out[0] = 1.0;
  }
  void sample(std::span<const Wire> wires, std::span<std::uint8_t> out) override {
    check_wires(wires, "sample");
    std::fill(out.begin(), out.end(), std::uint8_t{0});
  }
  std::size_t state_size() override {
    if (live_.size() >= 40) qrt::sdk::throw_out_of_range("state of more than 40 qubits is too large to copy");
    return std::size_t{1} << live_.size();
  }
  void state(std::span<qrt::sdk::Complex> out) override {
    std::fill(out.begin(), out.end(), qrt::sdk::Complex{});
    out[0] = 1.0;
  }
  void set_shots(std::uint64_t shots) override { shots_ = shots; }
  std::uint64_t shots() const override { return shots_; }
  void set_seed(std::uint64_t) override {}
  std::uint64_t memory_bytes() const override { return sizeof(*this) + live_.size() * sizeof(Wire) * 2; }

 private:
  void check_wire(Wire wire, std::string_view what) const {
    if (!live_.count(wire))
      qrt::sdk::throw_invalid_argument(std::string(what) + ": wire " + std::to_string(wire) + " is not allocated");
  }
  void check_wires(std::span<const Wire> wires, std::string_view what) const {
    for (std::size_t i = 0; i < wires.size(); ++i) {
      check_wire(wires[i], what);
      for (std::size_t j = 0; j < i; ++j)
        if (wires[i] == wires[j])
          qrt::sdk::throw_invalid_argument(std::string(what) + ": wire " + std::to_string(wires[i]) + " repeated");
    }
  }
  void check_observable(const qrt::sdk::Observable& obs) const {
    for (const auto& term : obs.terms)
      for (const auto& factor : term.factors) check_wires(factor.wires, "observable");
  }

  std::uint64_t initial_shots_;
  std::size_t max_qubits_;
  std::uint64_t shots_;
  std::unordered_set<Wire> live_;
  Wire next_wire_ = 0;
};

}  // namespace

QRT_PLUGIN("qrt-null", "1.0.0", NullQubit)
