#include "device_common/statevector_shell.hpp"

#include "gates/gate_catalog.hpp"

#include <qrt/sdk/error.hpp>
#include <qrt/sdk/fresh_seed.hpp>

#include <string>

namespace qrt::sv {

qrt::sdk::Capabilities StatevectorShell::capabilities() {
  qrt::sdk::Capabilities c;
  for (const GateSpec& spec : gate_catalog()) c.gates.emplace_back(spec.name);
  c.observables = {"Identity", "PauliX", "PauliY", "PauliZ", "Hadamard", "Hermitian"};
  c.measurements = {"expval", "var", "probs", "sample", "counts", "state", "measure", "reset"};
  c.max_qubits = 40;
  c.shots = true;
  c.state = true;
  c.mid_circuit_measurement = true;
  c.controlled_gates = true;
  c.adjoint = true;
  return c;
}

StatevectorShell::StatevectorShell(const DeviceOptions& options)
    : options_(options), fuser_(options.fusion), tiles_(options.tiles), shots_(options.shots) {
  policy_.simd = options_.simd;
  policy_.threads = options_.threads;
  policy_.parallel_min_qubits = options_.parallel_min_qubits;
}

void StatevectorShell::queue_op(const QubitOp& op, unsigned num_qubits) {
  tiled_qubits_ = num_qubits;
  if (!tiles_.empty() || tiles_.active_for(num_qubits)) {
    fuser_.flush(*this);  // ops fused before the state grew past one tile go first
    tiles_.push(op);
    return;
  }
  fuser_.push(op, num_qubits, *this);
}

void StatevectorShell::reset_shell() {
  fuser_.clear();
  tiles_.clear();
  wires_.clear();
  shots_ = options_.shots;
}

std::uint64_t StatevectorShell::seed_from_options() const {
  return options_.seed ? *options_.seed : qrt::sdk::fresh_seed();
}

void StatevectorShell::check_allocation(std::size_t allocated, std::size_t count) const {
  if (count > options_.max_qubits - allocated)
    qrt::sdk::throw_out_of_range("allocate_qubits: " + std::to_string(allocated) + " allocated + " +
                                 std::to_string(count) +
                                 " requested exceeds max_qubits = " + std::to_string(options_.max_qubits));
}

void StatevectorShell::require_shots_for_sample() const {
  if (shots_ == 0) qrt::sdk::throw_failed_precondition("sample: needs shots > 0 (set the 'shots' kwarg)");
}

void StatevectorShell::check_state_output(std::size_t out_size, std::size_t size) {
  if (out_size != size)
    qrt::sdk::throw_invalid_argument("state: the output holds " + std::to_string(out_size) + " amplitudes, the state " +
                                     std::to_string(size));
}

}  // namespace qrt::sv
