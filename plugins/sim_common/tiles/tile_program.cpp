#include "tiles/tile_program.hpp"

#include "kernels/lane_coefficients.hpp"

#include <algorithm>
#include <bit>
#include <chrono>
#include <span>
#include <stdexcept>

namespace qrt::sv {

namespace {

// The targets a dense matrix flips, as a mask of qubits.
QubitMask flipped_targets(const QubitOp& op) {
  const std::size_t flipped = op.flipped_matrix_bits();
  QubitMask qubits = 0;
  for (unsigned j = 0; j < op.num_targets; ++j)
    if ((flipped >> j) & 1u) qubits |= QubitMask{1} << op.targets[j];
  return qubits;
}

}  // namespace

bool fits_window(const QubitOp& op, QubitMask window) {
  switch (op.shape) {
    case OpShape::Phase:
    case OpShape::Parity: return true;
    case OpShape::TwoLevel: return (op.target_mask & ~window) == 0;
    case OpShape::Dense: {
      const QubitMask outside = op.target_mask & ~window;
      if (outside == 0) return true;
      return std::popcount(outside) <= static_cast<int>(kMaxTileSelectors) && op.num_targets <= 6 &&
             (flipped_targets(op) & outside) == 0;
    }
  }
  return false;
}

template <class T>
void TileProgram<T>::reset(QubitMask window, const kernels::KernelTable<T>& table) {
  window_ = window;
  tile_qubits_ = static_cast<unsigned>(std::popcount(window));
  table_ = &table;
  unsigned bit = 0;
  for (QubitMask rest = window; rest; rest &= rest - 1)
    tile_bit_[std::countr_zero(rest)] = static_cast<std::uint8_t>(bit++);
  steps_.clear();
  kernels_.clear();
  held_permutations_.clear();
  moves_.clear();
  composed_ops_ = 0;
}

template <class T>
QubitMask TileProgram<T>::local(QubitMask state_bits) const {
  QubitMask out = 0;
  for (QubitMask rest = state_bits & window_; rest; rest &= rest - 1)
    out |= QubitMask{1} << tile_bit_[std::countr_zero(rest)];
  return out;
}

template <class T>
QubitOp TileProgram<T>::localised(const QubitOp& op) const {
  // Bits outside the window drop out (the step keeps what they decide); a dense op's targets are
  // renamed only when all of them are inside (otherwise add_dense_blocks splits it).
  QubitOp out = op;
  out.control_mask = local(op.control_mask);
  out.control_values = local(op.control_values);
  out.target_mask = local(op.target_mask);
  out.a_bits = local(op.a_bits);
  if (op.shape == OpShape::Dense && (op.target_mask & ~window_) == 0)
    for (unsigned j = 0; j < op.num_targets; ++j) out.targets[j] = tile_bit_[op.targets[j]];
  return out;
}

template <class T>
std::size_t TileProgram<T>::prepare(const QubitOp& local_op) {
  const std::size_t index = kernels_.size();
  if (coefficients_.size() <= index) coefficients_.emplace_back();
  kernels_.push_back(prepare_kernel<T>(local_op, tile_qubits_, *table_, 1, coefficients_[index], workspace_));
  return index;
}

template <class T>
void TileProgram<T>::add(const QubitOp& op) {
  if (!fits_window(op, window_))
    throw std::invalid_argument("TileProgram::add: the operation acts on a qubit outside the tile's window");
  // A scalar on every tile commutes with the whole program: it neither ends the held permutations nor
  // takes a pass of its own.
  if ((op.shape == OpShape::Phase || op.shape == OpShape::Parity) && (op.touched_mask() & window_) == 0)
    return add_scalar_step(op);
  // Held ops are copied: only matrices held in the op itself (a borrowed one may not outlive this call).
  const bool composable = (op.touched_mask() & ~window_) == 0 && op.external_matrix == nullptr && is_permutation(op);
  if (composable) {
    held_permutations_.push_back(op);
    return;
  }
  finish();
  add_step(op);
}

template <class T>
void TileProgram<T>::finish() {
  if (held_permutations_.empty()) return;
  std::vector<QubitOp> held;
  held.swap(held_permutations_);
  std::vector<QubitOp> local_ops;
  QubitMask touched = 0;
  for (const QubitOp& op : held) {
    local_ops.push_back(localised(op));
    touched |= local_ops.back().touched_mask();
  }
  const std::size_t block_bytes = sizeof(Amplitude<T>) << (touched ? std::countr_zero(touched) : 0);
  if (held.size() < min_composed_permutations(block_bytes)) {
    for (const QubitOp& op : held) add_step(op);
    return;
  }
  ComposedMove move{compose_permutation(local_ops, tile_qubits_), kernels_.size(), local_ops.size(),
                    std::make_unique<MoveTrial>()};
  for (const QubitOp& op : local_ops) prepare(op);  // no control outside the window: one kernel each
  Step step;
  step.permutation = moves_.size();
  moves_.push_back(std::move(move));
  composed_ops_ += held.size();
  steps_.push_back(step);
}

template <class T>
void TileProgram<T>::add_step(const QubitOp& op) {
  Step step;
  step.outer_control_mask = op.control_mask & ~window_;
  step.outer_control_values = op.control_values & ~window_;
  const QubitOp base = localised(op);
  switch (op.shape) {
    case OpShape::Phase: step.first_kernel = prepare(base); break;
    case OpShape::Parity: {
      step.outer_parity_mask = op.target_mask & ~window_;
      for (unsigned odd = 0; odd < (step.outer_parity_mask ? 2u : 1u); ++odd) {
        // Odd parity outside the window flips which local parity takes which coefficient.
        const Complex even = op.coeffs[odd], odd_value = op.coeffs[odd ^ 1u];
        QubitOp v = base.target_mask == 0 ? QubitOp::phase(even, base.control_mask, base.control_values)
                                          : QubitOp::parity(even, odd_value, base.target_mask);
        v.control_mask = base.control_mask;
        v.control_values = base.control_values;
        const std::size_t at = prepare(v);
        if (odd == 0) step.first_kernel = at;
      }
      break;
    }
    case OpShape::TwoLevel: step.first_kernel = prepare(base); break;
    case OpShape::Dense:
      if (const QubitMask outer_targets = op.target_mask & ~window_; outer_targets != 0)
        return add_dense_blocks(op, step, outer_targets);
      step.first_kernel = prepare(base);
      break;
  }
  steps_.push_back(step);
}

template <class T>
void TileProgram<T>::add_scalar_step(const QubitOp& op) {
  Step step;
  step.scalar = true;
  step.outer_control_mask = op.control_mask;
  step.outer_control_values = op.control_values;
  step.outer_parity_mask = op.shape == OpShape::Parity ? op.target_mask : 0;
  step.scalar_coefficients = {op.coeffs[0], op.shape == OpShape::Parity ? op.coeffs[1] : op.coeffs[0]};
  const auto other = std::find_if(steps_.begin(), steps_.end(), [](const Step& s) { return s.scalar; });
  // Any coefficient but 1 gives the phase kernel; apply_scalar passes the tile's own.
  step.first_kernel = other != steps_.end() ? other->first_kernel : prepare(QubitOp::phase(Complex(-1.0)));
  steps_.push_back(step);
}

template <class T>
void TileProgram<T>::apply_scalar(Amplitude<T>* tile, Complex factor, std::size_t kernel) const {
  kernels::KernelArgs<T> args = kernels_[kernel].args;
  alignas(64) T coefficient[lane_coefficient_scalars(kernels::kMaxLaneQubits)];
  put_lane_coefficient(coefficient, table_->lanes_log2, [&](unsigned) { return factor; });
  args.coef = coefficient;
  args.amps = reinterpret_cast<T*>(tile);
  kernels_[kernel].kernel(args);
}

template <class T>
void TileProgram<T>::add_dense_blocks(const QubitOp& op, Step step, QubitMask outer_targets) {
  // One variant per value of the outside targets: the matrix's block where they have that value (the
  // matrix never flips them), on the targets inside; a phase when none is inside.
  const std::size_t dim = std::size_t{1} << op.num_targets;
  const std::span<const Complex> m = op.dense_matrix();
  unsigned select_bits = 0;  // matrix bits of the outside targets
  std::vector<unsigned> inside_bits, inside_targets;
  for (unsigned j = 0; j < op.num_targets; ++j) {
    if ((outer_targets >> op.targets[j]) & 1u) {
      select_bits |= 1u << j;
      step.selectors[step.num_selectors++] = op.targets[j];
    } else {
      inside_bits.push_back(j);
      inside_targets.push_back(tile_bit_[op.targets[j]]);
    }
  }
  const std::size_t sub_dim = std::size_t{1} << inside_bits.size();
  std::vector<Complex> block(sub_dim * sub_dim);
  const QubitMask local_controls = local(op.control_mask), local_values = local(op.control_values);
  for (std::size_t variant = 0; variant < (std::size_t{1} << step.num_selectors); ++variant) {
    std::size_t fixed = 0;  // the matrix index bits of the selectors for this variant
    for (unsigned s = 0, j = 0; j < op.num_targets; ++j)
      if ((select_bits >> j) & 1u) fixed |= ((variant >> s++) & 1u) << j;
    const auto index = [&](std::size_t sub) {
      std::size_t i = fixed;
      for (std::size_t b = 0; b < inside_bits.size(); ++b) i |= ((sub >> b) & 1u) << inside_bits[b];
      return i;
    };
    for (std::size_t r = 0; r < sub_dim; ++r)
      for (std::size_t c = 0; c < sub_dim; ++c) block[r * sub_dim + c] = m[index(r) * dim + index(c)];
    QubitOp part = inside_targets.empty() ? QubitOp::phase(block[0]) : QubitOp::dense(inside_targets, block);
    part.control_mask = local_controls;
    part.control_values = local_values;
    const std::size_t at = prepare(part);
    if (variant == 0) step.first_kernel = at;
  }
  steps_.push_back(step);
}

template <class T>
void TileProgram<T>::run(Amplitude<T>* tile, QubitMask outer, StepHook* hook) const {
  Complex scalar(1.0);
  std::size_t scalar_kernel = 0;
  for (std::size_t i = 0; i < steps_.size(); ++i) {
    const Step& step = steps_[i];
    if (hook) hook->before_step(i, steps_.size());
    if (step.permutation != kNoPermutation) {
      apply_move(tile, step.permutation);
      continue;
    }
    if ((outer & step.outer_control_mask) != step.outer_control_values) continue;
    std::size_t variant = static_cast<unsigned>(std::popcount(outer & step.outer_parity_mask)) & 1u;
    if (step.scalar) {
      scalar *= step.scalar_coefficients[variant];
      scalar_kernel = step.first_kernel;
      continue;
    }
    for (unsigned s = 0; s < step.num_selectors; ++s) variant |= ((outer >> step.selectors[s]) & 1u) << s;
    kernels_[step.first_kernel + variant].run(tile, tile_qubits_);
  }
  if (scalar != Complex(1.0)) apply_scalar(tile, scalar, scalar_kernel);
}

template <class T>
void TileProgram<T>::apply_move(Amplitude<T>* tile, std::size_t index) const {
  const ComposedMove& move = moves_[index];
  MoveTrial& trial = *move.trial;
  const auto one_by_one = [&] {
    for (std::size_t i = 0; i < move.count; ++i) kernels_[move.first_kernel + i].run(tile, tile_qubits_);
  };
  const unsigned tried = trial.tiles.load(std::memory_order_relaxed) < kMoveTrialTiles
                             ? trial.tiles.fetch_add(1, std::memory_order_relaxed)
                             : kMoveTrialTiles;
  if (tried >= kMoveTrialTiles) {
    if (trial.separate_ns.load(std::memory_order_relaxed) < trial.composed_ns.load(std::memory_order_relaxed))
      one_by_one();
    else apply_permutation(tile, move.permutation);
    return;
  }
  const bool composed = tried % 2 == 0;
  const auto start = std::chrono::steady_clock::now();
  if (composed) apply_permutation(tile, move.permutation);
  else one_by_one();
  const auto ns = static_cast<std::uint64_t>(
      std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() - start).count());
  std::atomic<std::uint64_t>& best = composed ? trial.composed_ns : trial.separate_ns;
  for (std::uint64_t seen = best.load(std::memory_order_relaxed);
       ns < seen && !best.compare_exchange_weak(seen, ns, std::memory_order_relaxed);) {
  }
}

template class TileProgram<double>;
template class TileProgram<float>;

}  // namespace qrt::sv
