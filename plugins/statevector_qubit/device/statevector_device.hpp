// statevector.qubit: the SDK device. Owns the state; the kwargs, wire map, gate queue (fusion) and
// random generator come from sim_common's StatevectorShell (shared with statevector.mpi), measurements
// and observables from the measure/ and observables/ libraries.
//
// Qubit release: each released qubit is first measured in the computational basis (collapsing the
// rest of the state, using the device's generator), then discarded. A qubit that is in |0> or |1>
// and not entangled is therefore released without changing the other qubits; releasing an
// entangled qubit is allowed and acts as a measurement whose outcome is not reported.
#pragma once

#include "adjoint/generator.hpp"
#include "adjoint/work_vectors.hpp"
#include "device_common/by_precision.hpp"
#include "device_common/statevector_shell.hpp"
#include "state/state_vector.hpp"

#include <qrt/sdk/adjoint_jacobian.hpp>
#include <qrt/sdk/kwargs.hpp>
#include <qrt/sdk/synchronize.hpp>

#include <span>
#include <string_view>
#include <vector>

namespace qrt::sv {

class StatevectorDevice final : public StatevectorShell {
 public:
  static constexpr std::string_view name = "statevector.qubit";
  static constexpr std::string_view version = "0.1.0";
  static constexpr std::string_view description =
      "State-vector simulator: SIMD kernels (AVX-512/AVX2/portable, chosen at run time), gate fusion, OpenMP";

  // Extensions: "qrt.adjoint_jacobian/1" (in both precisions), "qrt.synchronize/1" (the fusion and tile
  // queues applied).
  static const void* extension(std::string_view id) noexcept {
    if (id == QRT_EXTENSION_ADJOINT_JACOBIAN) return qrt::sdk::adjoint_jacobian_extension<StatevectorDevice>();
    if (id == QRT_EXTENSION_SYNCHRONIZE) return qrt::sdk::synchronize_extension<StatevectorDevice>();
    return nullptr;
  }
  void synchronize() { flush(); }
  static std::span<const std::string_view> differentiable_gates() { return qrt::sv::differentiable_gates(); }

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
  std::uint64_t memory_bytes() const override;

  // The adjoint method (qrt/sdk/adjoint_jacobian.hpp): the forward pass through apply_gate /
  // apply_matrix (fused as always), then sim_common's backward sweep on work states the device keeps.
  void adjoint_jacobian(const qrt::sdk::AdjointJacobianRequest& request);

 private:
  void apply(const QubitOp& op) override;      // OpSink: an op reaches the state
  void flush_tiles(bool everything) override;  // the tiled queue reaches the state
  void push(const QubitOp& op);                // an op enters the fusion queue
  void reseed();
  // expval (variance = false) or var: analytic without shots, estimated from shots_ shots with them.
  double observe(const qrt::sdk::Observable& observable, bool variance, std::string_view operation);

  // The state is |0...0>: nothing has changed it since it was allocated or reset, so the tiled queue
  // may renumber its qubits for free before its first flush (TiledQueue::order_qubits_by_first_use).
  // First of the members: it takes what the shell's last member leaves of its 8 bytes.
  bool zero_state_ = true;
  ByPrecision<BasicStateVector> state_;
  ByPrecision<AdjointWorkVectors> adjoint_work_;
};

}  // namespace qrt::sv
