// How a kernel call walks the state: the register groups that share every qubit outside `fixed`.
#pragma once

#include "kernels/kernel_args.hpp"
#include "kernels/qubit_op.hpp"

#include <bit>

namespace qrt::sv::kernels {

// Groups visit every register whose `fixed_qubits` are 0, with `fixed_values` OR-ed in (lane qubits
// below lanes_log2 are ignored: they live inside a register). Offsets and coefficients are the caller's.
template <class T>
KernelArgs<T> group_layout(T* amps, unsigned num_qubits, unsigned lanes_log2, QubitMask fixed_qubits,
                           QubitMask fixed_values, unsigned threads) {
  KernelArgs<T> a;
  a.amps = amps;
  const QubitMask fixed = fixed_qubits >> lanes_log2;
  for (QubitMask rest = fixed; rest; rest &= rest - 1) a.fixed_low_masks[a.num_fixed++] = (rest & (~rest + 1)) - 1;
  a.fixed_values = fixed_values >> lanes_log2;
  const unsigned register_bits = num_qubits - lanes_log2;
  a.outer_count = std::uint64_t{1} << (register_bits - a.num_fixed);
  a.run_log2 = fixed ? static_cast<unsigned>(std::countr_zero(fixed)) : register_bits;
  a.threads = a.outer_count > 1 ? threads : 1;
  return a;
}

}  // namespace qrt::sv::kernels
