#include "fusion/fuser.hpp"

#include "fusion/diagonal_block.hpp"
#include "fusion/global_phase.hpp"
#include "kernels/block_structure.hpp"
#include "kernels/kernel_args.hpp"
#include "kernels/pair_structure.hpp"

#include <algorithm>
#include <bit>
#include <limits>
#include <optional>
#include <span>

namespace qrt::sv {

Fuser::Fuser(FusionConfig config) : config_(config) {
  block_policy_.simd = best_simd_level();
  block_policy_.threads = 1;
}

namespace {

// A dense op on `targets` qubits that it all mixes, in units of a 2x2 pass (see kernel_cost).
double dense_cost(unsigned targets) {
  if (targets <= 1) return 1.0;
  if (targets == 2) return 1.7;
  return 3.5 * static_cast<double>(std::size_t{1} << (targets - 3));
}

// A real op on 3 or more targets that never flips some of them (two fused real CNOT steps: the first
// step's control only selects a block) runs as one controlled op per value of those, each on its share
// of the state (kernels/prepared_kernel.cpp), with the real-coefficient kernels: it costs what an op on
// the flipped targets alone costs (two steps: one real 4x4, 0.28 ns an amplitude against 2 x 0.18 for
// the steps apart, double, 2^15 amplitudes). 0 for any other op. Complex ones keep their full cost:
// priced down too (with real 2x2s at 0.7), QASMBench's ising_n26 ran 4-7% slower (it then applied its
// H gates alone and the rest as complex 3-qubit ops), and at this pricing it runs as before.
double real_selected_block_cost(const QubitOp& op) {
  if (op.num_targets < 3 || op.num_targets > 6) return 0;
  const std::span<const Complex> m = op.dense_matrix();
  if (!all_real(m)) return 0;
  const unsigned flipped = static_cast<unsigned>(std::popcount(op.flipped_matrix_bits()));
  return flipped == op.num_targets ? 0 : dense_cost(flipped);
}

// A dense op whose matrix is block diagonal once reordered, blocks of R (kernels/block_structure.hpp),
// on register-selecting targets: the permuted-blocks kernels (bench_tile_kernels, 2^15 amplitudes in
// L2, double, 2026-12-07): a permutation with phases on 3 qubits costs 0.16 ns an amplitude, blocks of 2
// 0.22, a 16x16 of blocks of 4 0.37, against 0.127 for a complex 2x2 (1.25, 1.7, 2.9 of it; a general
// complex 8x8, priced 3.5, took 0.57). Priced lower (0.5 + 0.4 R), the fusers formed blocks of 2 that
// kept controlled SWAPs out of composed moves: swap_test_n25 0.31 s against 0.27. 0 for any other op.
// With a target inside the SIMD register (a lane qubit), permutations with phases and blocks of 2 cost
// 0.21-0.34 (2.2), blocks of 4 take the dense kernel (0.61-0.63; bench_tile_kernels as above, targets
// {0, 5, 6}, {5, 0, 6}, {0, 1, 5}, {5, 0, 1}).
constexpr double kLaneBlockCost = 2.2;
double permuted_blocks_cost(const QubitOp& op, bool lane_target) {
  if (op.num_targets < 2 || op.num_targets > kernels::kMaxPermutedBlockTargets) return 0;
  const std::span<const Complex> m = op.dense_matrix();
  if (std::all_of(m.begin(), m.end(), [](Complex c) { return c == Complex(0.0) || c == Complex(1.0); })) return 0;
  const std::optional<PermutedBlocks> blocks = find_permuted_blocks(m, std::size_t{1} << op.num_targets);
  if (!blocks || blocks->block_size > (std::size_t{1} << kernels::kMaxPermutedBlockLog2)) return 0;  // no kernel
  if (lane_target) return blocks->block_size <= 2 ? kLaneBlockCost : 0;
  return 0.8 + 0.45 * static_cast<double>(blocks->block_size);
}

}  // namespace

double kernel_cost(const QubitOp& op, QubitMask lane_qubits) {
  // Measured on a state of 2^15 complex128 amplitudes in the L2 cache (AVX-512, one core), in units of
  // a 2x2 matrix on a register-selecting qubit: a pass over the tile costs about as much as the
  // arithmetic of a 2x2, so a diagonal pass costs nearly as much as a 2x2, and a 4x4 product (1.7)
  // less than the two passes it replaces.
  switch (op.shape) {
    case OpShape::Phase: return 0.6;
    case OpShape::Parity: return 1.0;
    case OpShape::TwoLevel: {
      const bool moves_only = op.coeffs[0] == Complex(0.0) && op.coeffs[3] == Complex(0.0);
      return moves_only ? 0.4 : 1.0;
    }
    case OpShape::Dense:
      if (op.num_targets == 1) return 1.0;
      if (op.num_targets == 2 && pair_partner(op.dense_matrix()) != 0) return 0.95;
      const bool lane_target = (op.target_mask & lane_qubits) != 0;
      double cost = dense_cost(op.num_targets);
      if (const double selected = real_selected_block_cost(op); selected > 0) cost = selected;
      if (const double blocks = permuted_blocks_cost(op, lane_target); blocks > 0) cost = std::min(cost, blocks);
      return cost;
  }
  return 1.0;
}

QubitOp Fuser::block_op(const FusedBlock& block, Complex& phase) {
  QubitOp op = block.to_op(flush_matrix_);
  if (rewrite_as_parity(op)) return op;
  if (config_.real_up_to_phase) factor_out_real_phase(op, flush_matrix_, phase);
  return op;
}

void Fuser::apply_block(const FusedBlock& block, OpSink& sink) {
  Complex phase = 1.0;
  sink.apply(block_op(block, phase));
  if (phase != Complex(1.0)) sink.apply(QubitOp::phase(phase));  // global: commutes with everything
}

double Fuser::block_cost(const FusedBlock& block) {
  Complex unused = 1.0;
  return kernel_cost(block_op(block, unused), (QubitMask{1} << config_.lane_qubits) - 1);
}

FusedBlock Fuser::joined_with(const QubitOp& op, const std::vector<std::size_t>& hits, std::size_t skip) {
  FusedBlock joined(0);
  QubitMask covered = 0;
  for (std::size_t i : hits) {
    if (i == skip) continue;
    joined.merge(blocks_[i]);
    covered |= blocks_[i].qubits();
  }
  const QubitMask touched = op.touched_mask();
  if (touched & ~covered) joined.merge(FusedBlock(touched & ~covered));
  joined.absorb(op, block_policy_, workspace_);
  return joined;
}

void Fuser::erase_block(std::size_t i) {
  blocks_[i] = std::move(blocks_.back());
  blocks_.pop_back();
}

void Fuser::push_unfused(const QubitOp& op, OpSink& sink) {
  const QubitMask touched = op.touched_mask();
  for (std::size_t i = blocks_.size(); i-- > 0;)
    if (blocks_[i].qubits() & touched) {
      apply_block(blocks_[i], sink);
      erase_block(i);
    }
  sink.apply(op);
}

void Fuser::flush(OpSink& sink) {
  for (const FusedBlock& block : blocks_) apply_block(block, sink);
  blocks_.clear();
}

void Fuser::push(const QubitOp& op, unsigned num_qubits, OpSink& sink) {
  if (!active_for(num_qubits)) {
    flush(sink);
    sink.apply(op);
    return;
  }
  const QubitMask touched = op.touched_mask();
  if (touched == 0) {  // a global phase commutes with everything: ride along with any block
    if (blocks_.empty() || (config_.real_up_to_phase && is_global_phase(op))) sink.apply(op);
    else blocks_.front().absorb(op, block_policy_, workspace_);
    return;
  }

  auto overlapping = [&] {
    std::vector<std::size_t> indices;
    for (std::size_t i = 0; i < blocks_.size(); ++i)
      if (blocks_[i].qubits() & touched) indices.push_back(i);
    return indices;
  };
  // Apply the largest overlapping blocks until the op and what remains fit in one block.
  const unsigned limit = config_.max_qubits;
  for (;;) {
    const std::vector<std::size_t> hits = overlapping();
    QubitMask joined = touched;
    for (std::size_t i : hits) joined |= blocks_[i].qubits();
    if (static_cast<unsigned>(std::popcount(joined)) <= limit || hits.empty()) break;
    const std::size_t largest = *std::max_element(
        hits.begin(), hits.end(), [&](std::size_t a, std::size_t b) { return blocks_[a].size() < blocks_[b].size(); });
    apply_block(blocks_[largest], sink);
    erase_block(largest);
  }
  if (static_cast<unsigned>(std::popcount(touched)) > limit) {  // too wide to fuse at all
    sink.apply(op);
    return;
  }

  // Merge the overlapping blocks and the op's new qubits into one block, then absorb the op. Weighing
  // costs: or apply one of the blocks first, where that costs less in all.
  std::vector<std::size_t> hits = overlapping();
  std::sort(hits.begin(), hits.end());
  constexpr std::size_t kNone = std::numeric_limits<std::size_t>::max();
  FusedBlock joined = joined_with(op, hits, kNone);
  std::size_t first = kNone;
  if (config_.cost_aware && !hits.empty()) {
    double best = block_cost(joined);
    for (std::size_t h : hits) {
      FusedBlock rest = joined_with(op, hits, h);
      const double cost = block_cost(blocks_[h]) + block_cost(rest);
      if (cost < best) {
        best = cost;
        first = h;
        joined = std::move(rest);
      }
    }
  }
  if (first != kNone) apply_block(blocks_[first], sink);
  for (std::size_t k = hits.size(); k-- > 0;) erase_block(hits[k]);
  blocks_.push_back(std::move(joined));
}

}  // namespace qrt::sv
