// __catalyst__qis__Gradient and Gradient_params: Catalyst's grad(method="adjoint"). While the recorder
// was on, the session kept the circuit (the tape) and the observables of Expval; the Jacobian of those
// expectation values with respect to the recorded gate parameters (all, or the ones Gradient_params names)
// comes from the device's qrt.adjoint_jacobian/1 extension, run on a second pooled instance of the same
// device so that the state of the running one is left as it is.
#include "catalyst/function_table.hpp"
#include "catalyst/memref.hpp"
#include "catalyst/session.hpp"
#include "gradient/adjoint_call.hpp"
#include "loader/plugin_error.hpp"

#include <cstdarg>
#include <deque>
#include <functional>

namespace qrt::catalyst {
namespace {

// The C view of the tape's observables on the helper device's wires; the vectors own what it points into.
class ObservablesView {
 public:
  ObservablesView(const std::vector<Observable>& observables, const std::function<Wire(Wire)>& map) {
    for (const auto& o : observables) {
      auto& terms = terms_.emplace_back();
      for (const auto& term : o.terms) {
        auto& factors = factors_.emplace_back();
        for (const auto& f : term.factors) {
          auto& wires = wires_.emplace_back();
          for (Wire w : f.wires) wires.push_back(map(w));
          factors.push_back({static_cast<std::uint32_t>(f.kind), wires.data(), wires.size(),
                             f.matrix.empty() ? nullptr : reinterpret_cast<const double*>(f.matrix.data())});
        }
        terms.push_back({term.coefficient, factors.data(), factors.size()});
      }
    }
    for (const auto& t : terms_) observables_.push_back({sizeof(qrt_observable), t.data(), t.size()});
    for (const auto& o : observables_) pointers_.push_back(&o);
  }
  const qrt_observable* const* data() const { return pointers_.data(); }

