// The C++ face of the "qrt.adjoint_jacobian/1" extension (qrt/extensions/adjoint_jacobian.h).
//
// A device class offers it by defining
//   static std::span<const std::string_view> differentiable_gates();   // names as in capabilities().gates
//   void adjoint_jacobian(const qrt::sdk::AdjointJacobianRequest& request);
// and returning qrt::sdk::adjoint_jacobian_extension<MyDevice>() from its `extension` hook:
//   static const void* extension(std::string_view id) noexcept {
//     return id == QRT_EXTENSION_ADJOINT_JACOBIAN ? qrt::sdk::adjoint_jacobian_extension<MyDevice>() : nullptr;
//   }
// The SDK converts and validates the C request first (every error case of the header but the device's
// own: out of memory, no pure state), so the method sees only well-formed requests: each op exactly one
// gate or matrix, gate ids in range, trainables in range, distinct, on differentiable gates; the device
// has shots == 0. Exceptions become error values as everywhere in the SDK (detail::guarded).
#pragma once

#include <qrt/extensions/adjoint_jacobian.h>
#include <qrt/sdk/adapter.hpp>

#include <algorithm>
#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace qrt::sdk {

// One circuit operation: exactly one of the two is set.
struct CircuitOp {
  std::optional<GateCall> gate;
  std::optional<MatrixCall> matrix;
};

// Parameter `param_index` of the gate at `op_index`.
struct TrainableParam {
  std::size_t op_index;
  std::size_t param_index;
};

struct AdjointJacobianRequest {
  std::span<const CircuitOp> ops;             // applied in order to the current state
  std::span<const TrainableParam> trainable;  // the Jacobian's columns
  std::span<const Observable> observables;    // the Jacobian's rows
  std::span<double> expvals;                  // observables.size() values, or empty when not wanted
  std::span<double> jacobian;                 // observables.size() x trainable.size(), row-major

  double& jacobian_at(std::size_t observable, std::size_t column) const {
    return jacobian[observable * trainable.size() + column];
  }
};

namespace detail {

// The C request as C++ values; owns what the spans point into.
class ConvertedAdjointRequest {
 public:
  ConvertedAdjointRequest(const qrt_adjoint_jacobian_request& c, std::span<const std::string> gate_names,
                          std::span<const std::string_view> differentiable) {
    require(c.num_ops == 0 || c.ops != nullptr, "adjoint_jacobian: the ops array is NULL");
    require(c.num_trainable == 0 || c.trainable != nullptr, "adjoint_jacobian: the trainable array is NULL");
    require(c.num_observables == 0 || c.observables != nullptr, "adjoint_jacobian: the observables array is NULL");
    require(c.num_observables == 0 || c.num_trainable == 0 || c.out_jacobian != nullptr,
            "adjoint_jacobian: out_jacobian is NULL");
    controls_.reserve(c.num_ops);  // Controls hold spans into themselves: never reallocate
    ops_.reserve(c.num_ops);
    for (std::size_t k = 0; k < c.num_ops; ++k) ops_.push_back(convert_op(c.ops[k], k, gate_names));
    convert_trainables(c, gate_names, differentiable);
    observables_.reserve(c.num_observables);
    for (std::size_t i = 0; i < c.num_observables; ++i) observables_.push_back(to_observable(c.observables[i]));
    request_.ops = ops_;
    request_.trainable = trainable_;
    request_.observables = observables_;
    if (c.out_expvals) request_.expvals = {c.out_expvals, c.num_observables};
    if (c.out_jacobian) request_.jacobian = {c.out_jacobian, c.num_observables * c.num_trainable};
  }
  ConvertedAdjointRequest(const ConvertedAdjointRequest&) = delete;
  ConvertedAdjointRequest& operator=(const ConvertedAdjointRequest&) = delete;

  const AdjointJacobianRequest& request() const { return request_; }

 private:
  static std::string where(std::size_t k) { return "adjoint_jacobian: operation " + std::to_string(k); }

  CircuitOp convert_op(const qrt_circuit_op& op, std::size_t k, std::span<const std::string> gate_names) {
    if ((op.gate == nullptr) == (op.matrix == nullptr))
      throw_invalid_argument(where(k) + " must name exactly one of a gate and a matrix");
    CircuitOp out;
    if (op.gate) {
      const qrt_gate_call* g = op.gate;
      require(QRT_STRUCT_HAS_FIELD(g, qrt_gate_call, num_controls), (where(k) + ": gate call too small").c_str());
      if (g->gate_id >= gate_names.size())
        throw_invalid_argument(where(k) + ": gate id " + std::to_string(g->gate_id) +
                               " is not in the device's gate list");
      require(g->num_params == 0 || g->params, (where(k) + ": parameter array is NULL").c_str());
      const Controls& controls = controls_.emplace_back(g->controls, g->control_values, g->num_controls);
      out.gate = GateCall{g->gate_id,
                          gate_names[g->gate_id],
                          {g->params, g->num_params},
                          wire_span(g->wires, g->num_wires),
                          controls.wires,
                          controls.values,
                          g->adjoint != 0};
    } else {
      const qrt_matrix_call* m = op.matrix;
      require(QRT_STRUCT_HAS_FIELD(m, qrt_matrix_call, num_controls), (where(k) + ": matrix call too small").c_str());
      require(m->matrix != nullptr, (where(k) + ": matrix is NULL").c_str());
      require(m->num_wires >= 1 && m->num_wires <= 16, (where(k) + ": a matrix acts on 1..16 wires").c_str());
      const std::size_t dim = std::size_t{1} << m->num_wires;
      const Controls& controls = controls_.emplace_back(m->controls, m->control_values, m->num_controls);
      out.matrix = MatrixCall{{reinterpret_cast<const Complex*>(m->matrix), dim * dim},
                              wire_span(m->wires, m->num_wires),
                              controls.wires,
                              controls.values,
                              m->adjoint != 0};
    }
    return out;
  }

