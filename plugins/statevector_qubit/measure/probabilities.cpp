#include "measure/probabilities.hpp"

#include "measure/bits.hpp"
#include "measure/errors.hpp"
#include "measure/parallel.hpp"
#include "measure/validation.hpp"

#include <algorithm>
#include <bit>
#include <string>

namespace qrt::sv {

namespace {

using bits::Index;

// Tile geometry: a tile spans up to 2^14 amplitudes (256 KiB read, a 128 KiB sum buffer), made of
// runs of up to 2^7 contiguous amplitudes on the read side and runs of up to 2^7 contiguous output
// entries on the write side, so both sides stream whole cache lines even when the qubit order
// transposes the index (the common all-qubits-in-allocation-order case is a full bit reversal).
constexpr std::size_t kTileBits = 14;
constexpr std::size_t kRunBits = 7;
constexpr std::size_t kOutputRunBits = 7;
// Outputs of at most 2^10 entries are summed in per-range partial histograms; larger outputs are
// cut into output tiles, at least kMinOwnedTiles of them so every thread owns some.
constexpr std::size_t kMaxHistogramBits = 10;
constexpr std::size_t kMinOwnedTileBits = 6;
// Number of partial histograms: fixed, so results do not depend on the thread count.
constexpr std::size_t kPartialHistograms = 64;

// Output index of an amplitude index (listed qubits' bits, q0 most significant), by byte tables:
// a few lookups instead of one step per listed qubit.
class OutputIndexer {
 public:
  OutputIndexer(std::size_t num_qubits, std::span<const std::size_t> qubits) : bytes_((num_qubits + 7) / 8) {
    table_.resize(bytes_ * 256);
    for (std::size_t byte = 0; byte < bytes_; ++byte) {
      for (Index value = 0; value < 256; ++value) table_[byte * 256 + value] = bits::gather(value << (8 * byte), qubits);
    }
  }
  Index operator()(Index amplitude) const {
    Index result = 0;
    for (std::size_t byte = 0; byte < bytes_; ++byte) result |= table_[byte * 256 + ((amplitude >> (8 * byte)) & 0xff)];
    return result;
  }

 private:
  std::size_t bytes_;
  std::vector<Index> table_;
};

enum class Strategy { PartialHistograms, OwnedTiles };

// How one probs() call walks the state.
//
// Amplitude bits split three ways: tile bits, kept outer bits (listed qubits outside the tile: they
// select the output tile) and traced outer bits (unlisted qubits outside the tile: summed over).
// The tile is the lowest amplitude bits (contiguous runs of `run_length`) plus the qubits giving
// the lowest output bits. Norms are summed in tile order into a buffer over all traced
// combinations — contiguous, vectorisable adds — and permuted into the output once per output tile.
struct Plan {
  Strategy strategy;
  Index kept_outer = 0;
  Index traced_outer = 0;
  std::size_t run_length = 1;
  std::vector<Index> run_offsets;     // amplitude offset of run r
  std::vector<Index> run_output;      // output offset contributed by run r
  std::vector<Index> element_output;  // output offset contributed by element e of a run
  bool one_to_one = false;            // every tile element has its own output entry
  OutputIndexer output_index;

  Plan(std::size_t num_qubits, std::span<const std::size_t> listed) : output_index(num_qubits, listed) {
    const std::size_t k = listed.size();
    const Index kept = bits::mask_of(listed);
    const Index tile = choose_tile(num_qubits, listed);
    strategy = k <= kMaxHistogramBits ? Strategy::PartialHistograms : Strategy::OwnedTiles;
    kept_outer = kept & ~tile;
    traced_outer = bits::low_mask(num_qubits) & ~kept & ~tile;
    one_to_one = (tile & ~kept) == 0 && traced_outer == 0;

    const auto run_bits = static_cast<std::size_t>(std::countr_one(tile));
    run_length = std::size_t{1} << run_bits;
    for (Index e = 0; e < run_length; ++e) element_output.push_back(bits::gather(e, listed));
    // Runs are numbered so that consecutive runs fill consecutive output entries where possible:
    // kept run qubits by increasing output bit, then traced ones.
    std::vector<std::size_t> run_qubits;
    for (std::size_t j = k; j-- > 0;) {
      if ((tile & bits::bit(listed[j])) && listed[j] >= run_bits) run_qubits.push_back(listed[j]);
    }
    for (std::size_t q = run_bits; q < num_qubits; ++q) {
      if ((tile & bits::bit(q)) && !(kept & bits::bit(q))) run_qubits.push_back(q);
    }
    for (Index r = 0; r < (Index{1} << run_qubits.size()); ++r) {
      Index offset = 0;
      for (std::size_t j = 0; j < run_qubits.size(); ++j) offset |= ((r >> j) & 1) << run_qubits[j];
      run_offsets.push_back(offset);
      run_output.push_back(bits::gather(offset, listed));
    }
  }

