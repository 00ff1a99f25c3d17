// Drives the gate pipeline without a device: SDK GateCall -> lower_gate_call -> apply_op on a plain
// state vector, with wires allocated in a WireMap. Also finds gate ids by name.
#pragma once

#include "reference.hpp"

#include "device/statevector_device.hpp"
#include "device_common/gate_lowering.hpp"
#include "kernels/apply_op.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace sv_test {

inline std::uint32_t gate_id(const std::string& name) {
  static const auto gates = qrt::sv::StatevectorDevice::capabilities().gates;
  const auto it = std::find(gates.begin(), gates.end(), name);
  if (it == gates.end()) throw std::invalid_argument("no gate " + name);
  return static_cast<std::uint32_t>(it - gates.begin());
}

struct GateInvocation {
  std::string name;
  std::vector<double> params;
  std::vector<qrt::sdk::Wire> wires;
  std::vector<qrt::sdk::Wire> controls;
  std::vector<std::uint8_t> control_values;
  bool adjoint = false;

  qrt::sdk::GateCall call() const { return {gate_id(name), name, params, wires, controls, control_values, adjoint}; }
};

class GateHarness {
 public:
  // small_state_path: tiny states take the direct loops (as in the device) instead of SIMD kernels.
  GateHarness(unsigned num_qubits, qrt::sv::SimdLevel simd, bool small_state_path = false) : n_(num_qubits) {
    wires_.allocate(num_qubits);
    policy_.simd = simd;
    policy_.small_state_path = small_state_path;
  }
  // Reference qubit of a wire.
  unsigned qubit(qrt::sdk::Wire w) const { return wires_.qubit(w, "test"); }
  const qrt::sv::WireMap& wires() const { return wires_; }

  void apply(const GateInvocation& gate, State& state) {
    const qrt::sv::GateOps ops = qrt::sv::lower_gate_call(gate.call(), wires_);
    for (const qrt::sv::QubitOp& op : ops) qrt::sv::apply_op(state.data(), n_, op, policy_, workspace_);
  }

 private:
  unsigned n_;
  qrt::sv::WireMap wires_;
  qrt::sv::ExecPolicy policy_;
  qrt::sv::Workspace workspace_;
};

}  // namespace sv_test
