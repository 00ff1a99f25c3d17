#include "adjoint/segment_pass.hpp"

#include "kernels/group_layout.hpp"
#include "kernels/lane_coefficients.hpp"

#include <bit>
#include <stdexcept>

namespace qrt::sv {

namespace {

using kernels::SegmentKernelTable;

template <class T>
struct SegmentTables;
template <>
struct SegmentTables<double> {
  static constexpr const SegmentKernelTable<double>* of[kNumSimdLevels] = {
      &kernels::kPortableSegmentKernels, &kernels::kAvx2SegmentKernels, &kernels::kAvx512SegmentKernels};
};
template <>
struct SegmentTables<float> {
  static constexpr const SegmentKernelTable<float>* of[kNumSimdLevels] = {
      &kernels::kPortableSegmentKernelsF32, &kernels::kAvx2SegmentKernelsF32, &kernels::kAvx512SegmentKernelsF32};
};

// The widest level allowed whose registers the state fills (as kernel_table_for picks).
template <class T>
const SegmentKernelTable<T>& segment_table_for(SimdLevel requested, unsigned num_qubits) {
  unsigned level = static_cast<unsigned>(requested);
  while (level > 0 && SegmentTables<T>::of[level]->lanes_log2 > num_qubits) --level;
  return *SegmentTables<T>::of[level];
}

// Partial sums of about this many amplitudes of each vector: short enough that single-precision lanes
// keep their accuracy before they are added in double.
constexpr std::uint64_t kChunkAmplitudes = 4096;

// The m (1, 2 or 3) such that the 4 x 4 unitary (row-major) and the needed entries only couple x with
// x ^ m; 0 when there is none.
unsigned pair_partner(std::span<const Complex> row_major, std::uint32_t needed) {
  unsigned partner = 0;
  for (unsigned x = 0; x < 4; ++x)
    for (unsigned y = 0; y < 4; ++y) {
      const bool used = row_major[x * 4 + y] != Complex(0.0) || ((needed >> (x * 4 + y)) & 1u);
      if (x == y || !used) continue;
      if (partner != 0 && (x ^ y) != partner) return 0;
      partner = x ^ y;
    }
  return partner ? partner : 1;
}

// Amplitude-index offset of local index x in registers (local bit j = qubits[j], all register-selecting).
std::uint64_t register_offset(std::span<const unsigned> qubits, unsigned x, unsigned lanes_log2) {
  std::uint64_t offset = 0;
  for (std::size_t j = 0; j < qubits.size(); ++j)
    if ((x >> j) & 1u) offset |= std::uint64_t{1} << (qubits[j] - lanes_log2);
  return offset;
}

template <class T>
void run_with_partials(kernels::SegmentPassFn<T> kernel, kernels::SegmentPassArgs<T>& args, std::size_t sums,
                       unsigned lanes, std::uint64_t group_amplitudes, std::vector<double>& folded) {
  args.chunk_groups = std::bit_floor(std::max<std::uint64_t>(1, kChunkAmplitudes / group_amplitudes));
  const std::uint64_t chunks = (args.dense.outer_count + args.chunk_groups - 1) / args.chunk_groups;
  const std::size_t per_chunk = sums * 2 * lanes;
  std::vector<double> partials(chunks * per_chunk);
  args.partials = partials.data();
  kernel(args);
  folded.assign(per_chunk, 0.0);
  for (std::uint64_t chunk = 0; chunk < chunks; ++chunk)
    for (std::size_t e = 0; e < per_chunk; ++e) folded[e] += partials[chunk * per_chunk + e];
}

}  // namespace

bool segment_pass_applies(unsigned num_qubits, std::size_t segment_qubits) {
  return segment_qubits >= 1 && segment_qubits <= kMaxSegmentPassQubits && segment_qubits <= num_qubits;
}

template <class T>
std::vector<std::complex<double>> segment_pass(Amplitude<T>* lambda, Amplitude<T>* psi, unsigned num_qubits,
                                               std::span<const unsigned> qubits, std::span<const Complex> unitary,
                                               std::uint32_t needed, const ExecPolicy& policy,
                                               Workspace& workspace) {
  if (!segment_pass_applies(num_qubits, qubits.size()))
    throw std::invalid_argument("segment_pass: a segment of " + std::to_string(qubits.size()) + " qubits on " +
                                std::to_string(num_qubits) + " is not supported");
  const std::size_t d = std::size_t{1} << qubits.size();
  std::vector<Complex> row_major(d * d);
  for (std::size_t r = 0; r < d; ++r)
    for (std::size_t c = 0; c < d; ++c) row_major[r * d + c] = unitary[r + c * d];
  const QubitOp op = QubitOp::dense(qubits, row_major);

  const SegmentKernelTable<T>& table = segment_table_for<T>(policy.simd, num_qubits);
  const DenseSplit split = split_dense_targets(op, table.lanes_log2);
  const bool per_lane = split.lane_target_mask != 0;
  const unsigned threads = num_qubits >= policy.parallel_min_qubits && policy.threads > 1 ? policy.threads : 1;
  const QubitMask high = ~((QubitMask{1} << table.lanes_log2) - 1);
  const unsigned lanes = 1u << table.lanes_log2;
  std::vector<std::complex<double>> transition(d * d);
  std::vector<double> folded;

  kernels::SegmentPassArgs<T> args;
  args.dense = kernels::group_layout(reinterpret_cast<T*>(psi), num_qubits, table.lanes_log2, op.target_mask & high, 0,
                                     threads);
  args.lambda = reinterpret_cast<T*>(lambda);
  const unsigned partner = split.num_high == 2 && !per_lane ? pair_partner(row_major, needed) : 0;
  if (partner != 0) {
    const unsigned other = partner == 1 ? 2u : 1u;
    const unsigned members[4] = {0, partner, other, other ^ partner};
    T* coef = workspace.coefficients.template get_as<T>(16);
    for (unsigned k = 0; k < 4; ++k) {
      const unsigned x = members[k];
      args.dense.offsets[k] = register_offset(qubits, x, table.lanes_log2);
      const Complex diagonal = row_major[x * 4 + x], coupling = row_major[x * 4 + (x ^ partner)];
      coef[4 * k] = static_cast<T>(diagonal.real());
      coef[4 * k + 1] = static_cast<T>(diagonal.imag());
      coef[4 * k + 2] = static_cast<T>(coupling.real());
      coef[4 * k + 3] = static_cast<T>(coupling.imag());
    }
    args.dense.coef = coef;
    run_with_partials(table.pair_pass, args, 8, lanes, 4 * lanes, folded);
    for (unsigned k = 0; k < 8; ++k) {
      const unsigned x = members[k / 2], y = k % 2 ? x ^ partner : x;
      for (unsigned lane = 0; lane < lanes; ++lane)
        transition[x * 4 + y] += std::complex<double>(folded[k * 2 * lanes + 2 * lane], folded[k * 2 * lanes + 2 * lane + 1]);
    }
    return transition;
  }

  const std::size_t h_count = std::size_t{1} << split.num_high;
  for (std::size_t h = 0; h < h_count; ++h) {
    std::uint64_t offset = 0;
    for (unsigned i = 0; i < split.num_high; ++i)
      if ((h >> i) & 1u) offset |= std::uint64_t{1} << (split.high_qubit[i] - table.lanes_log2);
    args.dense.offsets[h] = offset;
  }
  T* coef = workspace.coefficients.template get_as<T>(dense_coefficient_scalars(split, per_lane));
  build_dense_coefficients(split, op.dense_matrix(), LaneControls{}, per_lane, coef);
  args.dense.coef = coef;
  const unsigned x_count = 1u << std::popcount(split.lane_target_mask);
  const std::size_t c_count = h_count * x_count;
  run_with_partials(table.pass[split.num_high][split.lane_target_mask], args, h_count * c_count, lanes,
                    h_count * lanes, folded);

  // Fold the lanes: sum register (hl, c = h * X + xi), lane l, holds conj(λ_(hl, l)) ψ_(h, l ^ x) with x
  // the xi-th subset of the lane targets; its local indices come from the split (local bit j = qubits[j]).
  const auto local = [&](std::size_t h, unsigned lane) {
    std::size_t index = 0;
    for (unsigned i = 0; i < split.num_high; ++i) index |= ((h >> i) & 1u) << split.high_matrix_bit[i];
    for (unsigned q = 0; q < table.lanes_log2; ++q)
      if ((split.lane_target_mask >> q) & 1u) index |= std::size_t{(lane >> q) & 1u} << split.lane_matrix_bit[q];
    return index;
  };
  for (std::size_t hl = 0; hl < h_count; ++hl)
    for (std::size_t c = 0; c < c_count; ++c) {
      const std::size_t h = c / x_count;
      const unsigned x = kernels::nth_subset(split.lane_target_mask, static_cast<unsigned>(c % x_count));
      const double* sums = folded.data() + (hl * c_count + c) * 2 * lanes;
      for (unsigned lane = 0; lane < lanes; ++lane)
        transition[local(hl, lane) * d + local(h, lane ^ x)] += std::complex<double>(sums[2 * lane], sums[2 * lane + 1]);
    }
  return transition;
}

template std::vector<std::complex<double>> segment_pass<double>(Amplitude<double>*, Amplitude<double>*, unsigned,
                                                                std::span<const unsigned>, std::span<const Complex>,
                                                                std::uint32_t, const ExecPolicy&, Workspace&);
template std::vector<std::complex<double>> segment_pass<float>(Amplitude<float>*, Amplitude<float>*, unsigned,
                                                               std::span<const unsigned>, std::span<const Complex>,
                                                               std::uint32_t, const ExecPolicy&, Workspace&);

}  // namespace qrt::sv
