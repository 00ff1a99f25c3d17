#include <qrt/program/expansion.hpp>

#include "body_expansion.hpp"

#include <qrt/program/parameters.hpp>

namespace qrt::program {
namespace {

class PrimitiveExpander {
 public:
  PrimitiveExpander(const Program& source, Program& target, std::size_t max_operations)
      : source_(source), target_(target), max_operations_(max_operations) {}

  void operation(const Operation& op) {
    if (op.kind != OpKind::Gate) return push(op, source_.params(op), source_.qubits(op));
    gate(op, op.gate, source_.params(op), source_.qubits(op));
  }

 private:
  void gate(const Operation& top, std::uint32_t index, std::span<const double> params,
            std::span<const std::uint32_t> qubits) {
    // Empty bodies produce no operations but still cost time: bound the work, not just the output.
    if (++visits_ > 4 * max_operations_) {
      throw source_.error_at(top.pos, "expanding the program into U and CX takes more than " +
                                          std::to_string(4 * max_operations_) + " gate applications");
    }
    const GateDefinition& definition = source_.gates[index];
    if (definition.kind == GateKind::Primitive) {
      Operation op = top;
      op.gate = index;
      return push(op, params, qubits);
    }
    if (definition.kind == GateKind::Opaque) {
      throw source_.error_at(top.pos,
                             "opaque gate '" + definition.name + "' has no definition to expand into U and CX");
    }
    std::vector<double> call_params;
    std::vector<std::uint32_t> call_qubits;
    for (const GateCall& call : definition.body) {
      detail::evaluate_call_params(source_, definition, call, params, top.pos, call_params);
      detail::map_call_qubits(call, qubits, call_qubits);
      gate(top, call.gate, call_params, call_qubits);
    }
  }

  void push(Operation op, std::span<const double> params, std::span<const std::uint32_t> qubits) {
    if (target_.operations.size() >= max_operations_) {
      throw source_.error_at(op.pos, "expanding the program into U and CX exceeds the limit of " +
                                         std::to_string(max_operations_) + " operations");
    }
    op.params =
        IndexRange{static_cast<std::uint32_t>(target_.parameters.size()), static_cast<std::uint32_t>(params.size())};
    op.qubits =
        IndexRange{static_cast<std::uint32_t>(target_.operands.size()), static_cast<std::uint32_t>(qubits.size())};
    target_.parameters.insert(target_.parameters.end(), params.begin(), params.end());
    target_.operands.insert(target_.operands.end(), qubits.begin(), qubits.end());
    target_.operations.push_back(op);
  }

  const Program& source_;
  Program& target_;
  std::size_t max_operations_;
  std::size_t visits_ = 0;
};

}  // namespace

Program expand_to_primitives(const Program& program, std::size_t max_operations) {
  if (!program.free_parameters.empty()) (void)free_parameter_values(program, {});  // throws: bind first
  Program expanded = program.declarations_only();
  PrimitiveExpander expander(program, expanded, max_operations);
  for (const Operation& op : program.operations) expander.operation(op);
  return expanded;
}

}  // namespace qrt::program
