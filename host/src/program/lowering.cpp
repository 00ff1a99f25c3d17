#include <qrt/program/lowering.hpp>

#include "body_expansion.hpp"
#include "lowering_plan.hpp"

#include <array>
#include <cmath>
#include <functional>
#include <numbers>
#include <optional>
#include <string>
#include <unordered_map>

namespace qrt::program {
namespace {

using detail::GatePlan;
using detail::PhasePlan;
using detail::Rule;
using detail::Step;
using detail::StepKind;

using Wires = std::vector<std::uint32_t>;

// Qiskit's U(θ,φ,λ), row-major.
std::array<std::complex<double>, 4> u_matrix(double theta, double phi, double lambda) {
  const double c = std::cos(theta / 2);
  const double s = std::sin(theta / 2);
  return {std::complex<double>(c, 0.0), -std::polar(s, lambda), std::polar(s, phi), std::polar(c, phi + lambda)};
}

// Positions among a gate's qubits -> global wires, followed by `extra` (the enclosing control wires).
Wires select(const std::vector<std::uint8_t>& positions, std::span<const std::uint32_t> qubits,
             const Wires& extra = {}) {
  Wires wires;
  wires.reserve(positions.size() + extra.size());
  for (std::uint8_t position : positions) wires.push_back(qubits[position]);
  wires.insert(wires.end(), extra.begin(), extra.end());
  return wires;
}

class Emitter {
 public:
  // `parameters`: the program's parameter pool, its free parameters bound (Program::parameters for a
  // program without).
  Emitter(const Program& program, std::span<const double> parameters, const DeviceGateSet& device,
          const LoweringOptions& options, LoweredProgram& out)
      : program_(program), parameters_(parameters), planner_(program, device), options_(options), out_(out) {}

  void operation(const Operation& op) {
    current_ = &op;
    switch (op.kind) {
      case OpKind::Gate: return gate_operation(op);
      case OpKind::Measure: return pass_through(LoweredKind::Measure, op);
      case OpKind::Reset: return pass_through(LoweredKind::Reset, op);
      case OpKind::Barrier: return pass_through(LoweredKind::Barrier, op);
    }
  }

 private:
  void gate_operation(const Operation& op) {
    const GatePlan& plan = planner_.gate(op.gate, 0);
    if (plan.kind == GatePlan::Kind::Unsupported) fail_unsupported(op, plan);
    phase_ = 0.0;
    gate(op.gate, parameters_.subspan(op.params.offset, op.params.count), program_.qubits(op), {});
    if (!op.condition) {
      out_.global_phase = std::remainder(out_.global_phase + phase_, 2 * std::numbers::pi);
    } else if (std::remainder(phase_, 2 * std::numbers::pi) != 0.0 && planner_.has("GlobalPhase")) {
      const double angle = -phase_;  // PennyLane's GlobalPhase(φ) multiplies by e^{-iφ}
      native("GlobalPhase", std::span<const double>(&angle, 1), {}, {}, false);
    }
  }

  [[noreturn]] void fail_unsupported(const Operation& op, const GatePlan& plan) const {
    const std::string& name = program_.gates[op.gate].name;
    std::string message = "cannot lower gate '" + name + "' to this device's gates: ";
    if (plan.path == name) {
      message += "it needs " + plan.needs;
    } else {
      const std::string blocker = plan.path.substr(plan.path.rfind(' ') + 1);
      message += "it has no native mapping, and its definition reaches '" + blocker + "' (" + plan.path +
                 "), which needs " + plan.needs;
    }
    throw program_.error_at(op.pos, message + "; device gates: " + planner_.device_gate_list());
  }

  void gate(std::uint32_t index, std::span<const double> params, std::span<const std::uint32_t> qubits,
            const Wires& controls) {
    // Gates that expand to nothing (empty bodies, id) still cost time: bound the work, not just the output.
    if (++visits_ > 4 * options_.max_operations) {
      throw program_.error_at(current_->pos, "lowering the program expands more than " +
                                                 std::to_string(4 * options_.max_operations) + " gate applications");
    }
    const GatePlan& plan = planner_.gate(index, static_cast<std::uint32_t>(controls.size()));
    switch (plan.kind) {
      case GatePlan::Kind::Rule:
        for (const Step& step : plan.rule->steps) rule_step(step, params, qubits, controls);
        return;
      case GatePlan::Kind::Expand: return expand(index, params, qubits, controls);
      case GatePlan::Kind::Opaque:
        return native(plan.device_name, params, Wires(qubits.begin(), qubits.end()), controls, false);
      case GatePlan::Kind::Unsupported: break;
    }
    throw program_.error_at(current_->pos, "internal error: no lowering for gate '" + program_.gates[index].name + "'");
  }

  void expand(std::uint32_t index, std::span<const double> params, std::span<const std::uint32_t> qubits,
              const Wires& controls) {
    const GateDefinition& definition = program_.gates[index];
    std::vector<double> call_params;
    Wires call_qubits;
    for (const GateCall& call : definition.body) {
      detail::evaluate_call_params(program_, definition, call, params, current_->pos, call_params);
      detail::map_call_qubits(call, qubits, call_qubits);
      gate(call.gate, call_params, call_qubits, controls);
    }
  }

