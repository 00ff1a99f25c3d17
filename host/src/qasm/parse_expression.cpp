// Expressions, by precedence climbing:
//   sum     := product (('+' | '-') product)*
//   product := unary (('*' | '/') unary)*
//   unary   := '-' unary | power
//   power   := primary ('^' unary)?          right-associative; binds tighter than unary minus
//   primary := real | integer | pi | parameter | function '(' sum ')' | '(' sum ')'
#include "file_parser.hpp"

#include "spelling.hpp"

#include <array>
#include <limits>
#include <numbers>
#include <utility>

namespace qrt::qasm::detail {
namespace {

using Op = program::Expression::Op;

constexpr std::array<std::pair<std::string_view, Op>, 6> kFunctions{{
    {"sin", Op::Sin},
    {"cos", Op::Cos},
    {"tan", Op::Tan},
    {"exp", Op::Exp},
    {"ln", Op::Ln},
    {"sqrt", Op::Sqrt},
}};

constexpr std::array<std::pair<TokenKind, Op>, 4> kBinaryOperators{{
    {TokenKind::Plus, Op::Add},
    {TokenKind::Minus, Op::Subtract},
    {TokenKind::Star, Op::Multiply},
    {TokenKind::Slash, Op::Divide},
}};

Op binary_op(TokenKind kind) {
  for (const auto& [token, op] : kBinaryOperators) {
    if (token == kind) return op;
  }
  return Op::Add;
}

// Keeps the recursion of one expression within ParseOptions::max_expression_depth.
class DepthGuard {
 public:
  explicit DepthGuard(std::uint32_t& depth) : depth_(depth) { ++depth_; }
  ~DepthGuard() { --depth_; }
  DepthGuard(const DepthGuard&) = delete;
  DepthGuard& operator=(const DepthGuard&) = delete;

 private:
  std::uint32_t& depth_;
};

}  // namespace

program::Expression FileParser::expression(const std::vector<std::string>& params,
                                           const program::GateDefinition* gate) {
  scope_ = &params;
  scope_gate_ = gate;
  expression_depth_ = 0;
  program::Expression e;
  sum(e);
  try {
    e.check_constant_parts();
  } catch (const program::EvaluationError& error) {
    builder_.fail(error.pos(), error.what());
  }
  return e;
}

double FileParser::constant_expression() {
  static const std::vector<std::string> kNoParameters;
  const program::Expression e = expression(kNoParameters, nullptr);
  try {
    return e.evaluate({});
  } catch (const program::EvaluationError& error) {
    builder_.fail(error.pos(), error.what());
  }
}

double FileParser::top_level_argument(program::Expression& symbolic) {
  static const std::vector<std::string> kNoParameters;
  program::Expression e = expression(kNoParameters, nullptr);
  if (!e.is_constant()) {  // uses a free parameter: evaluated when the program is bound
    symbolic = std::move(e);
    return std::numeric_limits<double>::quiet_NaN();
  }
  try {
    return e.evaluate({});
  } catch (const program::EvaluationError& error) {
    builder_.fail(error.pos(), error.what());
  }
}

std::uint32_t FileParser::sum(program::Expression& e) {
  std::uint32_t lhs = product(e);
  while (peek().kind == TokenKind::Plus || peek().kind == TokenKind::Minus) {
    const Token& op = advance();
    const std::uint32_t rhs = product(e);
    lhs = e.append({binary_op(op.kind), {lhs, rhs}, 0.0, pos(op)});
  }
  return lhs;
}

std::uint32_t FileParser::product(program::Expression& e) {
  std::uint32_t lhs = unary(e);
  while (peek().kind == TokenKind::Star || peek().kind == TokenKind::Slash) {
    const Token& op = advance();
    const std::uint32_t rhs = unary(e);
    lhs = e.append({binary_op(op.kind), {lhs, rhs}, 0.0, pos(op)});
  }
  return lhs;
}

std::uint32_t FileParser::unary(program::Expression& e) {
  const DepthGuard guard(expression_depth_);
  if (expression_depth_ > builder_.options().max_expression_depth) {
    fail(peek(),
         "expression nested deeper than the limit of " + std::to_string(builder_.options().max_expression_depth));
  }
  if (peek().kind == TokenKind::Minus) {
    const Token& minus = advance();
    const std::uint32_t operand = unary(e);
    return e.append({Op::Negate, {operand, 0}, 0.0, pos(minus)});
  }
  return power(e);
}

std::uint32_t FileParser::power(program::Expression& e) {
  const std::uint32_t base = primary(e);
  if (peek().kind != TokenKind::Caret) return base;
  const Token& caret = advance();
  const std::uint32_t exponent = unary(e);
  return e.append({Op::Power, {base, exponent}, 0.0, pos(caret)});
}

std::uint32_t FileParser::primary(program::Expression& e) {
  const Token& token = peek();
  switch (token.kind) {
    case TokenKind::Real:
    case TokenKind::Integer: advance(); return e.append({Op::Constant, {0, 0}, real_value(token), pos(token)});
    case TokenKind::KwPi: advance(); return e.append({Op::Constant, {0, 0}, std::numbers::pi, pos(token)});
    case TokenKind::Identifier: advance(); return identifier_operand(e, token);
    case TokenKind::LeftParen: {
      advance();
      const std::uint32_t inner = sum(e);
      expect(TokenKind::RightParen, "to close '('");
      return inner;
    }
    default: break;
  }
  fail(token, "expected an expression, got " + describe(token));
}

std::uint32_t FileParser::identifier_operand(program::Expression& e, const Token& name) {
  for (const auto& [function, op] : kFunctions) {
    if (name.text != function) continue;
    expect(TokenKind::LeftParen, "after function '" + std::string(function) + "'");
    const std::uint32_t argument = sum(e);
    expect(TokenKind::RightParen, "to close the argument of '" + std::string(function) + "'");
    return e.append({op, {argument, 0}, 0.0, pos(name)});
  }
  for (std::size_t i = 0; i < scope_->size(); ++i) {
    if ((*scope_)[i] == name.text) {
      return e.append({Op::Parameter, {static_cast<std::uint32_t>(i), 0}, 0.0, pos(name)});
    }
  }
  if (scope_gate_ == nullptr && builder_.options().free_parameters)
    return e.append({Op::Parameter, {builder_.free_parameter(name.text), 0}, 0.0, pos(name)});
  if (scope_gate_ != nullptr) {
    fail(name, "unknown parameter '" + std::string(name.text) + "' in gate '" + scope_gate_->name + "'" +
                   did_you_mean(name.text, std::vector<std::string_view>(scope_->begin(), scope_->end())));
  }
  fail(name, "unknown identifier '" + std::string(name.text) +
                 "' in expression (outside gate bodies only numbers, pi, sin, cos, tan, exp, ln and sqrt may "
                 "appear; free parameters only with ParseOptions::free_parameters)");
}

}  // namespace qrt::qasm::detail
