// Dual numbers for exact chain-rule derivatives of parameter expressions: a value and its partial
// derivatives with respect to the named parameters (the Jacobian's columns), kept sparse because a gate
// argument rarely depends on more than a few of them.
#pragma once

#include <qrt/program/expression.hpp>

#include <cstdint>
#include <span>
#include <utility>
#include <vector>

namespace qrt::gradient_detail {

// (column, partial derivative), sorted by column, each column at most once.
using Partials = std::vector<std::pair<std::uint32_t, double>>;

struct Dual {
  double value = 0.0;
  Partials partials;  // empty: a constant

  bool is_constant() const noexcept { return partials.empty(); }
};

// a * x + b * y, merged by column.
Partials combine(double a, const Partials& x, double b, const Partials& y);
// a * x.
Partials scale(double a, const Partials& x);

// The expression's value and derivatives, its Parameter nodes taking `inputs` (a gate's arguments, or
// the named parameters at top level). The value is computed exactly as Expression::evaluate computes it.
// Throws program::EvaluationError where evaluate would, and where the derivative does not exist or is not
// finite (sqrt at 0, a^b at a <= 0 with b depending on a parameter, ...).
Dual evaluate_dual(const program::Expression& expression, std::span<const Dual> inputs);

}  // namespace qrt::gradient_detail
