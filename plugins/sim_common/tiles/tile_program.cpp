#include "tiles/tile_program.hpp"

#include <bit>
#include <stdexcept>

namespace qrt::sv {

bool fits_window(const QubitOp& op, QubitMask window) {
  const bool diagonal = op.shape == OpShape::Phase || op.shape == OpShape::Parity;
  return diagonal || (op.target_mask & ~window) == 0;
}

template <class T>
void TileProgram<T>::reset(QubitMask window, const kernels::KernelTable<T>& table) {
  window_ = window;
  tile_qubits_ = static_cast<unsigned>(std::popcount(window));
  table_ = &table;
  unsigned bit = 0;
  for (QubitMask rest = window; rest; rest &= rest - 1) tile_bit_[std::countr_zero(rest)] = static_cast<std::uint8_t>(bit++);
  steps_.clear();
  kernels_.clear();
}

template <class T>
QubitMask TileProgram<T>::local(QubitMask state_bits) const {
  QubitMask out = 0;
  for (QubitMask rest = state_bits & window_; rest; rest &= rest - 1)
    out |= QubitMask{1} << tile_bit_[std::countr_zero(rest)];
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
  Step step;
  step.outer_control_mask = op.control_mask & ~window_;
  step.outer_control_values = op.control_values & ~window_;
  QubitOp base = op;
  base.control_mask = local(op.control_mask);
  base.control_values = local(op.control_values);
  switch (op.shape) {
    case OpShape::Phase:
      step.variant[0] = step.variant[1] = prepare(base);
      break;
    case OpShape::Parity: {
      step.outer_parity_mask = op.target_mask & ~window_;
      base.target_mask = local(op.target_mask);
      for (unsigned odd = 0; odd < 2; ++odd) {
        if (odd && step.outer_parity_mask == 0) {
          step.variant[1] = step.variant[0];
          break;
        }
        // Odd parity outside the window flips which local parity takes which coefficient.
        const Complex even = op.coeffs[odd], odd_value = op.coeffs[odd ^ 1u];
        QubitOp v = base.target_mask == 0 ? QubitOp::phase(even, base.control_mask, base.control_values)
                                          : QubitOp::parity(even, odd_value, base.target_mask);
        v.control_mask = base.control_mask;
        v.control_values = base.control_values;
        step.variant[odd] = prepare(v);
      }
      break;
    }
    case OpShape::TwoLevel:
      base.target_mask = local(op.target_mask);
      base.a_bits = local(op.a_bits);
      step.variant[0] = step.variant[1] = prepare(base);
      break;
    case OpShape::Dense:
      base.target_mask = local(op.target_mask);
      for (unsigned j = 0; j < op.num_targets; ++j) base.targets[j] = tile_bit_[op.targets[j]];
      step.variant[0] = step.variant[1] = prepare(base);
      break;
  }
  steps_.push_back(step);
}

template <class T>
void TileProgram<T>::run(Amplitude<T>* tile, QubitMask outer) const {
  for (const Step& step : steps_) {
    if ((outer & step.outer_control_mask) != step.outer_control_values) continue;
    const unsigned odd = static_cast<unsigned>(std::popcount(outer & step.outer_parity_mask)) & 1u;
    kernels_[step.variant[odd]].run(tile, tile_qubits_);
  }
}

template class TileProgram<double>;
template class TileProgram<float>;

}  // namespace qrt::sv
