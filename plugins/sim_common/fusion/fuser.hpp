// Gate fusion: ops are queued into blocks of at most `max_qubits` qubits and multiplied together
// before they touch the state, so a run of gates costs one pass over memory instead of one each.
//
// Pending blocks act on pairwise disjoint qubit sets, so they commute and may be applied in any order.
// An incoming op joins the blocks it overlaps (merged into one); when that would exceed max_qubits,
// the largest overlapping blocks are applied to the state first until it fits. Any read of the state
// (measurement, expectation value, probabilities, state copy) must call flush() first.
#pragma once

#include "fusion/fused_block.hpp"

#include <cstdint>
#include <vector>

namespace qrt::sv {

struct FusionConfig {
  bool enabled = true;
  unsigned max_qubits = 3;         // largest fused block
  unsigned min_state_qubits = 12;  // smaller states are cache-resident: fusing them costs more than it saves
  // Weigh the arithmetic of the blocks: an op joins the blocks it overlaps only where that costs no
  // more than applying some of them first (kernel_cost). For states in cache, where arithmetic is
  // what costs: a CNOT whose control and target both have a pending rotation then takes only the
  // target's (two 2x2 blocks, one pass) and leaves the control's to be applied first, instead of a
  // 4x4 product that costs twice as much.
  bool cost_aware = false;
  // Factor a global phase out of fused blocks that are real up to one (global_phase.hpp), so that they
  // take the real-coefficient kernels, and send global phases (those factored out, and global Phase
  // ops pushed) on as Phase ops of their own instead of absorbing them into a block. For states in
  // cache (a tile program folds them into one op, tiles/run_ops.hpp): applied on its own, a global
  // phase would be one more pass over memory.
  bool real_up_to_phase = false;
  // The lowest this many qubits lie inside one SIMD register where the blocks will run (a tile's lanes):
  // cost_aware prices blocks for them (kernel_cost). A byte: it fits where the struct has room.
  std::uint8_t lane_qubits = 0;
};

// The arithmetic of applying an op, in units of one 2x2 matrix on every amplitude pair, where the
// qubits `lane_qubits` lie inside one SIMD register (a tile's lowest qubits): the kernels of
// block-structured matrices cost more with a target there.
double kernel_cost(const QubitOp& op, QubitMask lane_qubits = 0);

// Where the fuser sends ops that must reach the state.
class OpSink {
 public:
  virtual void apply(const QubitOp& op) = 0;

 protected:
  ~OpSink() = default;
};

class Fuser {
 public:
  explicit Fuser(FusionConfig config = {});

  const FusionConfig& config() const { return config_; }
  // Whether ops on a state of this size are fused (otherwise push() applies them at once).
  bool active_for(unsigned num_qubits) const {
    return config_.enabled && config_.max_qubits > 0 && num_qubits >= config_.min_state_qubits;
  }

  void push(const QubitOp& op, unsigned num_qubits, OpSink& sink);
  // Applies the blocks the op touches, then the op itself, unfused (the others stay queued: they
  // commute with it). For ops that may not join a block.
  void push_unfused(const QubitOp& op, OpSink& sink);
  void flush(OpSink& sink);
  // Prices blocks (cost_aware) for the lowest `count` qubits lying inside one SIMD register
  // (FusionConfig::lane_qubits). Only while nothing is queued.
  void set_lane_qubits(unsigned count) { config_.lane_qubits = static_cast<std::uint8_t>(count); }
  bool empty() const { return blocks_.empty(); }
  // Drops everything queued (the state is being discarded).
  void clear() { blocks_.clear(); }

 private:
  void apply_block(const FusedBlock& block, OpSink& sink);
  // The op a block is applied as (FusedBlock::to_op, in flush_matrix_): a Parity op where the block is
  // one (diagonal_block.hpp), else with a phase factored out into `phase` where the config asks for it.
  QubitOp block_op(const FusedBlock& block, Complex& phase);
  void erase_block(std::size_t i);
  double block_cost(const FusedBlock& block);
  // The op with the blocks at `hits` (all overlapping it) merged, except the one at `skip` (npos: none).
  FusedBlock joined_with(const QubitOp& op, const std::vector<std::size_t>& hits, std::size_t skip);

  FusionConfig config_;
  std::vector<FusedBlock> blocks_;
  ExecPolicy block_policy_;  // for multiplying small matrices: best SIMD, calling thread
  Workspace workspace_;
  std::vector<Complex> flush_matrix_;
};

}  // namespace qrt::sv