 private:
  std::deque<std::vector<Wire>> wires_;
  std::deque<std::vector<qrt_observable_factor>> factors_;
  std::deque<std::vector<qrt_observable_term>> terms_;
  std::vector<qrt_observable> observables_;
  std::vector<const qrt_observable*> pointers_;
};

void gradient(Session& s, const std::vector<std::size_t>* chosen, const std::vector<Descriptor<1>*>& results) {
  Tape& tape = s.tape;
  Device& device = s.device();
  if (!tape.unsupported.empty())
    throw Error(ErrorCode::Unsupported,
                "the recorded circuit has " + tape.unsupported + ", which the adjoint method cannot differentiate");
  if (!tape.clean_start)
    throw Error(ErrorCode::FailedPrecondition,
                "the recorder was switched on after operations had changed the state; "
                "the adjoint Gradient needs the whole circuit recorded");
  if (results.size() != tape.observables.size())
    throw Error(ErrorCode::InvalidArgument, std::to_string(results.size()) + " gradient results for the " +
                                                std::to_string(tape.observables.size()) +
                                                " expectation values recorded");
  std::vector<std::size_t> trainable;
  if (chosen) {
    trainable = *chosen;
  } else {
    for (std::size_t i = 0; i < tape.params.size(); ++i) trainable.push_back(i);
  }
  std::vector<qrt_trainable_param> params;
  for (std::size_t p : trainable) {
    if (p >= tape.params.size())
      throw Error(ErrorCode::OutOfRange, "trainable parameter " + std::to_string(p) + " of " +
                                             std::to_string(tape.params.size()) + " recorded");
    const TapeParam& param = tape.params[p];
    if (!param.op)
      throw Error(ErrorCode::Unsupported,
                  "parameter " + std::to_string(p) + " belongs to " + param.gate +
                      ", which qrt applies as a matrix; the adjoint method cannot differentiate it");
    params.push_back({*param.op, param.index});
  }
  std::vector<MemrefView<double, 1>> views;
  for (Descriptor<1>* r : results) {
    if (!r) throw Error(ErrorCode::InvalidArgument, "NULL gradient result");
    views.emplace_back(*r, "Gradient's result");
    if (views.back().count() != params.size())
      throw Error(ErrorCode::InvalidArgument, "a gradient result holds " + std::to_string(views.back().count()) +
                                                  " values for " + std::to_string(params.size()) +
                                                  " trainable parameters");
  }
  if (params.empty() || results.empty()) return;
  const auto* extension = gradient_detail::adjoint_extension(device);
  if (!extension)
    throw Error(ErrorCode::Unsupported,
                device.name() +
                    " does not offer the adjoint Jacobian (qrt.adjoint_jacobian/1) "
                    "that Catalyst's adjoint Gradient needs; statevector.qubit does (-d statevector.qubit)");
  if (s.shots() > 0)
    throw Error(ErrorCode::FailedPrecondition,
                "the adjoint Gradient is analytic; the device runs with " + std::to_string(s.shots()) + " shots");

  Device helper = s.runtime().open(s.device_spec());
  helper.set_shots(0);
  const std::vector<Wire>& live = s.live_wires();
  const std::vector<Wire> fresh = helper.allocate(live.size());
  const auto map = [&](Wire w) {
    for (std::size_t i = 0; i < live.size(); ++i)
      if (live[i] == w) return fresh[i];
    throw Error(ErrorCode::InvalidArgument,
                "the recorded circuit uses wire " + std::to_string(w) + ", which is no longer allocated");
  };
  std::deque<std::vector<Wire>> wires;  // the calls point into these
  std::vector<qrt_gate_call> gates;
  std::vector<qrt_matrix_call> matrices;
  gates.reserve(tape.ops.size());
  matrices.reserve(tape.ops.size());
  std::vector<qrt_circuit_op> ops;
  for (const TapeOp& op : tape.ops) {
    auto& targets = wires.emplace_back();
    for (Wire w : op.wires) targets.push_back(map(w));
    auto& controls = wires.emplace_back();
    for (Wire w : op.controls) controls.push_back(map(w));
    const std::uint8_t* values = op.control_values.empty() ? nullptr : op.control_values.data();
    if (op.gate) {
      gates.push_back({sizeof(qrt_gate_call), *op.gate, op.adjoint ? 1u : 0u, op.params.data(), op.params.size(),
                       targets.data(), targets.size(), controls.empty() ? nullptr : controls.data(), values,
                       controls.size()});
      ops.push_back({&gates.back(), nullptr});
    } else {
      matrices.push_back({sizeof(qrt_matrix_call), op.adjoint ? 1u : 0u,
                          reinterpret_cast<const double*>(op.matrix.data()), targets.data(), targets.size(),
                          controls.empty() ? nullptr : controls.data(), values, controls.size()});
      ops.push_back({nullptr, &matrices.back()});
    }
  }
  const ObservablesView observables(tape.observables, map);
  std::vector<double> jacobian(tape.observables.size() * params.size());
  qrt_adjoint_jacobian_request request{};
  request.struct_size = sizeof request;
  request.ops = ops.data();
  request.num_ops = ops.size();
  request.trainable = params.data();
  request.num_trainable = params.size();
  request.observables = observables.data();
  request.num_observables = tape.observables.size();
  request.out_jacobian = jacobian.data();
  loader::check(extension->jacobian(helper.native_handle(), &request), helper.name(), "adjoint_jacobian");
  for (std::size_t o = 0; o < views.size(); ++o)
    for (std::size_t j = 0; j < params.size(); ++j) views[o][j] = jacobian[o * params.size() + j];
}

std::vector<Descriptor<1>*> read_results(va_list& args, std::int64_t count) {
  if (count < 0)
    throw Error(ErrorCode::InvalidArgument, "a negative number of results (" + std::to_string(count) + ")");
  std::vector<Descriptor<1>*> results(static_cast<std::size_t>(count));
  for (auto& r : results) r = va_arg(args, Descriptor<1>*);
  return results;
}

void gradient_all(std::int64_t count, ...) {
  va_list args;
  va_start(args, count);
  guarded<void>("Gradient", [&](Session& s) { gradient(s, nullptr, read_results(args, count)); });
  va_end(args);
}

void gradient_params(const Descriptor<1>* chosen, std::int64_t count, ...) {
  va_list args;
  va_start(args, count);
  guarded<void>("Gradient_params", [&](Session& s) {
    if (!chosen) throw Error(ErrorCode::InvalidArgument, "NULL list of trainable parameters");
    const MemrefView<std::int64_t, 1> view(*chosen, "the trainable parameters");
    if (view.count() == 0) throw Error(ErrorCode::InvalidArgument, "an empty list of trainable parameters");
    std::vector<std::size_t> indices;
    for (std::size_t i = 0; i < view.count(); ++i) {
      if (view[i] < 0)
        throw Error(ErrorCode::InvalidArgument, "trainable parameter " + std::to_string(view[i]) + " is negative");
      indices.push_back(static_cast<std::size_t>(view[i]));
    }
    gradient(s, &indices, read_results(args, count));
  });
  va_end(args);
}

}  // namespace

void add_gradient_functions(FunctionTable& t) {
  for (const char* prefix : {"__catalyst__qis__", "__quantum__qis__"}) {
    t.add(std::string(prefix) + "Gradient", "void (i64, ...)", address_of(&gradient_all));
    t.add(std::string(prefix) + "Gradient_params", "void (ptr, i64, ...)", address_of(&gradient_params));
  }
}

}  // namespace qrt::catalyst
