#include <qrt/program/expression.hpp>

#include "number_format.hpp"

#include <cmath>

namespace qrt::program {
namespace {

using Op = Expression::Op;

bool is_unary(Op op) { return op == Op::Negate || op >= Op::Sin; }
bool is_binary(Op op) { return op >= Op::Add && op <= Op::Power; }

double apply(const Expression::Node& node, double a, double b) {
  switch (node.op) {
    case Op::Negate: return -a;
    case Op::Add: return a + b;
    case Op::Subtract: return a - b;
    case Op::Multiply: return a * b;
    case Op::Divide:
      if (b == 0.0) throw EvaluationError(node.pos, "division by zero");
      return a / b;
    case Op::Power: return std::pow(a, b);
    case Op::Sin: return std::sin(a);
    case Op::Cos: return std::cos(a);
    case Op::Tan: return std::tan(a);
    case Op::Exp: return std::exp(a);
    case Op::Ln:
      if (!(a > 0.0)) throw EvaluationError(node.pos, "ln of a non-positive value (" + detail::format_number(a) + ")");
      return std::log(a);
    case Op::Sqrt:
      if (a < 0.0) throw EvaluationError(node.pos, "sqrt of a negative value (" + detail::format_number(a) + ")");
      return std::sqrt(a);
    case Op::Constant:
    case Op::Parameter: break;
  }
  return node.value;
}

// Post-order evaluation: every operand index is smaller than its node's, so one forward pass suffices.
// With `constants_only`, nodes that depend on a parameter are skipped (their value is never used by a
// constant node) and the root's value is meaningless.
double evaluate_nodes(const std::vector<Expression::Node>& nodes, std::span<const double> parameters,
                      bool constants_only) {
  std::vector<double> values(nodes.size());
  std::vector<char> variable(constants_only ? nodes.size() : 0);
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    const Expression::Node& node = nodes[i];
    const std::uint32_t a = node.operand[0];
    const std::uint32_t b = node.operand[1];
    if (constants_only) {
      variable[i] = node.op == Op::Parameter || ((is_unary(node.op) || is_binary(node.op)) && variable[a]) ||
                    (is_binary(node.op) && variable[b]);
      if (variable[i]) continue;
    }
    double value = 0.0;
    if (node.op == Op::Constant) {
      value = node.value;
    } else if (node.op == Op::Parameter) {
      if (a >= parameters.size()) throw EvaluationError(node.pos, "gate parameter index out of range");
      value = parameters[a];
    } else {
      value = apply(node, values[a], is_binary(node.op) ? values[b] : 0.0);
    }
    if (!std::isfinite(value)) {
      throw EvaluationError(node.pos,
                            "expression evaluates to a non-finite value (" + detail::format_number(value) + ")");
    }
    values[i] = value;
  }
  return values.empty() ? 0.0 : values.back();
}

}  // namespace

std::uint32_t Expression::append(const Node& node) {
  nodes_.push_back(node);
  return static_cast<std::uint32_t>(nodes_.size() - 1);
}

bool Expression::is_constant() const noexcept {
  for (const Node& node : nodes_) {
    if (node.op == Op::Parameter) return false;
  }
  return true;
}

double Expression::evaluate(std::span<const double> parameters) const {
  return evaluate_nodes(nodes_, parameters, false);
}

void Expression::check_constant_parts() const { evaluate_nodes(nodes_, {}, true); }

}  // namespace qrt::program
