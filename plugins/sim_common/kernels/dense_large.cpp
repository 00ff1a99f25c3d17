#include "kernels/dense_large.hpp"

#include <omp.h>

#include <bit>
#include <vector>

namespace qrt::sv {

template <class T>
void apply_dense_large(Amplitude<T>* amps, unsigned num_qubits, const QubitOp& op, unsigned threads) {
  const unsigned k = op.num_targets;
  const std::size_t dim = std::size_t{1} << k;
  const std::span<const Complex> m = op.dense_matrix();

  std::vector<std::uint64_t> offsets(dim, 0);
  for (std::size_t local = 0; local < dim; ++local)
    for (unsigned j = 0; j < k; ++j)
      if ((local >> j) & 1u) offsets[local] |= std::uint64_t{1} << op.targets[j];

  const QubitMask fixed = op.target_mask | op.control_mask;
  std::vector<std::uint64_t> low_masks;
  for (QubitMask rest = fixed; rest; rest &= rest - 1) low_masks.push_back((rest & -rest) - 1);
  const std::uint64_t groups = std::uint64_t{1} << (num_qubits - std::popcount(fixed));

  const unsigned team_limit = (threads <= 1 || groups < threads) ? 1 : threads;
  std::vector<Complex> scratch(dim * team_limit);  // allocated here: nothing may throw in the parallel region

  auto run = [&](std::uint64_t begin, std::uint64_t end, Complex* in) {
    for (std::uint64_t g = begin; g < end; ++g) {
      std::uint64_t base = g;
      for (std::uint64_t low : low_masks) base = ((base & ~low) << 1) | (base & low);
      base |= op.control_values;
      for (std::size_t c = 0; c < dim; ++c) in[c] = Complex(amps[base + offsets[c]]);
      for (std::size_t r = 0; r < dim; ++r) {
        Complex acc = 0.0;
        const Complex* row = m.data() + r * dim;
        for (std::size_t c = 0; c < dim; ++c) acc += row[c] * in[c];
        amps[base + offsets[r]] = Amplitude<T>(acc);  // accumulated in double, rounded once
      }
    }
  };
  if (team_limit == 1) {
    run(0, groups, scratch.data());
    return;
  }
#pragma omp parallel num_threads(team_limit)
  {
    const std::uint64_t team = static_cast<std::uint64_t>(omp_get_num_threads());
    const std::uint64_t me = static_cast<std::uint64_t>(omp_get_thread_num());
    run(groups * me / team, groups * (me + 1) / team, scratch.data() + me * dim);
  }
}

template void apply_dense_large<double>(Amplitude<double>*, unsigned, const QubitOp&, unsigned);
template void apply_dense_large<float>(Amplitude<float>*, unsigned, const QubitOp&, unsigned);

}  // namespace qrt::sv