  void convert_trainables(const qrt_adjoint_jacobian_request& c, std::span<const std::string> gate_names,
                          std::span<const std::string_view> differentiable) {
    trainable_.reserve(c.num_trainable);
    for (std::size_t j = 0; j < c.num_trainable; ++j) {
      const qrt_trainable_param& t = c.trainable[j];
      const std::string what = "adjoint_jacobian: trainable " + std::to_string(j);
      if (t.op_index >= ops_.size())
        throw_invalid_argument(what + " names operation " + std::to_string(t.op_index) + ", but there are " +
                               std::to_string(ops_.size()));
      const CircuitOp& op = ops_[t.op_index];
      if (!op.gate)
        throw_invalid_argument(what + " names operation " + std::to_string(t.op_index) +
                               ", a matrix (only gate parameters are trainable)");
      const std::string_view name = gate_names[op.gate->id];
      if (std::find(differentiable.begin(), differentiable.end(), name) == differentiable.end())
        throw_unsupported(what + ": gate '" + std::string(name) + "' (operation " + std::to_string(t.op_index) +
                          ") is not differentiable on this device");
      if (t.param_index >= op.gate->params.size())
        throw_invalid_argument(what + " names parameter " + std::to_string(t.param_index) + " of '" +
                               std::string(name) + "' (operation " + std::to_string(t.op_index) + "), which has " +
                               std::to_string(op.gate->params.size()));
      trainable_.push_back({t.op_index, t.param_index});
    }
    std::vector<std::pair<std::pair<std::size_t, std::size_t>, std::size_t>> sorted;  // ((op, param), j)
    sorted.reserve(trainable_.size());
    for (std::size_t j = 0; j < trainable_.size(); ++j)
      sorted.push_back({{trainable_[j].op_index, trainable_[j].param_index}, j});
    std::sort(sorted.begin(), sorted.end());
    for (std::size_t s = 1; s < sorted.size(); ++s)
      if (sorted[s].first == sorted[s - 1].first)
        throw_invalid_argument("adjoint_jacobian: trainables " + std::to_string(sorted[s - 1].second) + " and " +
                               std::to_string(sorted[s].second) + " both name parameter " +
                               std::to_string(sorted[s].first.second) + " of operation " +
                               std::to_string(sorted[s].first.first));
  }

  std::vector<Controls> controls_;
  std::vector<CircuitOp> ops_;
  std::vector<TrainableParam> trainable_;
  std::vector<Observable> observables_;
  AdjointJacobianRequest request_;
};

// ["A","B",...]
inline std::string json_string_array(std::span<const std::string_view> names) {
  std::string out = "[";
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (i) out += ",";
    out += "\"" + std::string(names[i]) + "\"";  // gate names are identifiers: nothing to escape
  }
  return out + "]";
}

template <class D>
qrt_error* adjoint_jacobian_entry(qrt_device* device, const qrt_adjoint_jacobian_request* request) noexcept {
  return guarded([&] {
    require(request != nullptr && QRT_STRUCT_HAS_FIELD(request, qrt_adjoint_jacobian_request, out_jacobian),
            "adjoint_jacobian: the request is NULL or too small");
    D& self = static_cast<D&>(as_device(device));
    if (const std::uint64_t shots = self.shots(); shots != 0)
      throw_failed_precondition("adjoint_jacobian: the adjoint method is analytic, but the device has shots = " +
                                std::to_string(shots) + " (set shots to 0)");
    const ConvertedAdjointRequest converted(*request, DeviceExport<D>::capabilities().gates, D::differentiable_gates());
    self.adjoint_jacobian(converted.request());
  });
}

}  // namespace detail

// The extension's static struct for device class D (see the top of this file).
template <class D>
const qrt_adjoint_jacobian_extension* adjoint_jacobian_extension() noexcept {
  static const std::string gates_json = detail::json_string_array(D::differentiable_gates());
  static const qrt_adjoint_jacobian_extension extension{sizeof(qrt_adjoint_jacobian_extension), gates_json.c_str(),
                                                        &detail::adjoint_jacobian_entry<D>};
  return &extension;
}

}  // namespace qrt::sdk
