#include "adjoint/segment_pass.hpp"

#include "kernels/group_layout.hpp"
#include "kernels/lane_coefficients.hpp"
#include "kernels/workspace.hpp"

#include <algorithm>
#include <bit>
#include <stdexcept>
#include <string>

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

// Chunks are grouped into at most this many blocks of consecutive chunks, one partial sum each: the
// unit of work of a thread, and few enough that the partial sums take no memory worth counting.
constexpr std::uint64_t kMaxBlocks = 64;

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

// One segment ready to run chunk by chunk: its kernel, arguments and coefficients, one partial sum per
// block, and how the lane-wise sums fold into the transition matrix.
template <class T>
class PreparedSegment {
 public:
  // `tile_fixed`: the amplitude-index bits each tile fixes (0: chunks of the whole state, see run()).
  PreparedSegment(Amplitude<T>* lambda, Amplitude<T>* psi, unsigned num_qubits, const SegmentPassSpec& spec,
                  const ExecPolicy& policy, QubitMask tile_fixed)
      : qubits_(spec.qubits.begin(), spec.qubits.end()), d_(std::size_t{1} << qubits_.size()) {
    std::vector<Complex> row_major(d_ * d_);
    for (std::size_t r = 0; r < d_; ++r)
      for (std::size_t c = 0; c < d_; ++c) row_major[r * d_ + c] = spec.unitary[r + c * d_];
    const QubitOp op = QubitOp::dense(qubits_, row_major);
    const SegmentKernelTable<T>& table = segment_table_for<T>(policy.simd, num_qubits);
    lanes_log2_ = table.lanes_log2;
    split_ = split_dense_targets(op, lanes_log2_);
    const bool per_lane = split_.lane_target_mask != 0;
    const QubitMask high = ~((QubitMask{1} << lanes_log2_) - 1);
    args_.dense = kernels::group_layout(reinterpret_cast<T*>(psi), num_qubits, lanes_log2_,
                                        (op.target_mask | tile_fixed) & high, 0, 1);
    args_.lambda = reinterpret_cast<T*>(lambda);
    const unsigned lanes = 1u << lanes_log2_;
    partner_ = split_.num_high == 2 && !per_lane ? pair_partner(row_major, spec.needed) : 0;
    if (partner_ != 0) {
      const unsigned other = partner_ == 1 ? 2u : 1u;
      const unsigned members[4] = {0, partner_, other, other ^ partner_};
      T* coef = coefficients_.get_as<T>(16);
      for (std::size_t k = 0; k < 4; ++k) {
        const unsigned x = members[k];
        members_[k] = x;
        args_.dense.offsets[k] = register_offset(qubits_, x, lanes_log2_);
        const Complex diagonal = row_major[x * 4 + x], coupling = row_major[x * 4 + (x ^ partner_)];
        coef[4 * k] = static_cast<T>(diagonal.real());
        coef[4 * k + 1] = static_cast<T>(diagonal.imag());
        coef[4 * k + 2] = static_cast<T>(coupling.real());
        coef[4 * k + 3] = static_cast<T>(coupling.imag());
      }
      args_.dense.coef = coef;
      kernel_ = table.pair_pass;
      sums_ = 16;
    } else {
      const std::size_t h_count = std::size_t{1} << split_.num_high;
      for (std::size_t h = 0; h < h_count; ++h) {
        std::uint64_t offset = 0;
        for (unsigned i = 0; i < split_.num_high; ++i)
          if ((h >> i) & 1u) offset |= std::uint64_t{1} << (split_.high_qubit[i] - lanes_log2_);
        args_.dense.offsets[h] = offset;
      }
      T* coef = coefficients_.get_as<T>(dense_coefficient_scalars(split_, per_lane));
      build_dense_coefficients(split_, op.dense_matrix(), LaneControls{}, per_lane, coef);
      args_.dense.coef = coef;
      kernel_ = table.pass[split_.num_high][split_.lane_target_mask];
      x_count_ = 1u << std::popcount(split_.lane_target_mask);
      sums_ = h_count * h_count * x_count_;
    }
    if (tile_fixed != 0) {  // one chunk: the tile the fixed bits select (run_tile)
      args_.chunk_groups = args_.dense.outer_count;
      chunks_ = std::uint64_t{1} << std::popcount(tile_fixed);
      return;
    }
    // Chunks of about a tile's amplitudes: the partial sums' unit.
    const std::uint64_t group_amplitudes = (std::uint64_t{1} << split_.num_high) * lanes;
    args_.chunk_groups = std::max<std::uint64_t>(1, (std::uint64_t{1} << kSegmentTileQubits) / group_amplitudes);
    chunks_ = (args_.dense.outer_count + args_.chunk_groups - 1) / args_.chunk_groups;
  }

