#include "gradient/gradient_lowering.hpp"

#include "gradient/gradient_rules.hpp"

#include <algorithm>
#include <unordered_map>

namespace qrt::gradient_detail {
namespace {

using program::GateKind;
using program::LoweredKind;
using program::LoweredOperation;
using program::LoweredProgram;
using program::OpKind;
using program::Program;
using program::SourcePos;

bool contains(const std::vector<std::string>& names, std::string_view name) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

class GradientLowering {
 public:
  GradientLowering(const Program& program, const program::DeviceGateSet& device, std::span<const Dual> inputs,
                   std::span<const std::string> columns, const GradientLoweringOptions& options)
      : program_(program),
        device_(device),
        inputs_(inputs),
        columns_(columns),
        options_(options),
        scratch_(program.declarations_only()) {
    out_.lowered.num_qubits = program.num_qubits;
    out_.lowered.num_clbits = program.num_clbits;
  }

  DifferentiableCircuit run() {
    std::vector<std::uint8_t> touched(program_.num_qubits, 0), measured(program_.num_qubits, 0);
    for (const program::Operation& op : program_.operations) {
      if (op.condition)
        fail(op.pos, "a conditional operation (`if`): gradients are of a circuit without classical control");
      const auto qubits = program_.qubits(op);
      switch (op.kind) {
        case OpKind::Barrier: break;
        case OpKind::Measure:
          if (!options_.allow_terminal_measurements)
            fail(op.pos, options_.method +
                             " needs a circuit without measure or reset (the expectation values are "
                             "of the final state; leave the measurements out)");
          measured[qubits[0]] = 1;
          break;
        case OpKind::Reset:
          if (!options_.allow_terminal_measurements)
            fail(op.pos, options_.method + " needs a circuit without measure or reset");
          if (touched[qubits[0]])
            fail(op.pos, "a reset of a qubit already used: gradients need a circuit without mid-circuit reset");
          break;
        case OpKind::Gate: {
          for (std::uint32_t q : qubits) {
            if (measured[q])
              fail(op.pos,
                   "a gate on a measured qubit (a mid-circuit measurement): gradients are of the final "
                   "state of a circuit whose measurements are all terminal");
            touched[q] = 1;
          }
          top_ = &op;
          std::vector<Dual> args = top_level_arguments(op);
          gate(op.gate, args, std::vector<std::uint32_t>(qubits.begin(), qubits.end()));
          break;
        }
      }
    }
    flush();
    return std::move(out_);
  }

 private:
  [[noreturn]] void fail(SourcePos pos, const std::string& message) const { throw program_.error_at(pos, message); }

  std::vector<Dual> top_level_arguments(const program::Operation& op) {
    const auto values = program_.params(op);
    std::vector<Dual> args(values.size());
    const auto& symbolic = program_.symbolic_arguments;
    for (std::uint32_t k = 0; k < values.size(); ++k) {
      const std::uint32_t index = op.params.offset + k;
      auto it = std::lower_bound(symbolic.begin(), symbolic.end(), index,
                                 [](const auto& s, std::uint32_t i) { return s.parameter < i; });
      if (it != symbolic.end() && it->parameter == index) {
        args[k] = evaluate(it->expression, inputs_);
      } else {
        args[k].value = values[k];
      }
    }
    return args;
  }

  Dual evaluate(const program::Expression& e, std::span<const Dual> inputs) const {
    try {
      return evaluate_dual(e, inputs);
    } catch (const program::EvaluationError& error) {
      fail(top_->pos, error.what());
    }
  }

