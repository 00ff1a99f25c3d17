#include "tiles/run_ops.hpp"

#include "fusion/fuser.hpp"
#include "fusion/global_phase.hpp"
#include "tiles/tile_permutation.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <optional>

namespace qrt::sv {

namespace {

// How far ahead a partner is looked for (ops of a run are few thousand at most; pairs lie close).
constexpr std::size_t kPairLookAhead = 64;

// The 2x2 matrix (row-major, row 0 = qubit value 0) of a real one-qubit op without controls.
std::optional<std::array<double, 4>> real_rotation(const QubitOp& op, QubitMask lanes) {
  if (op.control_mask != 0 || (op.target_mask & lanes) != 0 || std::popcount(op.target_mask) != 1) return std::nullopt;
  std::array<Complex, 4> m{};
  if (op.shape == OpShape::TwoLevel) {
    if (op.a_bits == 0) m = {op.coeffs[0], op.coeffs[1], op.coeffs[2], op.coeffs[3]};
    else m = {op.coeffs[3], op.coeffs[2], op.coeffs[1], op.coeffs[0]};  // |a> is the qubit's 1
  } else if (op.shape == OpShape::Dense && op.num_targets == 1) {
    m = {op.coeffs[0], op.coeffs[1], op.coeffs[2], op.coeffs[3]};
  } else {
    return std::nullopt;
  }
  if (!all_real(m) || is_permutation(op)) return std::nullopt;
  return std::array<double, 4>{m[0].real(), m[1].real(), m[2].real(), m[3].real()};
}

}  // namespace

QubitMask lane_qubits(QubitMask window) {
  constexpr unsigned kLaneTileBits = 3;
  QubitMask lanes = 0, rest = window;
  for (unsigned bit = 0; bit < kLaneTileBits && rest != 0; ++bit, rest &= rest - 1) lanes |= rest & (~rest + 1);
  return lanes;
}

std::size_t pair_real_rotations(std::vector<QubitOp>& ops, QubitMask lanes) {
  std::vector<bool> taken(ops.size(), false);
  std::size_t pairs = 0;
  for (std::size_t i = 0; i < ops.size(); ++i) {
    if (taken[i]) continue;
    const auto first = real_rotation(ops[i], lanes);
    if (!first) continue;
    QubitMask passed = 0;  // qubits of the ops between i and a partner (it must commute past them)
    for (std::size_t j = i + 1; j < ops.size() && j <= i + kPairLookAhead; ++j) {
      if (taken[j]) continue;
      const auto second =
          (ops[j].target_mask & (passed | ops[i].target_mask)) == 0 ? real_rotation(ops[j], lanes) : std::nullopt;
      if (!second) {
        passed |= ops[j].touched_mask();
        continue;
      }
      // Matrix bit 0: op i's qubit, bit 1: op j's: entry (r, c) = first(r0, c0) * second(r1, c1).
      std::array<Complex, 16> product{};
      for (unsigned r = 0; r < 4; ++r)
        for (unsigned c = 0; c < 4; ++c)
          product[r * 4 + c] = (*first)[(r & 1u) * 2 + (c & 1u)] * (*second)[(r >> 1) * 2 + (c >> 1)];
      const unsigned targets[] = {static_cast<unsigned>(std::countr_zero(ops[i].target_mask)),
                                  static_cast<unsigned>(std::countr_zero(ops[j].target_mask))};
      ops[i] = QubitOp::dense(targets, product);
      taken[j] = true;
      ++pairs;
      break;
    }
  }
  if (pairs != 0) {
    std::size_t kept = 0;
    for (std::size_t i = 0; i < ops.size(); ++i)
      if (!taken[i]) ops[kept++] = ops[i];
    ops.resize(kept);
  }
  return pairs;
}

bool fold_global_phases(std::vector<QubitOp>& ops, QubitMask lanes, std::vector<Complex>& storage) {
  constexpr std::size_t kNone = ~std::size_t{0};
  Complex phase = 1.0;
  bool any = false;
  std::size_t host = kNone;
  double host_cost = kernel_cost(QubitOp::phase(1.0));
  for (std::size_t i = 0; i < ops.size(); ++i) {
    const QubitOp& op = ops[i];
    if (is_global_phase(op)) {
      phase *= op.coeffs[0];
      any = true;
    } else if (acts_on_every_amplitude(op) && !is_permutation(op) && (op.target_mask & lanes) == 0) {
      const double cost = phase_host_cost(op);
      if (cost < host_cost) {
        host_cost = cost;
        host = i;
      }
    }
  }
  if (!any) return false;
  if (host != kNone) ops[host] = times_phase(ops[host], phase, storage);
  std::erase_if(ops, [](const QubitOp& op) { return is_global_phase(op); });
  if (host == kNone) ops.push_back(QubitOp::phase(phase));
  return true;
}

}  // namespace qrt::sv
