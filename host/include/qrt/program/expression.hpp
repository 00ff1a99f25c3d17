// Real-valued parameter expressions of gate bodies, e.g. `(lambda+phi)/2` or `-pi/4`.
//
// Stored as a flat node list in post-order (every node after its operands), so evaluation is a single
// loop with no recursion however deep the source expression was.
#pragma once

#include <qrt/program/source.hpp>

#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

namespace qrt::program {

// Thrown by Expression::evaluate for division by zero, ln/sqrt outside their domain and non-finite
// results. Callers holding the Program turn it into a qrt::program::Error quoting `pos`.
class EvaluationError : public std::runtime_error {
 public:
  EvaluationError(SourcePos pos, const std::string& message) : std::runtime_error(message), pos_(pos) {}
  SourcePos pos() const noexcept { return pos_; }

 private:
  SourcePos pos_;
};

class Expression {
 public:
  enum class Op : std::uint8_t {
    Constant,   // value
    Parameter,  // the gate parameter with index `operand[0]`
    Negate,
    Add,
    Subtract,
    Multiply,
    Divide,
    Power,
    Sin,
    Cos,
    Tan,
    Exp,
    Ln,
    Sqrt,
  };
  struct Node {
    Op op = Op::Constant;
    std::uint32_t operand[2] = {0, 0};  // node indices of the operands (Parameter: parameter index)
    double value = 0.0;                 // Constant only
    SourcePos pos;                      // the operator / function name / literal
  };

  // Appends a node whose operands were appended before it; returns its index. The last node is the root.
  std::uint32_t append(const Node& node);
  const std::vector<Node>& nodes() const noexcept { return nodes_; }
  bool empty() const noexcept { return nodes_.empty(); }
  SourcePos pos() const noexcept { return nodes_.empty() ? SourcePos{} : nodes_.back().pos; }
  // True when the expression refers to no gate parameter.
  bool is_constant() const noexcept;

  // The value for the given gate parameters. Throws EvaluationError.
  double evaluate(std::span<const double> parameters) const;
  // Evaluates every parameter-free subexpression, so that e.g. `theta + 1/0` is rejected where the
  // gate is defined rather than where it is first used. Throws EvaluationError.
  void check_constant_parts() const;

 private:
  std::vector<Node> nodes_;
};

}  // namespace qrt::program