  // One gate application on global qubits, its arguments as duals.
  void gate(std::uint32_t index, const std::vector<Dual>& args, const std::vector<std::uint32_t>& qubits) {
    if (++visited_ > 4 * options_.max_operations)
      fail(top_->pos, "the gradient lowering exceeds " + std::to_string(options_.max_operations) + " operations");
    const bool trainable = std::any_of(args.begin(), args.end(), [](const Dual& d) { return !d.is_constant(); });
    if (!trainable) return plain(index, args, qubits);
    const program::GateDefinition& def = program_.gates.at(index);
    if (def.builtin) {
      for (const GradientRule& rule : gradient_rules(def.name)) {
        if (usable(rule, args)) return native(rule, args, qubits);
      }
    }
    if (def.kind == GateKind::Defined) {
      for (const program::GateCall& call : def.body) {
        std::vector<Dual> inner;
        inner.reserve(call.params.size());
        for (const auto& e : call.params) inner.push_back(evaluate(e, args));
        std::vector<std::uint32_t> wires;
        for (std::uint32_t q : call.qubits) wires.push_back(qubits[q]);
        gate(call.gate, inner, wires);
      }
      return;
    }
    std::string names;
    Partials all;
    for (const Dual& d : args) all = combine(1.0, all, 1.0, d.partials);
    for (const auto& [column, partial] : all) names += (names.empty() ? "'" : ", '") + columns_[column] + "'";
    const std::string& top_name = program_.gates.at(top_->gate).name;
    fail(top_->pos, "parameter " + names + " reaches gate '" + def.name + "'" +
                        (top_name != def.name ? " (in '" + top_name + "')" : "") + ", which " + options_.method +
                        " cannot differentiate: " +
                        (def.kind == GateKind::Opaque ? std::string("it is opaque (no definition to differentiate)")
                                                      : "the device offers none of its differentiable forms (" +
                                                            describe_rules(def.name) + ")"));
  }

  std::string describe_rules(std::string_view name) const {
    std::string text;
    for (const GradientRule& rule : gradient_rules(name)) {
      std::string steps;
      for (const NativeStep& s : rule) steps += (steps.empty() ? "" : "+") + std::string(s.gate);
      text += (text.empty() ? "" : " or ") + steps;
    }
    std::vector<std::string> here;
    for (const auto& gate : options_.differentiable)
      if (contains(device_.gates, gate)) here.push_back(gate);
    return text.empty() ? "none" : text + "; the device's gates that it differentiates: " + join(here);
  }

  static std::string join(const std::vector<std::string>& names) {
    std::string text;
    for (const auto& n : names) text += (text.empty() ? "" : " ") + n;
    return text.empty() ? "none" : text;
  }

  bool usable(const GradientRule& rule, const std::vector<Dual>& args) const {
    for (const NativeStep& step : rule) {
      if (!contains(device_.gates, step.gate)) return false;
      const bool trainable = step.argument >= 0 && !args[static_cast<std::size_t>(step.argument)].is_constant();
      if (trainable && !contains(options_.differentiable, step.gate)) return false;
    }
    return true;
  }

  void native(const GradientRule& rule, const std::vector<Dual>& args, const std::vector<std::uint32_t>& qubits) {
    flush();
    LoweredProgram& out = out_.lowered;
    for (const NativeStep& step : rule) {
      Dual angle{step.offset, {}};
      if (step.argument >= 0) {
        const Dual& a = args[static_cast<std::size_t>(step.argument)];
        angle = {step.offset + step.scale * a.value, scale(step.scale, a.partials)};
      }
      LoweredOperation op;
      op.kind = LoweredKind::Gate;
      op.gate = gate_name_index(step.gate);
      op.pos = top_->pos;
      op.params = {static_cast<std::uint32_t>(out.parameters.size()), 1};
      out.parameters.push_back(angle.value);
      op.wires = {static_cast<std::uint32_t>(out.wires.size()), static_cast<std::uint32_t>(step.wires.size())};
      for (std::uint8_t w : step.wires) out.wires.push_back(qubits[w]);
      op.controls = {static_cast<std::uint32_t>(out.control_wires.size()), 0};
      if (!angle.is_constant())
        out_.trainable.push_back({static_cast<std::uint32_t>(out.operations.size()), 0, std::move(angle.partials)});
      out.operations.push_back(op);
      check_size();
    }
  }

