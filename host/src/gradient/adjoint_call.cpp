#include "gradient/adjoint_call.hpp"

#include "loader/plugin_error.hpp"

#include <qrt/device_type.hpp>

#include <boost/json.hpp>

#include <cstddef>

namespace qrt::gradient_detail {
namespace {

// The C view of the observables: one qrt_observable each, one term per word, single-wire factors; the
// vectors own what it points into.
class PauliObservables {
 public:
  PauliObservables(const std::vector<DenseObservable>& observables, const std::vector<Wire>& wires) {
    const std::size_t n = wires.size();
    factors_.resize(observables.size());
    terms_.resize(observables.size());
    for (std::size_t i = 0; i < observables.size(); ++i) {
      const DenseObservable& o = observables[i];
      std::vector<std::size_t> first_factor;
      for (const std::string& word : o.words) {
        first_factor.push_back(factors_[i].size());
        for (std::size_t k = 0; k < n; ++k) {  // qubit k is the word's letter n-1-k
          const char letter = word[n - 1 - k];
          if (letter == 'I') continue;
          const std::uint32_t kind = letter == 'X'   ? QRT_OBSERVABLE_PAULI_X
                                     : letter == 'Y' ? QRT_OBSERVABLE_PAULI_Y
                                                     : QRT_OBSERVABLE_PAULI_Z;
          factors_[i].push_back({kind, &wires[k], 1, nullptr});
        }
      }
      first_factor.push_back(factors_[i].size());
      for (std::size_t t = 0; t < o.words.size(); ++t) {  // factors_[i] is complete: its data no longer moves
        const std::size_t count = first_factor[t + 1] - first_factor[t];
        terms_[i].push_back({o.coefficients[t], count ? factors_[i].data() + first_factor[t] : nullptr, count});
      }
    }
    for (const auto& terms : terms_) observables_.push_back({sizeof(qrt_observable), terms.data(), terms.size()});
    for (const auto& o : observables_) pointers_.push_back(&o);
  }
  const qrt_observable* const* data() const { return pointers_.data(); }

 private:
  std::vector<std::vector<qrt_observable_factor>> factors_;
  std::vector<std::vector<qrt_observable_term>> terms_;
  std::vector<qrt_observable> observables_;
  std::vector<const qrt_observable*> pointers_;
};

}  // namespace

const qrt_adjoint_jacobian_extension* adjoint_extension(const Device& device) {
  const auto* extension =
      static_cast<const qrt_adjoint_jacobian_extension*>(device.extension(QRT_EXTENSION_ADJOINT_JACOBIAN));
  if (extension == nullptr) return nullptr;
  if (extension->struct_size < offsetof(qrt_adjoint_jacobian_extension, jacobian) + sizeof(extension->jacobian) ||
      extension->jacobian == nullptr)
    return nullptr;
  return extension;
}

std::vector<std::string> adjoint_differentiable_gates(const Device& device,
                                                      const qrt_adjoint_jacobian_extension& extension) {
  const auto bad = [&](const std::string& why) {
    return Error(ErrorCode::Internal,
                 device.name() + ": " QRT_EXTENSION_ADJOINT_JACOBIAN ": differentiable_gates_json " + why);
  };
  if (extension.differentiable_gates_json == nullptr) throw bad("is NULL");
  boost::system::error_code ec;
  const boost::json::value json = boost::json::parse(extension.differentiable_gates_json, ec);
  if (ec || !json.is_array()) throw bad("is not a JSON array of gate names");
  std::vector<std::string> gates;
  for (const auto& item : json.as_array()) {
    if (!item.is_string()) throw bad("is not a JSON array of gate names");
    std::string name(item.as_string());
    if (device.gate_id(name)) gates.push_back(std::move(name));
  }
  return gates;
}

AdjointOutput adjoint_jacobian(Device& device, const qrt_adjoint_jacobian_extension& extension,
                               const DifferentiableCircuit& circuit, const std::vector<DenseObservable>& dense) {
  const program::LoweredProgram& lowered = circuit.lowered;
  if (device.num_qubits() != 0)
    throw Error(ErrorCode::State, device.name() + ": the device already has qubits allocated");
  const std::vector<Wire> qubit_wires = device.allocate(lowered.num_qubits);

  std::vector<std::uint32_t> gate_ids;
  for (const auto& name : lowered.gate_names) {
    auto id = device.gate_id(name);
    if (!id) throw Error(ErrorCode::Unsupported, device.name() + " does not offer the gate " + name);
    gate_ids.push_back(*id);
  }
  // Device wires of every target and control, in the lowered pools' order: the calls point into them.
  std::vector<qrt_wire> targets, controls;
  for (std::uint32_t q : lowered.wires) targets.push_back(qubit_wires[q]);
  for (std::uint32_t q : lowered.control_wires) controls.push_back(qubit_wires[q]);

  const std::size_t count = lowered.operations.size();
  std::vector<qrt_gate_call> gates;
  std::vector<qrt_matrix_call> matrices;
  gates.reserve(count);
  matrices.reserve(count);
  std::vector<qrt_circuit_op> ops(count, qrt_circuit_op{nullptr, nullptr});
  for (std::size_t i = 0; i < count; ++i) {
    const auto& op = lowered.operations[i];
    const qrt_wire* target = targets.data() + op.wires.offset;
    const qrt_wire* control = op.controls.count ? controls.data() + op.controls.offset : nullptr;
    const std::uint8_t* values = op.controls.count ? lowered.control_values.data() + op.controls.offset : nullptr;
    if (op.kind == program::LoweredKind::Gate) {
      gates.push_back({sizeof(qrt_gate_call), gate_ids[op.gate], op.adjoint ? 1u : 0u,
                       lowered.parameters.data() + op.params.offset, op.params.count, target, op.wires.count, control,
                       values, op.controls.count});
      ops[i].gate = &gates.back();
    } else {
      matrices.push_back({sizeof(qrt_matrix_call), op.adjoint ? 1u : 0u,
                          reinterpret_cast<const double*>(lowered.matrices.data() + op.matrix.offset), target,
                          op.wires.count, control, values, op.controls.count});
      ops[i].matrix = &matrices.back();
    }
  }
  std::vector<qrt_trainable_param> trainable;
  trainable.reserve(circuit.trainable.size());
  for (const auto& t : circuit.trainable) trainable.push_back({t.op, t.param});

  const PauliObservables observables(dense, qubit_wires);
  AdjointOutput out;
  out.expvals.assign(dense.size(), 0.0);
  out.jacobian.assign(dense.size() * trainable.size(), 0.0);
  qrt_adjoint_jacobian_request request{};
  request.struct_size = sizeof request;
  request.ops = ops.data();
  request.num_ops = ops.size();
  request.trainable = trainable.data();
  request.num_trainable = trainable.size();
  request.observables = observables.data();
  request.num_observables = dense.size();
  request.out_expvals = out.expvals.data();
  request.out_jacobian = out.jacobian.data();
  loader::check(extension.jacobian(device.native_handle(), &request), device.name(), "adjoint_jacobian");
  return out;
}

}  // namespace qrt::gradient_detail
