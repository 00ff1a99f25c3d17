#include "adjoint/adjoint_sweep.hpp"

#include "adjoint/generator_inner.hpp"
#include "adjoint/segment_pass.hpp"
#include "fusion/fused_block.hpp"
#include "observables/expectation.hpp"
#include "state/parallel_copy.hpp"

#include <algorithm>
#include <bit>
#include <deque>

namespace qrt::sv {

namespace {

// The backward sweep runs over segments: ops on at most kSegmentQubits qubits, gathered across the ops
// they commute with (plan_segments). A segment's generators are all evaluated at its top (before its
// inverse touches ψ and λ) from one reduced transition matrix per λ, each conjugated by the segment's
// ops that follow it. The segment's inverse and the last λ's transition matrix take one pass over ψ
// and λ (segment_pass); other λs of a batch take a transition pass and the inverse. An op on more
// qubits is a segment of its own, and one on more than kMaxReducedQubits is evaluated directly
// (generator_inner) and applied op by op.
// (Layered circuit, n = 20, 600 parameters, bench_adjoint: the gathering makes every segment a CNOT
// with the rotations after it, one pass each. Three passes per segment, or 3-qubit segments, cost
// more: the transition matrix costs d^2 products per d amplitudes.)
constexpr unsigned kSegmentQubits = kMaxSegmentPassQubits;

struct Segment {
  std::vector<std::size_t> ops;  // in sweep order (descending index)
  QubitMask qubits = 0;
  bool trainable = false;
  bool direct = false;
};

QubitMask touched(const BackwardStep& step) {
  QubitMask mask = 0;
  for (const QubitOp& op : step.inverse) mask |= op.touched_mask();
  return mask;
}

// Segments covering the ops from the last down to `first`, in sweep order. Ops on disjoint qubits
// commute, so a segment also takes an earlier op when no op left between them shares its qubits (a
// CNOT ladder's layer then joins each CNOT with the rotations after it). The scan looks back at most
// kLookBack ops.
constexpr std::size_t kLookBack = 256;
std::vector<Segment> plan_segments(std::span<const BackwardStep> steps, std::size_t first) {
  std::vector<Segment> segments;
  std::vector<QubitMask> masks(steps.size());
  QubitMask all = 0;
  for (std::size_t k = first; k < steps.size(); ++k) all |= masks[k] = touched(steps[k]);
  std::vector<bool> taken(steps.size(), false);
  std::size_t top = steps.size();  // ops at or above it are all taken
  while (true) {
    while (top > first && taken[top - 1]) --top;
    if (top == first) break;
    const std::size_t k = top - 1;
    taken[k] = true;
    Segment s{{k}, masks[k], !steps[k].generators.empty(), false};
    const unsigned width = static_cast<unsigned>(std::popcount(s.qubits));
    s.direct = width > kMaxReducedQubits;
    if (width <= kSegmentQubits) {
      QubitMask blocked = 0;  // qubits of the ops left behind: nothing earlier on them may join
      for (std::size_t j = k, scanned = 0; j-- > first && scanned < kLookBack;) {
        if (taken[j]) continue;
        ++scanned;
        const QubitMask next = masks[j];
        if ((next & blocked) == 0 && static_cast<unsigned>(std::popcount(s.qubits | next)) <= kSegmentQubits) {
          taken[j] = true;
          s.ops.push_back(j);
          s.qubits |= next;
          s.trainable = s.trainable || !steps[j].generators.empty();
        } else {
          blocked |= next;
          if ((blocked & all) == all) break;
        }
      }
    }
    segments.push_back(std::move(s));
  }
  return segments;
}

// B† G B (row-major) for B column-major, G row-major (both d x d): the generator seen from the
// segment's top, where the transition matrix is taken.
std::vector<Complex> conjugated(std::span<const Complex> b, const std::vector<Complex>& g, std::size_t d) {
  std::vector<Complex> gb(d * d), out(d * d);
  for (std::size_t x = 0; x < d; ++x)
    for (std::size_t y = 0; y < d; ++y) {
      const Complex gxy = g[x * d + y];
      if (gxy == 0.0) continue;
      for (std::size_t c = 0; c < d; ++c) gb[x * d + c] += gxy * b[y + c * d];
    }
  for (std::size_t a = 0; a < d; ++a)
    for (std::size_t c = 0; c < d; ++c) {
      Complex h = 0.0;
      for (std::size_t x = 0; x < d; ++x) h += std::conj(b[x + a * d]) * gb[x * d + c];
      out[a * d + c] = h;
    }
  return out;
}

// sum_ab A_ab M_ab.
std::complex<double> trace_with(const std::vector<Complex>& a, const std::vector<std::complex<double>>& m) {
  std::complex<double> total = 0.0;
  for (std::size_t e = 0; e < a.size(); ++e) total += a[e] * m[e];
  return total;
}

// A generator's Jacobian column and B† G B on its segment's qubits (conjugated).
struct Pending {
  std::size_t column;
  std::vector<Complex> generator;
};

// A segment ready for its pass: its inverse, its generators and the transition entries they read.
struct SegmentWork {
  FusedBlock block;
  std::vector<Pending> pending;
  std::uint32_t needed;
  SegmentPassSpec spec() const { return {block.local_qubits(), block.column_major(), needed}; }
};

}  // namespace

template <class T>
void adjoint_sweep(const Amplitude<T>* final_state, unsigned num_qubits, std::span<const BackwardStep> steps,
                   std::span<const Observable> observables, const AdjointOutputs& out, Amplitude<T>* psi,
                   Amplitude<T>* lambda, const ExecPolicy& policy, Workspace& workspace) {
  const std::size_t size = std::size_t{1} << num_qubits;
  const unsigned threads = std::max(policy.threads, 1u);
  // The sweep stops at the first op with a trainable parameter: nothing before it matters.
  std::size_t first = steps.size();
  for (std::size_t k = 0; k < steps.size(); ++k)
    if (!steps[k].generators.empty()) {
      first = k;
      break;
    }
  const std::vector<Segment> segments = plan_segments(steps, first);
  ExecPolicy small = policy;  // multiplying the segments' small matrices
  small.threads = 1;
  Workspace small_workspace;
  std::vector<Complex> storage;
  SegmentPassScratch pass_scratch;

  for (std::size_t row = 0; row < observables.size(); ++row) {
    const auto write = [&](std::size_t column, std::complex<double> inner) {
      out.jacobian[row * out.num_columns + column] = 2.0 * inner.imag();
    };
    apply_observable(final_state, num_qubits, observables[row], std::span<Amplitude<T>>(lambda, size),
                     static_cast<int>(threads));
    if (!out.expvals.empty()) out.expvals[row] = plain_inner(final_state, lambda, num_qubits, threads).real();
    if (first == steps.size()) continue;
    copy_amplitudes(psi, final_state, size, threads);

    // Consecutive segments on the low qubits: their passes share one walk over the state in tiles.
    std::deque<SegmentWork> tiled;
    QubitMask tiled_qubits = 0;
    const auto write_all = [&](const SegmentWork& work, const std::vector<std::complex<double>>& transition) {
      for (const Pending& p : work.pending) write(p.column, trace_with(p.generator, transition));
    };
    const auto flush_tiled = [&] {
      if (tiled.empty()) return;
      std::vector<SegmentPassSpec> specs;
      specs.reserve(tiled.size());
      for (const SegmentWork& work : tiled) specs.push_back(work.spec());
      const auto transitions =
          segment_passes(lambda, psi, num_qubits, std::span<const SegmentPassSpec>(specs), policy, pass_scratch);
      for (std::size_t k = 0; k < tiled.size(); ++k) write_all(tiled[k], transitions[k]);
      tiled.clear();
      tiled_qubits = 0;
    };

    for (const Segment& segment : segments) {
      const bool last = &segment == &segments.back();  // nothing is applied after its generators
      if (segment.direct) {
        flush_tiled();
        const BackwardStep& step = steps[segment.ops.front()];
        for (const auto& [column, generator] : step.generators)
          write(column, generator_inner(lambda, psi, num_qubits, generator, threads));
        if (!last)
          for (const QubitOp& op : step.inverse) {
            apply_op(psi, num_qubits, op, policy, workspace);
            apply_op(lambda, num_qubits, op, policy, workspace);
          }
        continue;
      }
      // The segment's inverse, keeping for each generator the product of the segment's ops after it.
      SegmentWork work{FusedBlock(segment.qubits), {}, 0};
      FusedBlock& block = work.block;
      const std::size_t d = std::size_t{1} << block.size();
      for (const std::size_t k : segment.ops) {
        for (const auto& [column, generator] : steps[k].generators)
          work.pending.push_back(
              {column, conjugated(block.column_major(), dense_generator(generator, block.local_qubits()), d)});
        if (last && k == segment.ops.back()) break;
        for (const QubitOp& op : steps[k].inverse) block.absorb(op, small, small_workspace);
      }
      const bool apply = !last && block.op_count() > 0;
      if (apply && segment_pass_applies(num_qubits, block.size())) {
        for (const Pending& p : work.pending)  // at most 4 x 4 entries here
          for (std::size_t e = 0; e < d * d; ++e)
            if (p.generator[e] != Complex(0.0)) work.needed |= std::uint32_t{1} << e;
        if (!segments_fit_tile(num_qubits, block.qubits())) {
          flush_tiled();
          const SegmentPassSpec spec = work.spec();
          write_all(work, segment_passes(lambda, psi, num_qubits, std::span<const SegmentPassSpec>(&spec, 1), policy,
                                         pass_scratch)[0]);
          continue;
        }
        if (!segments_fit_tile(num_qubits, tiled_qubits | block.qubits())) flush_tiled();
        tiled_qubits |= block.qubits();
        tiled.push_back(std::move(work));
        continue;
      }
      // A segment of more qubits than the pass takes, or the last (whose inverse is never needed).
      flush_tiled();
      if (!work.pending.empty()) {
        const std::vector<std::complex<double>> transition =
            reduced_transition(lambda, psi, num_qubits, block.local_qubits(), threads);
        write_all(work, transition);
      }
      if (apply) {
        const QubitOp op = block.to_op(storage);
        apply_op(psi, num_qubits, op, policy, workspace);
        apply_op(lambda, num_qubits, op, policy, workspace);
      }
    }
    flush_tiled();
  }
}

#define QRT_SV_INSTANTIATE(T)                                                                                      \
  template void adjoint_sweep<T>(const Amplitude<T>*, unsigned, std::span<const BackwardStep>,                     \
                                 std::span<const Observable>, const AdjointOutputs&, Amplitude<T>*, Amplitude<T>*, \
                                 const ExecPolicy&, Workspace&);
QRT_SV_INSTANTIATE(double)
QRT_SV_INSTANTIATE(float)
#undef QRT_SV_INSTANTIATE

}  // namespace qrt::sv
