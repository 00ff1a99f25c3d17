// tiny.qubit — a small, correct state-vector device written with the SDK, for testing the conformance
// kit itself: a correct device must pass, and each bug the kwarg `inject` (or a compile definition)
// plants must fail exactly the check meant to catch it. Up to 4 qubits; gates PauliX, PauliZ, Hadamard,
// RY, RZ, CNOT, CZ and "MyGate" (a name the kit has no reference for; acts as the identity), all with
// adjoint and extra controls; observables Identity, PauliX, PauliZ.
//
// inject (kwarg):   none | rz_sign | rz_double_angle | cnot_reversed | adjoint_ignored | controls_ignored |
//                   control_values_ignored | reset_keeps_shots | no_wire_check | params_unchecked |
//                   validates_late | probs_scaled | sample_two | expval_sign | shared_state
// Build variants (tiny_variant.hpp, linked in per .so): probs only (the state is not exposed, so the kit
// observes through probs); descriptor-level bugs duplicate_gate (RY listed twice), bad_default (the
// shots default lies outside its own range).
#include "tiny_register.hpp"
#include "tiny_variant.hpp"

#include <qrt/plugin.hpp>

#include <algorithm>
#include <iterator>

namespace {

using qrt::sdk::Wire;
using tiny::Complex;
using tiny::Matrix2;

enum Gate : std::uint32_t { kPauliX, kPauliZ, kHadamard, kRY, kRZ, kCNOT, kCZ, kMyGate };
struct GateInfo {
  std::size_t params, wires;
};
constexpr GateInfo kGates[] = {{0, 1}, {0, 1}, {0, 1}, {1, 1}, {1, 1}, {0, 2}, {0, 2}, {0, 1}};

// Everything an instance holds; `shared_state` makes every instance use one global copy.
struct Content {
  tiny::Register state;
  std::vector<Wire> wires;  // allocation order = register positions
  Wire next_wire = 0;
};

Content& shared_content() {
  static Content content;
  return content;
}

class TinyQubit final : public qrt::sdk::Device {
 public:
  static constexpr std::string_view name = "tiny.qubit";
  static constexpr std::string_view version = "0.1.0";
  static constexpr std::string_view description = "Test device of the conformance kit's own tests";

  static qrt::sdk::Schema schema() {
    const std::int64_t shots_default = tiny::kVariant.bad_default ? -1 : 0;
    return qrt::sdk::Schema()
        .integer("shots", shots_default, "shots for sample", 0)
        .integer("seed", 1234, "sampling seed", 0)
        .string("inject", "none", "the bug to plant (see tiny_qubit.cpp)",
                {"none", "rz_sign", "rz_double_angle", "cnot_reversed", "adjoint_ignored", "controls_ignored",
                 "control_values_ignored", "reset_keeps_shots", "no_wire_check", "params_unchecked", "validates_late",
                 "probs_scaled", "sample_two", "expval_sign", "shared_state"});
  }

  static qrt::sdk::Capabilities capabilities() {
    qrt::sdk::Capabilities c;
    c.gates = {"PauliX", "PauliZ", "Hadamard", "RY", "RZ", "CNOT", "CZ", "MyGate"};
    if (tiny::kVariant.duplicate_gate) c.gates.push_back("RY");
    c.observables = {"Identity", "PauliX", "PauliZ"};
    c.state = !tiny::kVariant.probs_only;
    c.measurements = {"expval", "probs", "sample", "counts"};
    if (c.state) c.measurements.push_back("state");
    c.measurements.insert(c.measurements.end(), {"measure", "reset"});
    c.max_qubits = 4;
    c.shots = true;
    c.mid_circuit_measurement = true;
    c.controlled_gates = true;
    c.adjoint = true;
    return c;
  }

  explicit TinyQubit(const qrt::sdk::Kwargs& kwargs)
      : bug_(kwargs.string("inject")),
        initial_shots_(static_cast<std::uint64_t>(kwargs.integer("shots"))),
        seed_(static_cast<std::uint64_t>(kwargs.integer("seed"))),
        content_(bug_ == "shared_state" ? &shared_content() : &own_) {
    reset();
  }

  void reset() override {
    content_->state.clear();
    content_->wires.clear();
    content_->next_wire = 0;
    if (!bug("reset_keeps_shots")) shots_ = initial_shots_;
    rng_.seed(seed_);
  }

  std::vector<Wire> allocate_qubits(std::size_t count) override {
    if (count > 4 - content_->wires.size()) qrt::sdk::throw_out_of_range("tiny.qubit holds at most 4 qubits");
    std::vector<Wire> out;
    for (std::size_t i = 0; i < count; ++i) out.push_back(content_->wires.emplace_back(content_->next_wire++));
    content_->state.add(count);
    return out;
  }