  std::uint64_t chunks() const { return chunks_; }
  // Its partial sums: `blocks` x block_scalars() doubles at `storage`, zeroed.
  void use_partials(double* storage, std::uint64_t blocks) {
    partials_ = storage;
    blocks_ = blocks;
    std::fill(storage, storage + blocks * block_scalars(), 0.0);
  }
  std::size_t block_scalars() const { return sums_ * (std::size_t{2} << lanes_log2_); }
  void run(std::uint64_t chunk_begin, std::uint64_t chunk_end, std::uint64_t block) {
    kernel_(args_, chunk_begin, chunk_end, partials_ + block * block_scalars());
  }
  // The tile whose fixed bits have the values `tile_values` (amplitude-index bits).
  void run_tile(QubitMask tile_values, std::uint64_t block) {
    kernels::SegmentPassArgs<T> tile = args_;
    tile.dense.fixed_values = tile_values >> lanes_log2_;
    kernel_(tile, 0, 1, partials_ + block * block_scalars());
  }

  std::vector<std::complex<double>> fold() const {
    const std::size_t lanes = std::size_t{1} << lanes_log2_;
    std::vector<double> sums(block_scalars(), 0.0);
    for (std::size_t b = 0; b < blocks_; ++b)
      for (std::size_t e = 0; e < sums.size(); ++e) sums[e] += partials_[b * block_scalars() + e];
    const auto lane_value = [&](std::size_t k, std::size_t lane) {
      return std::complex<double>(sums[k * 2 * lanes + 2 * lane], sums[k * 2 * lanes + 2 * lane + 1]);
    };
    std::vector<std::complex<double>> m(d_ * d_);
    if (partner_ != 0) {
      // Sums 4k .. 4k + 3: λ_x ⊙ ψ_x, λ_x ⊙ iψ_x, λ_x ⊙ ψ_(x ^ m), λ_x ⊙ iψ_(x ^ m) (x = member k), slot-wise.
      for (std::size_t k = 0; k < 4; ++k)
        for (std::size_t coupled = 0; coupled < 2; ++coupled) {
          const unsigned x = members_[k], y = coupled ? x ^ partner_ : x;
          const double* re = sums.data() + (4 * k + 2 * coupled) * 2 * lanes;
          const double* im = re + 2 * lanes;
          for (std::size_t lane = 0; lane < lanes; ++lane)
            m[x * 4 + y] += std::complex<double>(re[2 * lane] + re[2 * lane + 1], -(im[2 * lane] + im[2 * lane + 1]));
        }
      return m;
    }
    // Sum (hl, c = h * X + xi), lane l: conj(λ_(hl, l)) ψ_(h, l ^ x), x the xi-th subset of the lane targets.
    const auto local = [&](std::size_t h, unsigned lane) {
      std::size_t index = 0;
      for (unsigned i = 0; i < split_.num_high; ++i) index |= ((h >> i) & 1u) << split_.high_matrix_bit[i];
      for (unsigned q = 0; q < lanes_log2_; ++q)
        if ((split_.lane_target_mask >> q) & 1u) index |= std::size_t{(lane >> q) & 1u} << split_.lane_matrix_bit[q];
      return index;
    };
    const std::size_t c_count = (std::size_t{1} << split_.num_high) * x_count_;
    for (std::size_t k = 0; k < sums_; ++k) {
      const std::size_t hl = k / c_count, c = k % c_count, h = c / x_count_;
      const unsigned x = kernels::nth_subset(split_.lane_target_mask, static_cast<unsigned>(c % x_count_));
      for (unsigned lane = 0; lane < lanes; ++lane) m[local(hl, lane) * d_ + local(h, lane ^ x)] += lane_value(k, lane);
    }
    return m;
  }

 private:
  std::vector<unsigned> qubits_;
  std::size_t d_;
  unsigned lanes_log2_ = 0;
  DenseSplit split_;
  kernels::SegmentPassArgs<T> args_;
  kernels::SegmentPassFn<T> kernel_ = nullptr;
  AlignedScratch coefficients_;
  unsigned partner_ = 0, members_[4] = {};
  unsigned x_count_ = 1;
  std::size_t sums_ = 0;
  std::uint64_t chunks_ = 1;
  double* partials_ = nullptr;  // blocks_ x block_scalars(), in the caller's scratch
  std::uint64_t blocks_ = 0;
};

}  // namespace