  void rule_step(const Step& step, std::span<const double> params, std::span<const std::uint32_t> qubits,
                 const Wires& controls) {
    std::vector<double> values;
    values.reserve(step.params.size());
    for (const detail::Affine& angle : step.params) values.push_back(angle(params));
    const Wires all_controls = select(step.controls, qubits, controls);
    switch (step.kind) {
      case StepKind::Native: return native(step.name, values, select(step.targets, qubits), all_controls, step.adjoint);
      case StepKind::Unitary:
        return unitary(u_matrix(values[0], values[1], values[2]), select(step.targets, qubits), all_controls);
      case StepKind::Gate: {
        const std::optional<std::uint32_t> callee = program_.find_gate(step.name);
        return gate(*callee, values, select(step.targets, qubits), all_controls);
      }
      case StepKind::Phase: return phase(values[0], all_controls);
    }
  }

  // e^{iα} on the subspace where every control wire is 1 (a global phase when there is none).
  void phase(double angle, const Wires& controls) {
    if (controls.empty()) {
      phase_ += angle;
      return;
    }
    const std::span<const double> params(&angle, 1);
    switch (planner_.phase(static_cast<std::uint32_t>(controls.size()))) {
      case PhasePlan::PhaseShift:
        return native("PhaseShift", params, {controls.back()}, Wires(controls.begin(), controls.end() - 1), false);
      case PhasePlan::ControlledPhaseShift:
        return native("ControlledPhaseShift", params, {controls.end()[-2], controls.back()},
                      Wires(controls.begin(), controls.end() - 2), false);
      case PhasePlan::ViaU: {
        const std::array<double, 3> u{0.0, 0.0, angle};  // U(0, 0, α) = diag(1, e^{iα})
        const std::uint32_t target = controls.back();
        return gate(Program::kGateU, u, std::span<const std::uint32_t>(&target, 1),
                    Wires(controls.begin(), controls.end() - 1));
      }
      case PhasePlan::Unsupported: break;
    }
    throw program_.error_at(current_->pos, "internal error: no way to apply a controlled phase");
  }

  LoweredOperation& push(LoweredKind kind, const Wires& targets, const Wires& controls) {
    if (out_.operations.size() >= options_.max_operations ||
        out_.wires.size() + out_.control_wires.size() > 8 * options_.max_operations) {
      throw program_.error_at(current_->pos, "lowering the program exceeds the limit of " +
                                                 std::to_string(options_.max_operations) + " operations");
    }
    LoweredOperation& op = out_.operations.emplace_back();
    op.kind = kind;
    op.condition = current_->condition;
    op.pos = current_->pos;
    op.wires = append(out_.wires, std::span<const std::uint32_t>(targets));
    op.controls = append(out_.control_wires, std::span<const std::uint32_t>(controls));
    out_.control_values.insert(out_.control_values.end(), controls.size(), std::uint8_t{1});
    return op;
  }

  void native(std::string_view name, std::span<const double> params, const Wires& targets, const Wires& controls,
              bool adjoint) {
    LoweredOperation& op = push(LoweredKind::Gate, targets, controls);
    op.gate = name_index(name);
    op.adjoint = adjoint;
    op.params = append(out_.parameters, params);
  }

  void unitary(const std::array<std::complex<double>, 4>& matrix, const Wires& targets, const Wires& controls) {
    LoweredOperation& op = push(LoweredKind::Matrix, targets, controls);
    op.matrix = append(out_.matrices, std::span<const std::complex<double>>(matrix));
  }

  void pass_through(LoweredKind kind, const Operation& op) {
    const std::span<const std::uint32_t> qubits = program_.qubits(op);
    LoweredOperation& lowered = push(kind, Wires(qubits.begin(), qubits.end()), {});
    lowered.clbit = op.clbit;
  }

  template <class T>
  static IndexRange append(std::vector<T>& pool, std::span<const T> values) {
    const IndexRange range{static_cast<std::uint32_t>(pool.size()), static_cast<std::uint32_t>(values.size())};
    pool.insert(pool.end(), values.begin(), values.end());
    return range;
  }

  std::uint32_t name_index(std::string_view name) {
    const auto it = name_indices_.find(name);
    if (it != name_indices_.end()) return it->second;
    const auto index = static_cast<std::uint32_t>(out_.gate_names.size());
    out_.gate_names.emplace_back(name);
    name_indices_.emplace(std::string(name), index);
    return index;
  }

  struct NameHash {
    using is_transparent = void;
    std::size_t operator()(std::string_view s) const noexcept { return std::hash<std::string_view>{}(s); }
  };

  const Program& program_;
  std::span<const double> parameters_;
  detail::LoweringPlanner planner_;
  const LoweringOptions& options_;
  LoweredProgram& out_;
  const Operation* current_ = nullptr;
  double phase_ = 0.0;  // global phase of the current top-level gate
  std::size_t visits_ = 0;
  std::unordered_map<std::string, std::uint32_t, NameHash, std::equal_to<>> name_indices_;
};

}  // namespace

LoweredProgram lower(const Program& program, const DeviceGateSet& device, const LoweringOptions& options) {
  LoweredProgram out;
  out.num_qubits = program.num_qubits;
  out.num_clbits = program.num_clbits;
  std::optional<std::vector<double>> bound;
  if (!program.free_parameters.empty() || !options.parameters.empty())
    bound = bound_parameters(program, free_parameter_values(program, options.parameters));
  Emitter emitter(program, bound ? *bound : program.parameters, device, options, out);
  for (const Operation& op : program.operations) {
    const bool measurement = op.kind == OpKind::Measure || op.kind == OpKind::Reset || op.condition.has_value();
    if (!(options.drop_measurements && measurement)) emitter.operation(op);
  }
  return out;
}

}  // namespace qrt::program
