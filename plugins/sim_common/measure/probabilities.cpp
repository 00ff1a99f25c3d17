#include "measure/probabilities.hpp"

#include "measure/bits.hpp"
#include "measure/errors.hpp"
#include "measure/parallel.hpp"
#include "measure/probs_plan.hpp"
#include "measure/streaming_store.hpp"
#include "measure/validation.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <memory>
#include <string>

namespace qrt::sv {

namespace {

using bits::Index;
using Kernel = ProbsPlan::Kernel;

// Number of partial histograms: fixed, so results do not depend on the thread count.
constexpr std::size_t kPartialHistograms = 64;

// The kernels below all read the state exactly once. Each receives the plan, the state, the output
// and the thread count.
template <class T>
using ProbsKernel = void (*)(const ProbsPlan&, const std::complex<T>*, std::span<double>, int);

// Output tiles per chunk: about parallel::kChunkAmplitudes amplitudes of work.
std::size_t tiles_per_chunk(const ProbsPlan& plan) {
  return std::max<std::size_t>(1, parallel::kChunkAmplitudes / (plan.tile_size() * plan.traced_tiles()));
}

// Large outputs whose entries gather several amplitudes: each output tile is owned by one chunk,
// which sums it over all traced combinations into a buffer and adds it into the zeroed output.
template <class T>
void buffered_tiles(const ProbsPlan& plan, const std::complex<T>* state, std::span<double> out, int workers) {
  parallel::for_each_chunk(plan.output_tiles(), tiles_per_chunk(plan), workers,
                           [&](std::size_t, std::size_t begin, std::size_t end) {
                             std::vector<double> sums(plan.tile_size());
                             const Index traced_mask = plan.traced_outer();
                             for (std::size_t tile = begin; tile < end; ++tile) {
                               const Index kept = plan.tile_input(tile);
                               plan.add_norms<false>(state, kept, sums.data());
                               for (Index traced = traced_mask & (~traced_mask + 1); traced != 0;
                                    traced = bits::next_submask(traced, traced_mask)) {
                                 plan.add_norms<true>(state, kept | traced, sums.data());
                               }
                               double* tile_out = out.data() + plan.tile_output(tile);
                               plan.zero_output_tile(tile_out);
                               plan.flush<true>(sums.data(), tile_out);
                             }
                           });
}

// Large outputs with one amplitude per entry (all qubits listed, in any order — in allocation
// order this is a full bit reversal of the index): whole output lines computed and stored at once.
template <bool kStreaming, class T>
void line_tiles(const ProbsPlan& plan, const std::complex<T>* state, std::span<double> out, int workers) {
  parallel::for_each_chunk(
      plan.output_tiles(), tiles_per_chunk(plan), workers, [&](std::size_t, std::size_t begin, std::size_t end) {
        for (std::size_t tile = begin; tile < end; ++tile) {
          plan.template write_lines<kStreaming>(state, plan.tile_input(tile), out.data() + plan.tile_output(tile));
        }
        if constexpr (kStreaming) streaming::fence();
      });
}

// All qubits in allocation order: output index = reversed amplitude index. Writing an amplitude index
// as (a, m, c) — b high, n - 2b middle and b low bits — the output index is (rev c, rev m, rev a), so
// the 2^b x 2^b tile of rows a and contiguous columns c at middle bits m is read row by row,
// transposed in a cache-resident buffer, and written as 2^b contiguous output runs.
// The transposition goes eight rows at a time: rows a = (j << (b - 3)) | low for j = 0..7 land on
// eight adjacent tile entries (rev a = rev(low) << 3 | rev(j)), so each column fills one whole cache
// line of the tile instead of touching eight. Output runs are streamed past the cache when the
// output is aligned: each is written once, and write-allocating it would add a read of the output.
template <bool kStreaming, class T>
void reversed_tiles(const ProbsPlan&, const std::complex<T>* state, std::span<double> out, int workers) {
  constexpr std::size_t b = ProbsPlan::kReversalTileBits, side = std::size_t{1} << b;
  constexpr std::size_t group = 8, groups = side / group;
  static_assert(side % group == 0);
  // Tile rows padded by a cache line: a 1 KiB stride would map the transposing writes to 4 L1 sets.
  constexpr std::size_t stride = side + 8;
  const auto n = static_cast<std::size_t>(std::countr_zero(out.size()));
  const std::size_t middle_bits = n - 2 * b, high_shift = n - b;
  std::array<Index, side> reversed{};
  for (std::size_t i = 0; i < side; ++i) reversed[i] = bits::reverse(i, b);
  std::array<std::size_t, group> reversed_in_group{};
  for (std::size_t j = 0; j < group; ++j) reversed_in_group[j] = bits::reverse(j, 3);
  constexpr std::size_t kTilesPerChunk = 4;
  parallel::for_each_chunk(
      std::size_t{1} << middle_bits, kTilesPerChunk, workers, [&](std::size_t, std::size_t begin, std::size_t end) {
        // Line-aligned tile rows, so that each group of eight entries is one cache line.
        const auto tile = std::make_unique_for_overwrite<double[]>(side * stride + group);
        const std::size_t misalignment = reinterpret_cast<std::uintptr_t>(tile.get()) / sizeof(double) % group;
        double* const lines = tile.get() + (group - misalignment) % group;
        for (std::size_t m = begin; m < end; ++m) {
          for (std::size_t low = 0; low < groups; ++low) {
            const std::complex<T>* rows[group];
            for (std::size_t j = 0; j < group; ++j) rows[j] = state + (((j * groups) | low) << high_shift) + (m << b);
            double* const line = lines + reversed[low];  // rev_b(low) = rev_(b-3)(low) << 3, as low < 2^(b-3)
            for (std::size_t c = 0; c < side; ++c)
              for (std::size_t j = 0; j < group; ++j) line[c * stride + reversed_in_group[j]] = bits::norm2(rows[j][c]);
          }
          const Index middle = bits::reverse(m, middle_bits) << b;
          for (std::size_t c = 0; c < side; ++c) {
            const double* run = lines + c * stride;
            double* destination = out.data() + ((reversed[c] << high_shift) | middle);
            if constexpr (kStreaming) {
              for (std::size_t k = 0; k < side; k += 2) streaming::store_pair(destination + k, run[k], run[k + 1]);
            } else {
              std::copy_n(run, side, destination);
            }
          }
        }
        if constexpr (kStreaming) streaming::fence();
      });
}

// Small outputs: the (kept outer, traced) combinations, traced innermost, are split into a fixed
// number of ranges. A range sums tiles while the kept combination stays the same and adds the sums
// into its own histogram when it changes; the histograms are then added in range order.
template <class T>
void partial_histograms(const ProbsPlan& plan, const std::complex<T>* state, std::span<double> out, int workers) {
  const std::size_t traced_tiles = plan.traced_tiles();
  const std::size_t combinations = (std::size_t{1} << std::popcount(plan.kept_outer())) * traced_tiles;
  const std::size_t per_range = parallel::chunk_count(combinations, std::min(kPartialHistograms, combinations));
  const std::size_t ranges = parallel::chunk_count(combinations, per_range);
  std::vector<double> partial(ranges * out.size(), 0.0);
  parallel::for_each_chunk(
      combinations, per_range, workers, [&](std::size_t range, std::size_t begin, std::size_t end) {
        double* histogram = partial.data() + range * out.size();
        std::vector<double> sums(plan.tile_size(), 0.0);
        Index kept = bits::deposit(begin / traced_tiles, plan.kept_outer());
        Index traced = bits::deposit(begin % traced_tiles, plan.traced_outer());
        for (std::size_t combination = begin; combination < end; ++combination) {
          plan.add_norms<true>(state, kept | traced, sums.data());
          traced = bits::next_submask(traced, plan.traced_outer());
          if (traced == 0 || combination + 1 == end) {  // this kept combination is done (in this range)
            plan.flush<true>(sums.data(), histogram + plan.output_offset(kept));
            std::fill(sums.begin(), sums.end(), 0.0);
            kept = bits::next_submask(kept, plan.kept_outer());
          }
        }
      });
  std::fill(out.begin(), out.end(), 0.0);
  for (std::size_t range = 0; range < ranges; ++range) {
    const double* histogram = partial.data() + range * out.size();
    for (std::size_t o = 0; o < out.size(); ++o) out[o] += histogram[o];
  }
}

// Indexed by ProbsPlan::Kernel.
template <class T>
constexpr ProbsKernel<T> kKernels[] = {partial_histograms<T>, buffered_tiles<T>,        line_tiles<false, T>,
                                       line_tiles<true, T>,   reversed_tiles<false, T>, reversed_tiles<true, T>};

}  // namespace

template <class T>
void probs(const std::complex<T>* state, std::size_t num_qubits, std::span<const std::size_t> qubits,
           std::span<double> out, int threads) {
  check_state(state, num_qubits, "probs");
  check_qubits(qubits, num_qubits, "probs");
  check_threads(threads, "probs");
  const std::size_t expected = std::size_t{1} << qubits.size();
  if (out.size() != expected) {
    fail(ErrorKind::InvalidArgument, "probs: output has " + std::to_string(out.size()) + " entries, expected 2^" +
                                         std::to_string(qubits.size()) + " = " + std::to_string(expected));
  }
  const ProbsPlan plan(num_qubits, qubits, streaming::aligned(out.data()));
  kKernels<T>[static_cast<int>(plan.kernel())](plan, state, out,
                                               parallel::workers_for(std::size_t{1} << num_qubits, threads));
}

template <class T>
std::vector<double> probs(const std::complex<T>* state, std::size_t num_qubits, std::span<const std::size_t> qubits,
                          int threads) {
  check_qubits(qubits, num_qubits, "probs");
  std::vector<double> out(std::size_t{1} << qubits.size());
  probs(state, num_qubits, qubits, out, threads);
  return out;
}

template <class T>
std::array<double, 2> qubit_probabilities(const std::complex<T>* state, std::size_t num_qubits, std::size_t qubit,
                                          int threads) {
  std::array<double, 2> result{};
  const std::size_t qubits[] = {qubit};
  probs(state, num_qubits, qubits, result, threads);
  return result;
}

#define QRT_SV_INSTANTIATE(T)                                                                                        \
  template void probs<T>(const std::complex<T>*, std::size_t, std::span<const std::size_t>, std::span<double>, int); \
  template std::vector<double> probs<T>(const std::complex<T>*, std::size_t, std::span<const std::size_t>, int);     \
  template std::array<double, 2> qubit_probabilities<T>(const std::complex<T>*, std::size_t, std::size_t, int);
QRT_SV_INSTANTIATE(double)
QRT_SV_INSTANTIATE(float)
#undef QRT_SV_INSTANTIATE

}  // namespace qrt::sv
