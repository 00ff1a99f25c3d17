#include "kernels/lane_coefficients.hpp"

#include "kernels/block_structure.hpp"
#include "kernels/kernel_args.hpp"

#include <bit>

namespace qrt::sv {

DenseSplit split_dense_targets(const QubitOp& op, unsigned lanes_log2) {
  DenseSplit split;
  split.lanes_log2 = lanes_log2;
  for (unsigned j = 0; j < op.num_targets; ++j) {
    const unsigned q = op.targets[j];
    if (q < lanes_log2) {
      split.lane_target_mask |= 1u << q;
      split.mixed_lane_mask |= 1u << q;
      split.lane_matrix_bit[q] = j;
    } else {
      split.high_qubit[split.num_high] = q;
      split.high_matrix_bit[split.num_high] = j;
      ++split.num_high;
    }
  }
  return split;
}

std::size_t dense_coefficient_scalars(const DenseSplit& split, bool per_lane) {
  const std::size_t h = std::size_t{1} << split.num_high;
  const std::size_t x = std::size_t{1} << std::popcount(split.mixed_lane_mask);
  return h * h * x * (per_lane ? lane_coefficient_scalars(split.lanes_log2) : 2);
}

namespace {
// Matrix index of high-target combination h together with the target bits of lane l.
std::size_t matrix_index(const DenseSplit& split, std::size_t h, unsigned lane) {
  std::size_t index = 0;
  for (unsigned i = 0; i < split.num_high; ++i) index |= ((h >> i) & 1u) << split.high_matrix_bit[i];
  for (unsigned q = 0; q < split.lanes_log2; ++q)
    if ((split.lane_target_mask >> q) & 1u) index |= std::size_t{(lane >> q) & 1u} << split.lane_matrix_bit[q];
  return index;
}
}  // namespace

template <class R>
void build_dense_coefficients(const DenseSplit& split, std::span<const Complex> matrix, LaneControls controls,
                              bool per_lane, R* out) {
  const std::size_t h_count = std::size_t{1} << split.num_high;
  const unsigned x_count = 1u << std::popcount(split.mixed_lane_mask);
  const std::size_t dim = std::size_t{1} << (split.num_high + std::popcount(split.lane_target_mask));
  for (std::size_t ho = 0; ho < h_count; ++ho) {
    for (std::size_t hi = 0; hi < h_count; ++hi) {
      for (unsigned xi = 0; xi < x_count; ++xi) {
        const unsigned x = kernels::nth_subset(split.mixed_lane_mask, xi);
        if (!per_lane) {
          const Complex c = matrix[matrix_index(split, ho, 0) * dim + matrix_index(split, hi, 0)];
          *out++ = static_cast<R>(c.real());
          *out++ = static_cast<R>(c.imag());
          continue;
        }
        out = put_lane_coefficient(out, split.lanes_log2, [&](unsigned lane) -> Complex {
          if (!controls.active(lane)) return (ho == hi && x == 0) ? 1.0 : 0.0;
          return matrix[matrix_index(split, ho, lane) * dim + matrix_index(split, hi, lane ^ x)];
        });
      }
    }
  }
}

std::vector<std::vector<unsigned>> lane_term_inputs(const DenseSplit& split, std::span<const Complex> matrix) {
  const std::size_t h_count = std::size_t{1} << split.num_high;
  const unsigned x_count = 1u << std::popcount(split.mixed_lane_mask);
  const std::size_t dim = std::size_t{1} << (split.num_high + std::popcount(split.lane_target_mask));
  const unsigned lanes = 1u << split.lanes_log2;
  std::vector<std::vector<unsigned>> inputs(h_count);
  for (std::size_t ho = 0; ho < h_count; ++ho)
    for (std::size_t hi = 0; hi < h_count; ++hi)
      for (unsigned xi = 0; xi < x_count; ++xi) {
        const unsigned x = kernels::nth_subset(split.mixed_lane_mask, xi);
        for (unsigned lane = 0; lane < lanes; ++lane)
          if (std::abs(matrix[matrix_index(split, ho, lane) * dim + matrix_index(split, hi, lane ^ x)]) >
              kNegligibleEntry) {
            inputs[ho].push_back(static_cast<unsigned>(hi * x_count + xi));
            break;
          }
      }
  return inputs;
}

template <class R>
void build_lane_term_coefficients(const DenseSplit& split, std::span<const Complex> matrix,
                                  const std::vector<std::vector<unsigned>>& inputs, unsigned terms, R* out) {
  const unsigned x_count = 1u << std::popcount(split.mixed_lane_mask);
  const std::size_t dim = std::size_t{1} << (split.num_high + std::popcount(split.lane_target_mask));
  for (std::size_t ho = 0; ho < inputs.size(); ++ho)
    for (unsigned t = 0; t < terms; ++t)
      out = put_lane_coefficient(out, split.lanes_log2, [&](unsigned lane) -> Complex {
        if (t >= inputs[ho].size()) return 0.0;
        const unsigned hi = inputs[ho][t] / x_count;
        const unsigned x = kernels::nth_subset(split.mixed_lane_mask, inputs[ho][t] % x_count);
        const Complex c = matrix[matrix_index(split, ho, lane) * dim + matrix_index(split, hi, lane ^ x)];
        return std::abs(c) > kNegligibleEntry ? c : Complex(0.0);
      });
}

template void build_lane_term_coefficients<double>(const DenseSplit&, std::span<const Complex>,
                                                   const std::vector<std::vector<unsigned>>&, unsigned, double*);
template void build_lane_term_coefficients<float>(const DenseSplit&, std::span<const Complex>,
                                                  const std::vector<std::vector<unsigned>>&, unsigned, float*);

template void build_dense_coefficients<double>(const DenseSplit&, std::span<const Complex>, LaneControls, bool,
                                               double*);
template void build_dense_coefficients<float>(const DenseSplit&, std::span<const Complex>, LaneControls, bool, float*);

}  // namespace qrt::sv
