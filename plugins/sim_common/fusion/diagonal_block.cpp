#include "fusion/diagonal_block.hpp"

#include <bit>
#include <cmath>
#include <cstddef>
#include <span>

namespace qrt::sv {

namespace {

// Products of CNOTs and phases leave exact zeros off the diagonal; this admits rounding from others.
constexpr double kTolerance = 1e-14;

bool near(const Complex& a, const Complex& b) { return std::abs(a - b) <= kTolerance; }

}  // namespace

bool rewrite_as_parity(QubitOp& op) {
  if (op.shape != OpShape::Dense || op.control_mask != 0 || op.num_targets > 6) return false;
  const std::span<const Complex> m = op.dense_matrix();
  const std::size_t dim = std::size_t{1} << op.num_targets;
  for (std::size_t r = 0; r < dim; ++r)
    for (std::size_t c = 0; c < dim; ++c)
      if (r != c && std::abs(m[r * dim + c]) > kTolerance) return false;
  const auto diagonal = [&](std::size_t i) { return m[i * dim + i]; };
  const Complex even = diagonal(0);
  // Each subset of the targets (as matrix bits) whose parity the diagonal may follow.
  for (std::size_t bits = 0; bits < dim; ++bits) {
    Complex odd = even;
    bool follows = true;
    for (std::size_t i = 0; i < dim && follows; ++i) {
      const bool is_odd = (std::popcount(i & bits) & 1) != 0;
      if (is_odd && i == (std::size_t{1} << std::countr_zero(bits))) odd = diagonal(i);
      follows = near(diagonal(i), is_odd ? odd : even);
    }
    if (!follows) continue;
    if (bits == 0) {
      op = QubitOp::phase(even);
      return true;
    }
    QubitMask mask = 0;
    for (unsigned j = 0; j < op.num_targets; ++j)
      if ((bits >> j) & 1u) mask |= QubitMask{1} << op.targets[j];
    op = QubitOp::parity(even, odd, mask);
    return true;
  }
  return false;
}

}  // namespace qrt::sv
