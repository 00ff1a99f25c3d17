#include "gradient/dual.hpp"

#include <cmath>
#include <string>

namespace qrt::gradient_detail {
namespace {

using Op = program::Expression::Op;
using program::EvaluationError;

bool is_binary(Op op) { return op >= Op::Add && op <= Op::Power; }

// `a` as text for messages (as the front end's messages print values).
std::string text(double a) {
  std::string s = std::to_string(a);
  return s;
}

// d(result) = da * dx (+ db * dy): the chain rule for one node, refusing a derivative that is not finite.
Partials chain(const program::Expression::Node& node, double da, const Partials& dx, double db, const Partials& dy) {
  if ((!dx.empty() && !std::isfinite(da)) || (!dy.empty() && !std::isfinite(db)))
    throw EvaluationError(node.pos, "the expression is not differentiable here (its derivative is not finite)");
  return combine(da, dx, db, dy);
}

}  // namespace

Partials combine(double a, const Partials& x, double b, const Partials& y) {
  Partials out;
  out.reserve(x.size() + y.size());
  std::size_t i = 0, j = 0;
  while (i < x.size() || j < y.size()) {
    if (j == y.size() || (i < x.size() && x[i].first < y[j].first)) {
      out.emplace_back(x[i].first, a * x[i].second);
      ++i;
    } else if (i == x.size() || y[j].first < x[i].first) {
      out.emplace_back(y[j].first, b * y[j].second);
      ++j;
    } else {
      out.emplace_back(x[i].first, a * x[i].second + b * y[j].second);
      ++i;
      ++j;
    }
  }
  return out;
}

Partials scale(double a, const Partials& x) { return combine(a, x, 0.0, {}); }

Dual evaluate_dual(const program::Expression& expression, std::span<const Dual> inputs) {
  const auto& nodes = expression.nodes();
  std::vector<Dual> values(nodes.size());
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    const auto& node = nodes[i];
    const std::uint32_t ia = node.operand[0], ib = node.operand[1];
    Dual out;
    if (node.op == Op::Constant) {
      out.value = node.value;
    } else if (node.op == Op::Parameter) {
      if (ia >= inputs.size()) throw EvaluationError(node.pos, "gate parameter index out of range");
      out = inputs[ia];
    } else {
      const Dual& x = values[ia];
      static const Dual kNone;
      const Dual& y = is_binary(node.op) ? values[ib] : kNone;
      const double a = x.value, b = y.value;
      switch (node.op) {
        case Op::Negate: out = {-a, scale(-1.0, x.partials)}; break;
        case Op::Add: out = {a + b, combine(1.0, x.partials, 1.0, y.partials)}; break;
        case Op::Subtract: out = {a - b, combine(1.0, x.partials, -1.0, y.partials)}; break;
        case Op::Multiply: out = {a * b, combine(b, x.partials, a, y.partials)}; break;
        case Op::Divide:
          if (b == 0.0) throw EvaluationError(node.pos, "division by zero");
          out = {a / b, chain(node, 1.0 / b, x.partials, -a / (b * b), y.partials)};
          break;
        case Op::Power: {
          const double value = std::pow(a, b);
          // d(a^b) = b a^(b-1) da + a^b ln(a) db; the second term exists only for a > 0.
          const double db = y.partials.empty() ? 0.0 : (a > 0.0 ? value * std::log(a) : NAN);
          const double da = x.partials.empty() ? 0.0 : b * std::pow(a, b - 1.0);
          out = {value, chain(node, da, x.partials, db, y.partials)};
          break;
        }
        case Op::Sin: out = {std::sin(a), chain(node, std::cos(a), x.partials, 0, {})}; break;
        case Op::Cos: out = {std::cos(a), chain(node, -std::sin(a), x.partials, 0, {})}; break;
        case Op::Tan: {
          const double t = std::tan(a);
          out = {t, chain(node, 1.0 + t * t, x.partials, 0, {})};
          break;
        }
        case Op::Exp: {
          const double e = std::exp(a);
          out = {e, chain(node, e, x.partials, 0, {})};
          break;
        }
        case Op::Ln:
          if (!(a > 0.0)) throw EvaluationError(node.pos, "ln of a non-positive value (" + text(a) + ")");
          out = {std::log(a), chain(node, 1.0 / a, x.partials, 0, {})};
          break;
        case Op::Sqrt: {
          if (a < 0.0) throw EvaluationError(node.pos, "sqrt of a negative value (" + text(a) + ")");
          const double r = std::sqrt(a);
          out = {r, chain(node, 0.5 / r, x.partials, 0, {})};
          break;
        }
        case Op::Constant:
        case Op::Parameter: break;
      }
    }
    if (!std::isfinite(out.value))
      throw EvaluationError(node.pos, "expression evaluates to a non-finite value (" + text(out.value) + ")");
    values[i] = std::move(out);
  }
  return values.empty() ? Dual{} : std::move(values.back());
}

}  // namespace qrt::gradient_detail