  // Tile bits. Small outputs: every listed qubit plus the lowest amplitude bits. Large outputs: up
  // to kRunBits low amplitude bits and kOutputRunBits lowest output bits, shrunk until at least
  // 2^kMinOwnedTileBits output tiles remain, then widened with further low amplitude bits.
  static Index choose_tile(std::size_t num_qubits, std::span<const std::size_t> listed) {
    const std::size_t k = listed.size();
    const Index kept = bits::mask_of(listed);
    const auto tile_of = [&](std::size_t run_bits, std::size_t output_bits) {
      Index tile = bits::low_mask(run_bits);
      for (std::size_t b = 0; b < output_bits; ++b) tile |= bits::bit(listed[k - 1 - b]);
      return tile;
    };
    Index tile = 0;
    std::size_t kept_budget = k;
    if (k <= kMaxHistogramBits) {
      tile = kept;
    } else {
      kept_budget = k - kMinOwnedTileBits;
      std::size_t run_bits = std::min(kRunBits, num_qubits);
      std::size_t output_bits = std::min(kOutputRunBits, k);
      tile = tile_of(run_bits, output_bits);
      while (static_cast<std::size_t>(std::popcount(tile & kept)) > kept_budget) {
        (output_bits >= run_bits ? output_bits : run_bits) -= 1;
        tile = tile_of(run_bits, output_bits);
      }
    }
    for (std::size_t q = 0; q < num_qubits && static_cast<std::size_t>(std::popcount(tile)) < kTileBits; ++q) {
      const bool over_budget = (kept & bits::bit(q)) && !(tile & bits::bit(q)) &&
                               static_cast<std::size_t>(std::popcount(tile & kept)) >= kept_budget;
      if (over_budget) break;  // runs must stay the lowest contiguous bits
      tile |= bits::bit(q);
    }
    return tile;
  }

  std::size_t tile_size() const { return run_offsets.size() * run_length; }
  std::size_t kept_tiles() const { return std::size_t{1} << std::popcount(kept_outer); }
  std::size_t traced_tiles() const { return std::size_t{1} << std::popcount(traced_outer); }

  // sums[r * run_length + e] (+)= |amplitude e of run r of the tile at `base`|^2
  template <bool kAccumulate>
  void add_norms(const std::complex<double>* state, Index base, double* sums) const {
    for (std::size_t r = 0; r < run_offsets.size(); ++r) {
      const double* amplitudes = reinterpret_cast<const double*>(state + base + run_offsets[r]);
      double* run_sums = sums + r * run_length;
#pragma omp simd
      for (std::size_t e = 0; e < run_length; ++e) {
        const double norm = amplitudes[2 * e] * amplitudes[2 * e] + amplitudes[2 * e + 1] * amplitudes[2 * e + 1];
        run_sums[e] = kAccumulate ? run_sums[e] + norm : norm;
      }
    }
  }

