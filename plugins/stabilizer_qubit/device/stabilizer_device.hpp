// stabilizer.qubit: Clifford circuits on a stabiliser tableau, written against the plugin SDK only.
//
// Gates: the Clifford gates of the GateCatalog, each with its adjoint; one extra control only on
// PauliX/PauliY/PauliZ (giving CNOT/CY/CZ, either control value); Identity on any number of wires and
// controls; the rotations RX, RY, RZ, PhaseShift and Rot (one control at most) when their angles are
// multiples of pi/2 (clifford/rotation_gates.hpp); apply_matrix accepts any one- or two-qubit Clifford
// unitary (controls included). Non-Clifford operations are errors naming the gate and its angles. No amplitudes:
// `state` is unsupported.
//
// Qubit release: a wire may be released only while it is not entangled with the others (some
// one-qubit Pauli on it stabilises the state: it is in |0>, |1>, |+>, |->, |+i> or |-i>). Releasing an
// entangled wire is FailedPrecondition and releases nothing; measuring or resetting it first always
// makes it releasable. The other wires keep their state.
//
// Measurements: `measure` collapses (postselecting an outcome of probability 0 is FailedPrecondition);
// `probs` is exact over at most OutcomeSpace::kMaxProbabilityBits (20) wires; `sample` draws shots
// from the outcome space of a copy of the stabilisers, leaving the state untouched; expval/var take
// sums of Pauli words, exact when shots == 0 and estimated from shots otherwise.
#pragma once

#include "device/device_options.hpp"
#include "device/wire_map.hpp"
#include "tableau/tableau.hpp"

#include <qrt/sdk/capabilities.hpp>
#include <qrt/sdk/device.hpp>
#include <qrt/sdk/kwargs.hpp>
#include <qrt/sdk/schema.hpp>

#include <random>
#include <string_view>
#include <vector>

namespace qrt::stab {

struct RotationGate;

class StabilizerDevice final : public qrt::sdk::Device {
 public:
  static constexpr std::string_view name = "stabilizer.qubit";
  static constexpr std::string_view version = "0.1.0";
  static constexpr std::string_view description =
      "Clifford circuits on an Aaronson-Gottesman stabiliser tableau (thousands of qubits, no amplitudes)";

  static qrt::sdk::Schema schema() { return DeviceOptions::schema(); }
  static qrt::sdk::Capabilities capabilities();

  explicit StabilizerDevice(const qrt::sdk::Kwargs& kwargs);
  explicit StabilizerDevice(const DeviceOptions& options);

  void reset() override;
  std::vector<qrt::sdk::Wire> allocate_qubits(std::size_t count) override;
  void release_qubits(std::span<const qrt::sdk::Wire> wires) override;
  std::size_t num_qubits() const override { return tableau_.num_qubits(); }

  void apply_gate(const qrt::sdk::GateCall& call) override;
  void apply_matrix(const qrt::sdk::MatrixCall& call) override;
  int measure(qrt::sdk::Wire wire, std::optional<int> postselect) override;
  void reset_wire(qrt::sdk::Wire wire) override;
  double expval(const qrt::sdk::Observable& observable) override;
  double var(const qrt::sdk::Observable& observable) override;
  void probs(std::span<const qrt::sdk::Wire> wires, std::span<double> out) override;
  void sample(std::span<const qrt::sdk::Wire> wires, std::span<std::uint8_t> out) override;
  std::size_t state_size() override;
  void state(std::span<qrt::sdk::Complex> out) override;
  void set_shots(std::uint64_t shots) override { shots_ = shots; }
  std::uint64_t shots() const override { return shots_; }
  void set_seed(std::uint64_t seed) override { rng_.seed(seed); }
  std::uint64_t memory_bytes() const override;

  const Tableau& tableau() const { return tableau_; }

 private:
  void apply_rotation(const RotationGate& gate, const qrt::sdk::GateCall& call);
  void reseed();
  // Columns of the call's controls followed by its wires, validated.
  std::vector<std::size_t> gate_columns(std::span<const qrt::sdk::Wire> controls, std::span<const qrt::sdk::Wire> wires,
                                        std::string_view operation) const;

  DeviceOptions options_;
  Tableau tableau_;
  WireMap wires_;
  std::mt19937_64 rng_;
  std::uint64_t shots_;
};

}  // namespace qrt::stab
