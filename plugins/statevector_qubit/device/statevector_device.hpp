// statevector.qubit: the SDK device. Owns the state, the wire map, the gate queue (fusion) and the
// random generator; measurements and observables come from the measure/ and observables/ libraries.
//
// Qubit release: each released qubit is first measured in the computational basis (collapsing the
// rest of the state, using the device's generator), then discarded. A qubit that is in |0> or |1>
// and not entangled is therefore released without changing the other qubits; releasing an
// entangled qubit is allowed and acts as a measurement whose outcome is not reported.
#pragma once

#include "device_common/device_options.hpp"
#include "device_common/wire_map.hpp"
#include "fusion/fuser.hpp"
#include "kernels/apply_op.hpp"
#include "state/state_vector.hpp"

#include <qrt/sdk/capabilities.hpp>
#include <qrt/sdk/device.hpp>
#include <qrt/sdk/kwargs.hpp>
#include <qrt/sdk/schema.hpp>

#include <random>
#include <variant>
#include <string_view>
#include <vector>

namespace qrt::sv {

class StatevectorDevice final : public qrt::sdk::Device, private OpSink {
 public:
  static constexpr std::string_view name = "statevector.qubit";
  static constexpr std::string_view version = "0.1.0";
  static constexpr std::string_view description =
      "State-vector simulator: SIMD kernels (AVX-512/AVX2/portable, chosen at run time), gate fusion, OpenMP";

  static qrt::sdk::Schema schema() { return DeviceOptions::schema(); }
  static qrt::sdk::Capabilities capabilities();

  explicit StatevectorDevice(const qrt::sdk::Kwargs& kwargs);
  explicit StatevectorDevice(const DeviceOptions& options);

  void reset() override;
  std::vector<qrt::sdk::Wire> allocate_qubits(std::size_t count) override;
  void release_qubits(std::span<const qrt::sdk::Wire> wires) override;
  std::size_t num_qubits() const override {
    return std::visit([](const auto& s) -> std::size_t { return s.num_qubits(); }, state_);
  }

  void apply_gate(const qrt::sdk::GateCall& call) override;
  void apply_matrix(const qrt::sdk::MatrixCall& call) override;
  int measure(qrt::sdk::Wire wire, std::optional<int> postselect) override;
  void reset_wire(qrt::sdk::Wire wire) override;
  double expval(const qrt::sdk::Observable& observable) override;
  double var(const qrt::sdk::Observable& observable) override;
  void probs(std::span<const qrt::sdk::Wire> wires, std::span<double> out) override;
  void sample(std::span<const qrt::sdk::Wire> wires, std::span<std::uint8_t> out) override;
  std::size_t state_size() override {
    return std::visit([](const auto& s) { return s.size(); }, state_);
  }
  void state(std::span<qrt::sdk::Complex> out) override;
  void set_shots(std::uint64_t shots) override { shots_ = shots; }
  std::uint64_t shots() const override { return shots_; }
  void set_seed(std::uint64_t seed) override { rng_.seed(seed); }
  std::uint64_t memory_bytes() const override;

  const DeviceOptions& options() const { return options_; }

 private:
  void apply(const QubitOp& op) override;  // OpSink: an op reaches the state
  void push(const QubitOp& op);            // an op enters the fusion queue
  void flush();                            // before any read of the state
  void reseed();
  int threads() const { return static_cast<int>(options_.threads); }
  // Qubits of `wires` in order; empty `wires`: every allocated wire in allocation order.
  std::vector<std::size_t> qubits_of(std::span<const qrt::sdk::Wire> wires, std::string_view operation) const;

  DeviceOptions options_;
  ExecPolicy policy_;
  // complex128 or complex64 amplitudes (kwarg `precision`); every access goes through std::visit.
  std::variant<BasicStateVector<double>, BasicStateVector<float>> state_;
  WireMap wires_;
  Fuser fuser_;
  Workspace workspace_;
  std::mt19937_64 rng_;
  std::uint64_t shots_;
  std::vector<Complex> matrix_storage_;
};

}  // namespace qrt::sv