bool segment_pass_applies(unsigned num_qubits, std::size_t segment_qubits) {
  return segment_qubits >= 1 && segment_qubits <= kMaxSegmentPassQubits && segment_qubits <= num_qubits;
}

bool segments_fit_tile(unsigned num_qubits, QubitMask qubits) {
  return num_qubits > kSegmentTileQubits && (qubits >> kSegmentTileQubits) == 0;
}

template <class T>
std::vector<std::vector<std::complex<double>>> segment_passes(Amplitude<T>* lambda, Amplitude<T>* psi,
                                                              unsigned num_qubits,
                                                              std::span<const SegmentPassSpec> segments,
                                                              const ExecPolicy& policy, SegmentPassScratch& scratch) {
  QubitMask all = 0;
  for (const SegmentPassSpec& spec : segments) {
    QubitMask mask = 0;
    for (unsigned q : spec.qubits) mask |= QubitMask{1} << q;
    all |= mask;
    if (!segment_pass_applies(num_qubits, spec.qubits.size()))
      throw std::invalid_argument("segment_pass: a segment of " + std::to_string(spec.qubits.size()) + " qubits on " +
                                  std::to_string(num_qubits) + " is not supported");
  }
  if (segments.empty()) return {};
  const bool tiled = segments.size() > 1;
  if (tiled && !segments_fit_tile(num_qubits, all))
    throw std::invalid_argument("segment_pass: segments on " + std::to_string(std::popcount(all)) +
                                " qubits do not fit one tile of " + std::to_string(kSegmentTileQubits) + " qubits");
  const QubitMask state = num_qubits >= 64 ? ~QubitMask{0} : (QubitMask{1} << num_qubits) - 1;
  const QubitMask tile_fixed = tiled ? state & ~((QubitMask{1} << kSegmentTileQubits) - 1) : 0;
  std::vector<PreparedSegment<T>> prepared;
  prepared.reserve(segments.size());
  for (const SegmentPassSpec& spec : segments) prepared.emplace_back(lambda, psi, num_qubits, spec, policy, tile_fixed);
  const std::uint64_t chunks = prepared[0].chunks();  // tiles, for a tiled run
  const std::uint64_t blocks = std::min(chunks, kMaxBlocks);
  std::size_t total = 0;
  for (const PreparedSegment<T>& segment : prepared) total += blocks * segment.block_scalars();
  if (scratch.partial_sums.size() < total) scratch.partial_sums.resize(total);
  double* next = scratch.partial_sums.data();
  for (PreparedSegment<T>& segment : prepared) {
    segment.use_partials(next, blocks);
    next += blocks * segment.block_scalars();
  }

  const unsigned threads = num_qubits >= policy.parallel_min_qubits ? std::max(policy.threads, 1u) : 1u;
  const auto run_block = [&](std::uint64_t block) {
    const std::uint64_t begin = chunks * block / blocks, end = chunks * (block + 1) / blocks;
    if (!tiled) return prepared[0].run(begin, end, block);
    for (std::uint64_t tile = begin; tile < end; ++tile) {
      QubitMask values = 0;  // the tile's number deposited into the fixed bits
      std::uint64_t bits = tile;
      for (QubitMask rest = tile_fixed; rest; rest &= rest - 1, bits >>= 1)
        if (bits & 1u) values |= rest & (~rest + 1);
      for (PreparedSegment<T>& segment : prepared) segment.run_tile(values, block);
    }
  };
  if (threads <= 1 || blocks <= 1) {
    for (std::uint64_t block = 0; block < blocks; ++block) run_block(block);
  } else {
#pragma omp parallel for schedule(static) num_threads(threads)
    for (std::uint64_t block = 0; block < blocks; ++block) run_block(block);
  }
  std::vector<std::vector<std::complex<double>>> transitions;
  transitions.reserve(prepared.size());
  for (const PreparedSegment<T>& segment : prepared) transitions.push_back(segment.fold());
  return transitions;
}

#define QRT_SV_INSTANTIATE(T)                                                                                       \
  template std::vector<std::vector<std::complex<double>>> segment_passes<T>(Amplitude<T>*, Amplitude<T>*, unsigned, \
                                                                            std::span<const SegmentPassSpec>,       \
                                                                            const ExecPolicy&, SegmentPassScratch&);
QRT_SV_INSTANTIATE(double)
QRT_SV_INSTANTIATE(float)
#undef QRT_SV_INSTANTIATE

}  // namespace qrt::sv