  void release_qubits(std::span<const Wire> wires) override {
    positions(wires, "release");
    for (Wire w : wires) {
      const std::size_t p = positions(std::span<const Wire>(&w, 1), "release")[0];
      const int outcome = draw(p);
      content_->state.collapse(p, outcome);
      content_->state.remove(p, outcome);
      content_->wires.erase(content_->wires.begin() + static_cast<std::ptrdiff_t>(p));
    }
  }

  std::size_t num_qubits() const override { return content_->wires.size(); }

  void apply_gate(const qrt::sdk::GateCall& call) override {
    // The duplicate_gate variant declares "RY" a second time, past the table: it acts as RY.
    const Gate gate = call.id < std::size(kGates) ? static_cast<Gate>(call.id) : kRY;
    const GateInfo& info = kGates[gate];
    if (!bug("params_unchecked") && !bug("validates_late") && call.params.size() != info.params)
      qrt::sdk::throw_invalid_argument(std::string(call.name) + " takes " + std::to_string(info.params) +
                                       " parameter(s)");
    if (call.wires.size() != info.wires)
      qrt::sdk::throw_invalid_argument(std::string(call.name) + " acts on " + std::to_string(info.wires) + " wire(s)");
    std::vector<Wire> all(call.wires.begin(), call.wires.end());
    all.insert(all.end(), call.controls.begin(), call.controls.end());
    if (bug("no_wire_check") && std::any_of(all.begin(), all.end(), [&](Wire w) { return !known(w); })) return;
    const std::vector<std::size_t> at = positions(all, call.name);

    std::vector<std::size_t> controls(at.begin() + static_cast<std::ptrdiff_t>(info.wires), at.end());
    std::vector<std::uint8_t> values(call.control_values.begin(), call.control_values.end());
    if (bug("controls_ignored")) controls.clear(), values.clear();
    if (bug("control_values_ignored")) std::fill(values.begin(), values.end(), std::uint8_t{1});
    std::size_t target = at[0];
    if (info.wires == 2) {  // CNOT, CZ: the first wire is the gate's own control
      std::size_t own = at[0];
      target = at[1];
      if (gate == kCNOT && bug("cnot_reversed")) std::swap(own, target);
      controls.push_back(own);
      values.push_back(1);
    }
    const double angle = call.params.empty() ? 0.0 : call.params[0];
    Matrix2 m = matrix(gate, angle);
    if (call.adjoint && !bug("adjoint_ignored"))
      m = {std::conj(m[0]), std::conj(m[2]), std::conj(m[1]), std::conj(m[3])};
    content_->state.apply(m, target, controls, values);
    if (bug("validates_late") && call.params.size() != info.params)
      qrt::sdk::throw_invalid_argument(std::string(call.name) + " takes " + std::to_string(info.params) +
                                       " parameter(s)");
  }

  int measure(Wire wire, std::optional<int> postselect) override {
    const std::size_t p = positions(std::span<const Wire>(&wire, 1), "measure")[0];
    int outcome = postselect ? *postselect : draw(p);
    const double p1 = content_->state.probability_of_one(p);
    if ((outcome ? p1 : 1.0 - p1) < 1e-12)
      qrt::sdk::throw_failed_precondition("postselected outcome has probability 0");
    content_->state.collapse(p, outcome);
    return outcome;
  }

  void reset_wire(Wire wire) override {
    const std::size_t p = positions(std::span<const Wire>(&wire, 1), "reset_wire")[0];
    if (measure(wire, std::nullopt) == 1) content_->state.apply(matrix(kPauliX, 0), p, {}, {});
  }

  double expval(const qrt::sdk::Observable& observable) override {
    double total = 0.0;
    for (const auto& term : observable.terms) {
      tiny::Register applied = content_->state;
      for (const auto& factor : term.factors) {
        const std::size_t p = positions(factor.wires, "expval").at(0);
        if (factor.kind == qrt::sdk::ObservableKind::PauliX) applied.apply(matrix(kPauliX, 0), p, {}, {});
        else if (factor.kind == qrt::sdk::ObservableKind::PauliZ) applied.apply(matrix(kPauliZ, 0), p, {}, {});
        else if (factor.kind != qrt::sdk::ObservableKind::Identity) qrt::sdk::throw_unsupported("observable kind");
      }
      Complex dot = 0.0;
      for (std::size_t i = 0; i < applied.amplitudes().size(); ++i)
        dot += std::conj(content_->state.amplitudes()[i]) * applied.amplitudes()[i];
      total += term.coefficient * dot.real();
    }
    return bug("expval_sign") ? -total : total;
  }

