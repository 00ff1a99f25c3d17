#include "tiles/run_ops.hpp"

#include "fusion/fused_block.hpp"
#include "fusion/fuser.hpp"
#include "fusion/global_phase.hpp"
#include "tiles/tile_permutation.hpp"

#include <algorithm>
#include <bit>
#include <span>

namespace qrt::sv {

namespace {

// How far ahead a partner is looked for (ops of a run are few thousand at most; pairs lie close).
constexpr std::size_t kPairLookAhead = 64;

// A real one-qubit op without controls, off `lanes`, that is not a permutation.
bool pairable(const QubitOp& op, QubitMask lanes) {
  if (op.control_mask != 0 || (op.target_mask & lanes) != 0 || std::popcount(op.target_mask) != 1) return false;
  const bool one_qubit = op.shape == OpShape::TwoLevel || (op.shape == OpShape::Dense && op.num_targets == 1);
  return one_qubit && all_real(std::span<const Complex>(op.coeffs.data(), 4)) && !is_permutation(op);
}

}  // namespace

QubitMask lane_qubits(QubitMask window) {
  constexpr unsigned kLaneTileBits = 3;
  QubitMask lanes = 0, rest = window;
  for (unsigned bit = 0; bit < kLaneTileBits && rest != 0; ++bit, rest &= rest - 1) lanes |= rest & (~rest + 1);
  return lanes;
}

std::size_t pair_real_rotations(std::vector<QubitOp>& ops, QubitMask lanes) {
  ExecPolicy policy;  // for multiplying 4x4s: best SIMD, calling thread
  policy.simd = best_simd_level();
  policy.threads = 1;
  Workspace workspace;
  std::vector<Complex> storage;
  std::vector<bool> taken(ops.size(), false);
  std::size_t pairs = 0;
  for (std::size_t i = 0; i < ops.size(); ++i) {
    if (taken[i] || !pairable(ops[i], lanes)) continue;
    QubitMask passed = 0;  // qubits of the ops between i and a partner (it must commute past them)
    for (std::size_t j = i + 1; j < ops.size() && j <= i + kPairLookAhead; ++j) {
      if (taken[j]) continue;
      if ((ops[j].target_mask & (passed | ops[i].target_mask)) != 0 || !pairable(ops[j], lanes)) {
        passed |= ops[j].touched_mask();
        continue;
      }
      FusedBlock pair(ops[i].target_mask | ops[j].target_mask);
      pair.absorb(ops[i], policy, workspace);
      pair.absorb(ops[j], policy, workspace);
      ops[i] = pair.to_op(storage);  // 2 targets: the matrix is held in the op itself
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
