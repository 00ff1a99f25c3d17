#include "kernels/prepared_kernel.hpp"

#include "kernels/block_structure.hpp"
#include "kernels/dense_large.hpp"
#include "kernels/group_layout.hpp"
#include "kernels/lane_coefficients.hpp"
#include "kernels/pair_structure.hpp"

#include <bit>
#include <optional>
#include <span>

namespace qrt::sv {

namespace {

using kernels::KernelArgs;
using kernels::KernelTable;

// T: the state's scalar type. Coefficients are computed from the op's double matrix and stored as T.
template <class T>
struct Target {
  unsigned num_qubits;
  const KernelTable<T>& table;
  unsigned threads;
  AlignedScratch& coefficients;
  Workspace& workspace;
  PreparedKernel<T>& out;

  unsigned lanes_log2() const { return table.lanes_log2; }
  QubitMask lane_qubits() const { return (QubitMask{1} << table.lanes_log2) - 1; }
};

// Groups visit every register whose `fixed` qubits are 0, with `values` OR-ed in.
template <class T>
KernelArgs<T> group_args(const Target<T>& t, QubitMask fixed_qubits, QubitMask fixed_values) {
  return kernels::group_layout(static_cast<T*>(nullptr), t.num_qubits, t.lanes_log2(), fixed_qubits, fixed_values,
                               t.threads);
}

template <class T>
LaneControls lane_controls(const Target<T>& t, const QubitOp& op) {
  return {static_cast<unsigned>(op.control_mask & t.lane_qubits()),
          static_cast<unsigned>(op.control_values & t.lane_qubits())};
}

template <class T>
void finish(const Target<T>& t, KernelArgs<T>& a, const T* coef, kernels::KernelFn<T> kernel) {
  a.coef = coef;
  t.out.args = a;
  t.out.kernel = kernel;
}

template <class T>
void prepare_phase(const Target<T>& t, const QubitOp& op) {
  if (op.coeffs[0] == Complex(1.0)) return;  // nothing to do: no kernel
  const LaneControls lanes = lane_controls(t, op);
  const QubitMask high = ~t.lane_qubits();
  KernelArgs<T> a = group_args(t, op.control_mask & high, op.control_values & high);
  T* coef = t.coefficients.template get_as<T>(lane_coefficient_scalars(t.lanes_log2()));
  put_lane_coefficient(coef, t.lanes_log2(), [&](unsigned lane) { return lanes.active(lane) ? op.coeffs[0] : 1.0; });
  finish(t, a, coef, t.table.phase);
}

template <class T>
void prepare_parity(const Target<T>& t, const QubitOp& op) {
  const LaneControls lanes = lane_controls(t, op);
  const QubitMask high = ~t.lane_qubits();
  KernelArgs<T> a = group_args(t, op.control_mask & high, op.control_values & high);
  a.parity_mask = (op.target_mask & high) >> t.lanes_log2();
  const unsigned lane_targets = static_cast<unsigned>(op.target_mask & t.lane_qubits());
  T* coef = t.coefficients.template get_as<T>(2 * lane_coefficient_scalars(t.lanes_log2()));
  for (unsigned high_parity = 0; high_parity < 2; ++high_parity) {
    put_lane_coefficient(coef + high_parity * lane_coefficient_scalars(t.lanes_log2()), t.lanes_log2(),
                         [&](unsigned lane) -> Complex {
                           if (!lanes.active(lane)) return 1.0;
                           return op.coeffs[(high_parity + std::popcount(lane & lane_targets)) & 1u];
                         });
  }
  finish(t, a, coef, t.table.parity);
}

template <class T>
void prepare_dense(const Target<T>& t, const QubitOp& op);

// The groups of a dense op's kernel: one per value of the registers its high targets and controls do
// not fix, offsets[h] the register of high-target combination h (bit i: split.high_qubit[i]).
template <class T>
KernelArgs<T> dense_group_args(const Target<T>& t, const QubitOp& op, const DenseSplit& split) {
  const QubitMask high = ~t.lane_qubits();
  KernelArgs<T> a = group_args(t, (op.target_mask & high) | (op.control_mask & high), op.control_values & high);
  for (std::size_t h = 0; h < (std::size_t{1} << split.num_high); ++h) {
    std::uint64_t offset = 0;
    for (unsigned i = 0; i < split.num_high; ++i)
      if ((h >> i) & 1u) offset |= std::uint64_t{1} << (split.high_qubit[i] - t.lanes_log2());
    a.offsets[h] = offset;
  }
  return a;
}

// A two-level op whose pair differs in lane qubits becomes a dense op on its target qubits.
template <class T>
void prepare_two_level_as_dense(const Target<T>& t, const QubitOp& op) {
  QubitOp dense;
  dense.shape = OpShape::Dense;
  dense.control_mask = op.control_mask;
  dense.control_values = op.control_values;
  dense.target_mask = op.target_mask;
  std::size_t a_local = 0;
  for (QubitMask rest = op.target_mask; rest; rest &= rest - 1) {
    const unsigned q = static_cast<unsigned>(std::countr_zero(rest));
    if ((op.a_bits >> q) & 1u) a_local |= std::size_t{1} << dense.num_targets;
    dense.targets[dense.num_targets++] = static_cast<std::uint8_t>(q);
  }
  const std::size_t dim = std::size_t{1} << dense.num_targets;
  const std::size_t b_local = a_local ^ (dim - 1);
  std::vector<Complex>& m = t.workspace.matrix;
  m.assign(dim * dim, 0.0);
  for (std::size_t i = 0; i < dim; ++i) m[i * dim + i] = 1.0;
  m[a_local * dim + a_local] = op.coeffs[0];
  m[a_local * dim + b_local] = op.coeffs[1];
  m[b_local * dim + a_local] = op.coeffs[2];
  m[b_local * dim + b_local] = op.coeffs[3];
  dense.external_matrix = m.data();
  prepare_dense(t, dense);
}

// A two-level op's 2x2.
bool real_coefficients(const QubitOp& op) { return all_real(std::span<const Complex>(op.coeffs.data(), 4)); }

kernels::TwoLevelKernel two_level_kind(const QubitOp& op, bool lane_controls_present) {
  const bool off_diagonal = op.coeffs[0] == Complex(0.0) && op.coeffs[3] == Complex(0.0);
  if (off_diagonal && !lane_controls_present) {
    const bool plain_swap = op.coeffs[1] == Complex(1.0) && op.coeffs[2] == Complex(1.0);
    return plain_swap ? kernels::TwoLevelKernel::Swap : kernels::TwoLevelKernel::PhasedSwap;
  }
  // Inactive lanes take the identity, which is real too.
  return real_coefficients(op) ? kernels::TwoLevelKernel::Real : kernels::TwoLevelKernel::General;
}

// A real 2x2 on one lane qubit: per lane, the register times c0 plus the register with that lane bit
// flipped times c1 (kernels::real_lane). Returns false when the op does not have that form.
template <class T>
bool prepare_real_lane(const Target<T>& t, const QubitOp& op) {
  const QubitMask target = op.target_mask;
  if ((target & (target - 1)) != 0 || (target & t.lane_qubits()) == 0 || !real_coefficients(op)) return false;
  const unsigned q = static_cast<unsigned>(std::countr_zero(target));
  if (q >= kernels::kMaxLaneQubits || !t.table.real_lane[q]) return false;
  const LaneControls lanes = lane_controls(t, op);
  const QubitMask high = ~t.lane_qubits();
  KernelArgs<T> a = group_args(t, op.control_mask & high, op.control_values & high);
  a.offsets[0] = 0;
  // Row (lane's bit == a's bit) of the pair's matrix: m_aa, m_ab for |a>, m_bb, m_ba for |b>.
  const auto is_a = [&](unsigned lane) { return (lane & target) == (op.a_bits & target); };
  T* coef = t.coefficients.template get_as<T>(2 * lane_coefficient_scalars(t.lanes_log2()));
  T* out = put_lane_coefficient(coef, t.lanes_log2(), [&](unsigned lane) -> Complex {
    if (!lanes.active(lane)) return 1.0;
    return is_a(lane) ? op.coeffs[0] : op.coeffs[3];
  });
  put_lane_coefficient(out, t.lanes_log2(), [&](unsigned lane) -> Complex {
    if (!lanes.active(lane)) return 0.0;
    return is_a(lane) ? op.coeffs[1] : op.coeffs[2];
  });
  finish(t, a, coef, t.table.real_lane[q]);
  return true;
}

template <class T>
void prepare_two_level(const Target<T>& t, const QubitOp& op) {
  if (prepare_real_lane(t, op)) return;
  if (op.target_mask & t.lane_qubits()) return prepare_two_level_as_dense(t, op);
  const LaneControls lanes = lane_controls(t, op);
  const QubitMask high = ~t.lane_qubits();
  KernelArgs<T> a = group_args(t, op.target_mask | (op.control_mask & high), op.control_values & high);
  a.offsets[0] = op.a_bits >> t.lanes_log2();
  a.offsets[1] = (op.a_bits ^ op.target_mask) >> t.lanes_log2();
  const kernels::TwoLevelKernel kind = two_level_kind(op, lanes.mask != 0);
  T* coef = t.coefficients.template get_as<T>(4 * lane_coefficient_scalars(t.lanes_log2()));
  // General, Real: m_aa, m_ab, m_ba, m_bb. PhasedSwap: m_ab, m_ba. Swap: none. Inactive lanes: identity.
  const bool all_four = kind == kernels::TwoLevelKernel::General || kind == kernels::TwoLevelKernel::Real;
  const unsigned first = all_four ? 0 : 1;
  const unsigned last = all_four ? 4 : kind == kernels::TwoLevelKernel::Swap ? 1 : 3;
  T* out = coef;
  for (unsigned i = first; i < last; ++i)
    out = put_lane_coefficient(out, t.lanes_log2(), [&](unsigned lane) -> Complex {
      if (lanes.active(lane)) return op.coeffs[i];
      return (i == 0 || i == 3) ? 1.0 : 0.0;
    });
  finish(t, a, coef, t.table.two_level[static_cast<unsigned>(kind)]);
}

// Both targets select registers (no lane qubit): the two 2x2 blocks of a pair-structured matrix in one
// pass (kernels::two_pairs). Returns false when the op does not have that form.
template <class T>
bool prepare_two_pairs(const Target<T>& t, const QubitOp& op) {
  if (op.num_targets != 2 || (op.target_mask & t.lane_qubits()) != 0 || !t.table.two_pairs) return false;
  const std::span<const Complex> m = op.dense_matrix();
  const unsigned partner = pair_partner(m);
  if (partner == 0) return false;
  const LaneControls lanes = lane_controls(t, op);
  const QubitMask high = ~t.lane_qubits();
  KernelArgs<T> a = group_args(t, op.target_mask | (op.control_mask & high), op.control_values & high);
  const auto offset_of = [&](unsigned local) {  // matrix index bit j = targets[j]
    std::uint64_t offset = 0;
    for (unsigned j = 0; j < 2; ++j)
      if ((local >> j) & 1u) offset |= std::uint64_t{1} << (op.targets[j] - t.lanes_log2());
    return offset;
  };
  const unsigned pair_a = 0, pair_b = partner == 1 ? 2u : 1u;  // the pairs {0, partner}, {pair_b, pair_b ^ partner}
  const unsigned members[4] = {pair_a, pair_a ^ partner, pair_b, pair_b ^ partner};
  for (unsigned k = 0; k < 4; ++k) a.offsets[k] = offset_of(members[k]);
  T* coef = t.coefficients.template get_as<T>(8 * lane_coefficient_scalars(t.lanes_log2()));
  T* out = coef;
  for (std::size_t pair = 0; pair < 2; ++pair) {
    const unsigned first = members[2 * pair], second = members[2 * pair + 1];
    const Complex block[4] = {m[first * 4 + first], m[first * 4 + second], m[second * 4 + first],
                              m[second * 4 + second]};
    for (unsigned e = 0; e < 4; ++e)  // inactive lanes (lane controls not met): identity
      out = put_lane_coefficient(out, t.lanes_log2(), [&](unsigned lane) -> Complex {
        if (lanes.active(lane)) return block[e];
        return (e == 0 || e == 3) ? 1.0 : 0.0;
      });
  }
  finish(t, a, coef, all_real(m) && t.table.two_pairs_real ? t.table.two_pairs_real : t.table.two_pairs);
  return true;
}

// A dense op on register-selecting targets only, without lane controls, whose matrix is block diagonal
// once its rows and columns are reordered (kernels::permuted_blocks_kernel). Returns false when the
// op does not have that form or the table has no kernel for it.
template <class T>
bool prepare_permuted_blocks(const Target<T>& t, const QubitOp& op) {
  if (op.num_targets < 2 || op.num_targets > kernels::kMaxPermutedBlockTargets) return false;
  if (((op.target_mask | op.control_mask) & t.lane_qubits()) != 0) return false;
  const std::size_t dim = std::size_t{1} << op.num_targets;
  const std::span<const Complex> m = op.dense_matrix();
  const std::optional<PermutedBlocks> blocks = find_permuted_blocks(m, dim);
  if (!blocks) return false;
  const std::size_t size = blocks->block_size;
  const auto entry = [&](std::size_t position, std::size_t j) -> Complex {  // row `position`, block column j
    const Complex v = m[blocks->rows[position] * dim + blocks->columns[position / size * size + j]];
    return std::abs(v) > kNegligibleEntry ? v : Complex(0.0);
  };
  bool real = true;
  for (std::size_t p = 0; p < dim; ++p)
    for (std::size_t j = 0; j < size; ++j) real = real && entry(p, j).imag() == 0.0;
  const unsigned size_log2 = static_cast<unsigned>(std::countr_zero(size));
  if (size_log2 > kernels::kMaxPermutedBlockLog2) return false;  // blocks of 8 (a 4-qubit op): the dense kernel
  const kernels::KernelFn<T> kernel = t.table.permuted_blocks[op.num_targets][size_log2][real ? 1 : 0];
  if (!kernel) return false;
  const QubitMask high = ~t.lane_qubits();
  KernelArgs<T> a = group_args(t, op.target_mask | (op.control_mask & high), op.control_values & high);
  const auto offset_of = [&](std::size_t index) {  // matrix index bit j = targets[j]
    std::uint64_t offset = 0;
    for (unsigned j = 0; j < op.num_targets; ++j)
      if ((index >> j) & 1u) offset |= std::uint64_t{1} << (op.targets[j] - t.lanes_log2());
    return offset;
  };
  for (std::size_t p = 0; p < dim; ++p) {
    a.offsets[p] = offset_of(p);
    a.load_order[p] = static_cast<std::uint8_t>(blocks->columns[p]);
    a.store_order[p] = static_cast<std::uint8_t>(blocks->rows[p]);
  }
  T* coef = t.coefficients.template get_as<T>(2 * dim * size);
  for (std::size_t p = 0; p < dim; ++p)
    for (std::size_t j = 0; j < size; ++j) {
      const Complex v = entry(p, j);
      coef[2 * (p * size + j)] = static_cast<T>(v.real());
      coef[2 * (p * size + j) + 1] = static_cast<T>(v.imag());
    }
  finish(t, a, coef, kernel);
  return true;
}

// A dense op of 2..kMaxLaneTermsTargets targets, some on lane qubits, without lane controls, whose
// output registers each take at most 2^kMaxLaneTermsLog2 (one) of the dense kernel's inputs: a
// permutation with phases (kernels::lane_terms_kernel). Returns false when the op does not have that form.
template <class T>
bool prepare_lane_terms(const Target<T>& t, const QubitOp& op) {
  if (op.num_targets < 2 || op.num_targets > kernels::kMaxLaneTermsTargets) return false;
  if ((op.target_mask & t.lane_qubits()) == 0 || (op.control_mask & t.lane_qubits()) != 0) return false;
  const DenseSplit split = split_dense_targets(op, t.lanes_log2());
  const std::span<const Complex> m = op.dense_matrix();
  const std::vector<std::vector<unsigned>> inputs = lane_term_inputs(split, m);
  std::size_t most = 1;
  for (const std::vector<unsigned>& terms : inputs) most = std::max(most, terms.size());
  const unsigned terms = static_cast<unsigned>(std::bit_ceil(most));
  if (terms > (1u << kernels::kMaxLaneTermsLog2)) return false;
  const kernels::KernelFn<T> kernel =
      t.table.lane_terms[split.num_high][split.lane_target_mask][std::countr_zero(terms)];
  if (!kernel) return false;  // as many terms as the dense kernel's inputs
  KernelArgs<T> a = dense_group_args(t, op, split);
  for (std::size_t h = 0; h < inputs.size(); ++h)
    for (unsigned k = 0; k < terms; ++k)  // past an output's own inputs: input 0, times zero
      a.term_sources[h * terms + k] = static_cast<std::uint8_t>(k < inputs[h].size() ? inputs[h][k] : 0);
  T* coef = t.coefficients.template get_as<T>(inputs.size() * terms * lane_coefficient_scalars(t.lanes_log2()));
  build_lane_term_coefficients(split, m, inputs, terms, coef);
  finish(t, a, coef, kernel);
  return true;
}

// States of at most this many bytes are taken to stay in the caches between ops.
constexpr std::size_t kCacheResidentBytes = std::size_t{4} << 20;

// Matrix bit j set: the matrix never flips bit j (every nonzero entry has equal bit j in its row and
// column index): target j only selects a block. Only for matrices the kernels take whole.
unsigned unflipped_bits(const QubitOp& op) {
  if (op.num_targets < 2 || op.num_targets > kernels::kMaxKernelTargets) return 0;
  const std::size_t dim = std::size_t{1} << op.num_targets;
  return static_cast<unsigned>((dim - 1) & ~op.flipped_matrix_bits());
}

// A dense op whose matrix never flips the register-selecting targets of `selectors` (matrix bits): one
// op per value of those targets, controlled on it, with that block of the matrix (a phase when no
// target is left), prepared as parts.
template <class T>
void prepare_blocks(const Target<T>& t, const QubitOp& op, unsigned selectors) {
  const std::size_t dim = std::size_t{1} << op.num_targets;
  const std::span<const Complex> m = op.dense_matrix();
  std::vector<unsigned> rest_bits, rest_targets;
  QubitMask selector_qubits = 0;
  for (unsigned j = 0; j < op.num_targets; ++j) {
    if ((selectors >> j) & 1u) {
      selector_qubits |= QubitMask{1} << op.targets[j];
    } else {
      rest_bits.push_back(j);
      rest_targets.push_back(op.targets[j]);
    }
  }
  const std::size_t sub_dim = std::size_t{1} << rest_bits.size();
  std::vector<Complex> block(sub_dim * sub_dim);
  const auto index = [&](std::size_t sub, std::size_t fixed) {  // matrix index of a block entry
    std::size_t i = fixed;
    for (std::size_t b = 0; b < rest_bits.size(); ++b) i |= ((sub >> b) & 1u) << rest_bits[b];
    return i;
  };
  PreparedKernel<T>& out = t.out;
  for (std::size_t fixed = 0; fixed < dim; fixed = ((fixed | ~std::size_t{selectors}) + 1) & selectors) {
    QubitMask values = 0;
    for (unsigned j = 0; j < op.num_targets; ++j)
      if ((fixed >> j) & 1u) values |= QubitMask{1} << op.targets[j];
    for (std::size_t r = 0; r < sub_dim; ++r)
      for (std::size_t c = 0; c < sub_dim; ++c) block[r * sub_dim + c] = m[index(r, fixed) * dim + index(c, fixed)];
    QubitOp part = rest_targets.empty() ? QubitOp::phase(block[0]) : QubitOp::dense(rest_targets, block);
    part.control_mask = op.control_mask | selector_qubits;
    part.control_values = op.control_values | values;
    out.part_coefficients.emplace_back();
    out.parts.push_back(
        prepare_kernel<T>(part, t.num_qubits, t.table, t.threads, out.part_coefficients.back(), t.workspace));
    if (fixed == selectors) break;
  }
}

template <class T>
void prepare_dense(const Target<T>& t, const QubitOp& op) {
  if (prepare_two_pairs(t, op)) return;
  if (op.num_targets == 1) {  // a two-level op: on a register-selecting target, or real on a lane one
    const QubitMask bit = QubitMask{1} << op.targets[0];
    const std::span<const Complex> m = op.dense_matrix();  // coeffs, or a borrowed matrix
    QubitOp two = QubitOp::two_level(bit, 0, {m[0], m[1], m[2], m[3]});
    two.control_mask = op.control_mask;
    two.control_values = op.control_values;
    if (op.targets[0] >= t.lanes_log2()) return prepare_two_level(t, two);
    if (prepare_real_lane(t, two)) return;
  }
  if (prepare_lane_terms(t, op)) return;
  // Targets the matrix never flips cost nothing to mix: a register-selecting one becomes a control
  // (one op per value), a lane one only selects each lane's coefficients. (A fused CNOT with the
  // rotation on its target, when one of the two is a lane qubit: one pass of a 2x2 instead of a 4x4.)
  const unsigned unflipped = unflipped_bits(op);
  unsigned selectors = 0, lane_selectors = 0;
  for (unsigned j = 0; j < op.num_targets; ++j) {
    if (!((unflipped >> j) & 1u)) continue;
    if (op.targets[j] >= t.lanes_log2()) selectors |= 1u << j;
    else lane_selectors |= 1u << op.targets[j];
  }
  // Split only states in cache, where arithmetic is what costs: on a state in memory the parts are two
  // strided passes where the 4x4 kernel makes one (CNOT-like kernels that touch half the registers
  // still take 0.6 of a full pass).
  const bool in_cache = (sizeof(Amplitude<T>) << t.num_qubits) <= kCacheResidentBytes;
  if (selectors != 0 && in_cache) return prepare_blocks(t, op, selectors);
  // Otherwise, one pass of a kernel that multiplies only the blocks, where the matrix has them (after
  // the split: in cache the parts of a controlled rotation touch shares of the tile, and with the
  // blocks' kernel first wstate_n27 took 0.92-0.98 s against 0.81-0.86, tiled).
  if (prepare_permuted_blocks(t, op)) return;
  DenseSplit split = split_dense_targets(op, t.lanes_log2());
  split.mixed_lane_mask &= ~lane_selectors;
  const LaneControls lanes = lane_controls(t, op);
  const bool per_lane = split.lane_target_mask != 0 || lanes.mask != 0;
  kernels::KernelFn<T> kernel = split.num_high <= kernels::kMaxKernelTargets
                                    ? t.table.dense[split.num_high][split.mixed_lane_mask][per_lane]
                                    : nullptr;
  if (kernel && all_real(op.dense_matrix())) {  // real matrices: half the multiply-adds
    const kernels::KernelFn<T> real = per_lane ? t.table.dense_real_per_lane[split.num_high][split.mixed_lane_mask]
                                               : t.table.dense_real[split.num_high];
    if (real) kernel = real;
  }
  if (!kernel) {  // the runtime-sized path, on a copy that owns its matrix
    PreparedKernel<T>& out = t.out;
    out.large = true;
    out.large_op = op;
    const std::span<const Complex> m = op.dense_matrix();
    out.large_matrix.assign(m.begin(), m.end());
    out.large_op.external_matrix = out.large_matrix.data();
    out.args.threads = t.threads;
    return;
  }

  KernelArgs<T> a = dense_group_args(t, op, split);
  T* coef = t.coefficients.template get_as<T>(dense_coefficient_scalars(split, per_lane));
  build_dense_coefficients(split, op.dense_matrix(), lanes, per_lane, coef);
  finish(t, a, coef, kernel);
}

template <class T>
using Handler = void (*)(const Target<T>&, const QubitOp&);
template <class T>
constexpr Handler<T> kHandlers[kNumOpShapes] = {&prepare_phase<T>, &prepare_parity<T>, &prepare_two_level<T>,
                                                &prepare_dense<T>};

}  // namespace

template <class T>
void PreparedKernel<T>::run(Amplitude<T>* amps, unsigned num_qubits) const {
  if (large) return apply_dense_large(amps, num_qubits, large_op, args.threads);
  for (const PreparedKernel& part : parts) part.run(amps, num_qubits);
  if (!kernel) return;
  kernels::KernelArgs<T> on = args;  // a copy per run: runs on several tiles may go on at once
  on.amps = reinterpret_cast<T*>(amps);
  kernel(on);
}

template <class T>
PreparedKernel<T> prepare_kernel(const QubitOp& op, unsigned num_qubits, const KernelTable<T>& table, unsigned threads,
                                 AlignedScratch& coefficients, Workspace& workspace) {
  PreparedKernel<T> out;
  const Target<T> target{num_qubits, table, threads, coefficients, workspace, out};
  kHandlers<T>[static_cast<unsigned>(op.shape)](target, op);
  return out;
}

template struct PreparedKernel<double>;
template struct PreparedKernel<float>;
template PreparedKernel<double> prepare_kernel<double>(const QubitOp&, unsigned, const KernelTable<double>&, unsigned,
                                                       AlignedScratch&, Workspace&);
template PreparedKernel<float> prepare_kernel<float>(const QubitOp&, unsigned, const KernelTable<float>&, unsigned,
                                                     AlignedScratch&, Workspace&);

}  // namespace qrt::sv