  // Moves the tile sums into `out` (the output tile's first entry): element-major so each inner loop
  // writes one contiguous output run. kAccumulate adds instead of assigning, for tiles where several
  // elements share an output entry or for partial histograms.
  template <bool kAccumulate>
  void flush(const double* sums, double* out) const {
    const std::size_t runs = run_offsets.size();
    for (std::size_t e = 0; e < run_length; ++e) {
      double* element_out = out + element_output[e];
      for (std::size_t r = 0; r < runs; ++r) {
        const double value = sums[r * run_length + e];
        element_out[run_output[r]] = kAccumulate ? element_out[run_output[r]] + value : value;
      }
    }
  }
  void zero_output_tile(double* out) const {
    for (Index e_out : element_output) {
      for (Index r_out : run_output) out[e_out + r_out] = 0.0;
    }
  }
};

// Large outputs: each output tile (a kept-outer combination) is owned by one chunk, which sums it
// over all traced combinations and writes it directly — no partial histograms.
void probs_owned_tiles(const std::complex<double>* state, const Plan& plan, double* out, int workers) {
  const std::size_t work_per_tile = plan.tile_size() * plan.traced_tiles();
  const std::size_t chunk = std::max<std::size_t>(1, parallel::kChunkAmplitudes / work_per_tile);
  parallel::for_each_chunk(plan.kept_tiles(), chunk, workers, [&](std::size_t, std::size_t begin, std::size_t end) {
    std::vector<double> sums(plan.tile_size());
    Index kept = bits::deposit(begin, plan.kept_outer);
    for (std::size_t tile = begin; tile < end; ++tile, kept = bits::next_submask(kept, plan.kept_outer)) {
      plan.add_norms<false>(state, kept, sums.data());
      for (Index traced = plan.traced_outer & (~plan.traced_outer + 1); traced != 0;
           traced = bits::next_submask(traced, plan.traced_outer)) {
        plan.add_norms<true>(state, kept | traced, sums.data());
      }
      double* tile_out = out + plan.output_index(kept);
      if (plan.one_to_one) {
        plan.flush<false>(sums.data(), tile_out);
      } else {
        plan.zero_output_tile(tile_out);
        plan.flush<true>(sums.data(), tile_out);
      }
    }
  });
}

// Small outputs: every listed qubit is in the tile, so all outer combinations are traced. They are
// split into a fixed number of ranges; each range sums its tiles, then histograms its sums, and the
// histograms are added in range order.
void probs_partial_histograms(const std::complex<double>* state, const Plan& plan, std::span<double> out,
                              int workers) {
  const std::size_t combinations = plan.traced_tiles();
  const std::size_t per_range = parallel::chunk_count(combinations, std::min(kPartialHistograms, combinations));
  const std::size_t ranges = parallel::chunk_count(combinations, per_range);
  std::vector<double> partial(ranges * out.size(), 0.0);
  parallel::for_each_chunk(combinations, per_range, workers, [&](std::size_t range, std::size_t begin, std::size_t end) {
    std::vector<double> sums(plan.tile_size(), 0.0);
    Index traced = bits::deposit(begin, plan.traced_outer);
    for (std::size_t combination = begin; combination < end; ++combination) {
      plan.add_norms<true>(state, traced, sums.data());
      traced = bits::next_submask(traced, plan.traced_outer);
    }
    plan.flush<true>(sums.data(), partial.data() + range * out.size());
  });
  std::fill(out.begin(), out.end(), 0.0);
  for (std::size_t range = 0; range < ranges; ++range) {
    const double* histogram = partial.data() + range * out.size();
    for (std::size_t o = 0; o < out.size(); ++o) out[o] += histogram[o];
  }
}

}  // namespace

void probs(const std::complex<double>* state, std::size_t num_qubits, std::span<const std::size_t> qubits,
           std::span<double> out, int threads) {
  check_state(state, num_qubits, "probs");
  check_qubits(qubits, num_qubits, "probs");
  check_threads(threads, "probs");
  const std::size_t expected = std::size_t{1} << qubits.size();
  if (out.size() != expected) {
    fail(ErrorKind::InvalidArgument, "probs: output has " + std::to_string(out.size()) + " entries, expected 2^" +
                                         std::to_string(qubits.size()) + " = " + std::to_string(expected));
  }
  const Plan plan(num_qubits, qubits);
  const int workers = parallel::workers_for(std::size_t{1} << num_qubits, threads);
  switch (plan.strategy) {
    case Strategy::OwnedTiles: probs_owned_tiles(state, plan, out.data(), workers); break;
    case Strategy::PartialHistograms: probs_partial_histograms(state, plan, out, workers); break;
  }
}

std::vector<double> probs(const std::complex<double>* state, std::size_t num_qubits,
                          std::span<const std::size_t> qubits, int threads) {
  check_qubits(qubits, num_qubits, "probs");
  std::vector<double> out(std::size_t{1} << qubits.size());
  probs(state, num_qubits, qubits, out, threads);
  return out;
}

std::array<double, 2> qubit_probabilities(const std::complex<double>* state, std::size_t num_qubits,
                                          std::size_t qubit, int threads) {
  std::array<double, 2> result{};
  const std::size_t qubits[] = {qubit};
  probs(state, num_qubits, qubits, result, threads);
  return result;
}

}  // namespace qrt::sv