  void probs(std::span<const Wire> wires, std::span<double> out) override {
    const std::vector<std::size_t> at = positions_or_all(wires, "probs");
    std::fill(out.begin(), out.end(), 0.0);
    const auto& a = content_->state.amplitudes();
    for (std::size_t i = 0; i < a.size(); ++i) out[content_->state.outcome(i, at)] += std::norm(a[i]);
    if (bug("probs_scaled"))
      for (double& p : out) p *= 0.5;
  }

  void sample(std::span<const Wire> wires, std::span<std::uint8_t> out) override {
    const std::vector<std::size_t> at = positions_or_all(wires, "sample");
    const auto& a = content_->state.amplitudes();
    std::vector<double> weights;
    for (const Complex& x : a) weights.push_back(std::norm(x));
    std::discrete_distribution<std::size_t> pick(weights.begin(), weights.end());
    for (std::size_t shot = 0; shot < shots_; ++shot) {
      const std::size_t index = pick(rng_);
      for (std::size_t c = 0; c < at.size(); ++c) {
        const auto bit = static_cast<std::uint8_t>((content_->state.outcome(index, std::span(&at[c], 1))));
        out[shot * at.size() + c] = bug("sample_two") && bit ? 2 : bit;
      }
    }
  }

  std::size_t state_size() override { return content_->state.amplitudes().size(); }
  void state(std::span<Complex> out) override {
    std::copy(content_->state.amplitudes().begin(), content_->state.amplitudes().end(), out.begin());
  }
  void set_shots(std::uint64_t shots) override { shots_ = shots; }
  std::uint64_t shots() const override { return shots_; }
  void set_seed(std::uint64_t seed) override { rng_.seed(seed); }
  std::uint64_t memory_bytes() const override {
    return sizeof(*this) + content_->state.amplitudes().size() * sizeof(Complex);
  }

 private:
  bool bug(std::string_view which) const { return bug_ == which; }
  bool known(Wire w) const {
    return std::find(content_->wires.begin(), content_->wires.end(), w) != content_->wires.end();
  }

  // Positions of `wires`, rejecting unknown and repeated ones.
  std::vector<std::size_t> positions(std::span<const Wire> wires, std::string_view operation) const {
    std::vector<std::size_t> at;
    for (Wire w : wires) {
      auto it = std::find(content_->wires.begin(), content_->wires.end(), w);
      if (it == content_->wires.end())
        qrt::sdk::throw_invalid_argument(std::string(operation) + ": wire " + std::to_string(w) + " is not allocated");
      const auto p = static_cast<std::size_t>(it - content_->wires.begin());
      if (std::find(at.begin(), at.end(), p) != at.end())
        qrt::sdk::throw_invalid_argument(std::string(operation) + ": wire " + std::to_string(w) + " is repeated");
      at.push_back(p);
    }
    return at;
  }
  std::vector<std::size_t> positions_or_all(std::span<const Wire> wires, std::string_view operation) const {
    if (!wires.empty()) return positions(wires, operation);
    std::vector<std::size_t> all(content_->wires.size());
    for (std::size_t p = 0; p < all.size(); ++p) all[p] = p;
    return all;
  }

  int draw(std::size_t position) {
    return std::uniform_real_distribution<double>(0.0, 1.0)(rng_) < content_->state.probability_of_one(position) ? 1
                                                                                                                 : 0;
  }

  Matrix2 matrix(Gate gate, double angle) const {
    const double h = 1.0 / std::sqrt(2.0), c = std::cos(angle / 2), s = std::sin(angle / 2);
    const double rz_sign = (bug("rz_sign") ? -1.0 : 1.0) * (bug("rz_double_angle") ? 2.0 : 1.0);
    switch (gate) {
      case kPauliX:
      case kCNOT: return {0.0, 1.0, 1.0, 0.0};
      case kPauliZ:
      case kCZ: return {1.0, 0.0, 0.0, -1.0};
      case kHadamard: return {h, h, h, -h};
      case kRY: return {c, -s, s, c};
      case kRZ: return {std::polar(1.0, -rz_sign * angle / 2), 0.0, 0.0, std::polar(1.0, rz_sign * angle / 2)};
      case kMyGate: return {1.0, 0.0, 0.0, 1.0};
    }
    return {};
  }

  std::string bug_;
  std::uint64_t initial_shots_, seed_, shots_ = 0;
  Content own_;
  Content* content_;
  std::mt19937_64 rng_;
};

}  // namespace

QRT_PLUGIN("tiny", "0.1.0", TinyQubit)