  // A gate whose arguments depend on no parameter: lowered with the rest of its run by program::lower.
  void plain(std::uint32_t index, const std::vector<Dual>& args, const std::vector<std::uint32_t>& qubits) {
    program::Operation op;
    op.kind = OpKind::Gate;
    op.gate = index;
    op.pos = top_->pos;
    op.params = {static_cast<std::uint32_t>(scratch_.parameters.size()), static_cast<std::uint32_t>(args.size())};
    for (const Dual& d : args) scratch_.parameters.push_back(d.value);
    op.qubits = {static_cast<std::uint32_t>(scratch_.operands.size()), static_cast<std::uint32_t>(qubits.size())};
    scratch_.operands.insert(scratch_.operands.end(), qubits.begin(), qubits.end());
    scratch_.operations.push_back(op);
    if (scratch_.operations.size() >= 4096) flush();
  }

  void flush() {
    if (scratch_.operations.empty()) return;
    program::LoweringOptions lowering;
    lowering.max_operations = options_.max_operations;
    append(program::lower(scratch_, device_, lowering));
    scratch_.operations.clear();
    scratch_.parameters.clear();
    scratch_.operands.clear();
  }

  void append(const LoweredProgram& part) {
    LoweredProgram& out = out_.lowered;
    auto at = [](auto& pool) { return static_cast<std::uint32_t>(pool.size()); };
    for (LoweredOperation op : part.operations) {
      if (op.kind != LoweredKind::Gate && op.kind != LoweredKind::Matrix) continue;
      if (op.kind == LoweredKind::Gate) op.gate = gate_name_index(part.gate_names.at(op.gate));
      const auto params = part.params(op);
      op.params.offset = at(out.parameters);
      out.parameters.insert(out.parameters.end(), params.begin(), params.end());
      const auto targets = part.targets(op);
      op.wires.offset = at(out.wires);
      out.wires.insert(out.wires.end(), targets.begin(), targets.end());
      const auto controls = part.controls(op);
      const auto values = part.control_states(op);
      op.controls.offset = at(out.control_wires);
      out.control_wires.insert(out.control_wires.end(), controls.begin(), controls.end());
      out.control_values.insert(out.control_values.end(), values.begin(), values.end());
      const auto matrix = part.matrix(op);
      op.matrix.offset = at(out.matrices);
      out.matrices.insert(out.matrices.end(), matrix.begin(), matrix.end());
      out.operations.push_back(op);
    }
    check_size();
  }

  std::uint32_t gate_name_index(std::string_view name) {
    auto it = gate_index_.find(std::string(name));
    if (it != gate_index_.end()) return it->second;
    const auto index = static_cast<std::uint32_t>(out_.lowered.gate_names.size());
    out_.lowered.gate_names.emplace_back(name);
    gate_index_.emplace(std::string(name), index);
    return index;
  }

  void check_size() const {
    if (out_.lowered.operations.size() > options_.max_operations)
      fail(top_->pos, "the gradient lowering exceeds " + std::to_string(options_.max_operations) + " operations");
  }

  const Program& program_;
  const program::DeviceGateSet& device_;
  std::span<const Dual> inputs_;
  std::span<const std::string> columns_;
  const GradientLoweringOptions& options_;
  const program::Operation* top_ = nullptr;
  Program scratch_;  // the pending run of parameter-free gates, for program::lower
  DifferentiableCircuit out_;
  std::unordered_map<std::string, std::uint32_t> gate_index_;
  std::size_t visited_ = 0;
};

}  // namespace

DifferentiableCircuit lower_for_gradient(const program::Program& program, const program::DeviceGateSet& device,
                                         std::span<const Dual> inputs, std::span<const std::string> columns,
                                         const GradientLoweringOptions& options) {
  return GradientLowering(program, device, inputs, columns, options).run();
}

}  // namespace qrt::gradient_detail
