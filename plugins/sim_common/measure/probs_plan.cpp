#include "measure/probs_plan.hpp"

#include "measure/streaming_store.hpp"

#include <algorithm>

namespace qrt::sv {

namespace {

using bits::Index;

constexpr std::size_t kHistogramTileBits = 10;  // 2^10 contiguous amplitudes: 8 KiB of sums, in L1
constexpr std::size_t kRunBits = 11;            // large outputs: 8 runs of 2^11 amplitudes (32 KiB)
constexpr std::size_t kOutputLineBits = 3;      // 8 doubles = one 64-byte cache line
constexpr std::size_t kMaxHistogramBits = 10;   // outputs up to 2^10 entries use partial histograms
constexpr std::size_t kMinOwnedTileBits = 6;    // at least 2^6 output tiles otherwise

std::vector<std::size_t> kept_outer_qubits(std::span<const std::size_t> qubits, Index tile) {
  std::vector<std::size_t> order;
  for (std::size_t j = qubits.size(); j-- > 0;) {  // increasing output bit
    if (!(tile & bits::bit(qubits[j]))) order.push_back(qubits[j]);
  }
  return order;
}

// Every qubit listed in allocation order: output index = the amplitude index's bits reversed.
bool is_full_reversal(std::size_t num_qubits, std::span<const std::size_t> qubits) {
  if (qubits.size() != num_qubits) return false;
  for (std::size_t j = 0; j < qubits.size(); ++j)
    if (qubits[j] != j) return false;
  return true;
}

// Image of each amplitude bit under "amplitude index -> output index" (qubits[j] gives bit k-1-j).
std::vector<Index> output_bit_images(std::size_t num_qubits, std::span<const std::size_t> qubits) {
  std::vector<Index> image(num_qubits, 0);
  for (std::size_t j = 0; j < qubits.size(); ++j) image[qubits[j]] = bits::bit(qubits.size() - 1 - j);
  return image;
}

}  // namespace

Index ProbsPlan::choose_tile(std::size_t num_qubits, std::span<const std::size_t> qubits) {
  const std::size_t k = qubits.size();
  const Index kept = bits::mask_of(qubits);
  if (k <= kMaxHistogramBits) return bits::low_mask(std::min(kHistogramTileBits, num_qubits));
  const std::size_t kept_budget = k - kMinOwnedTileBits;
  std::size_t run_bits = std::min(kRunBits, num_qubits);
  std::size_t line_bits = std::min(kOutputLineBits, k);
  const auto tile_of = [&] {
    Index tile = bits::low_mask(run_bits);
    for (std::size_t b = 0; b < line_bits; ++b) tile |= bits::bit(qubits[k - 1 - b]);
    return tile;
  };
  while (static_cast<std::size_t>(std::popcount(tile_of() & kept)) > kept_budget) {
    (run_bits > 0 ? run_bits : line_bits) -= 1;
  }
  return tile_of();
}

ProbsPlan::ProbsPlan(std::size_t num_qubits, std::span<const std::size_t> qubits, bool output_aligned)
    : output_index_(output_bit_images(num_qubits, qubits)), tile_input_({}), tile_output_({}) {
  const std::size_t k = qubits.size();
  const Index kept = bits::mask_of(qubits);
  const Index tile = choose_tile(num_qubits, qubits);
  traced_outer_ = bits::low_mask(num_qubits) & ~kept & ~tile;
  kept_outer_ = kept & ~tile;
  kept_outer_order_ = kept_outer_qubits(qubits, tile);
  // Output tile t: bit j of t is the j-th kept outer qubit by increasing output bit.
  std::vector<Index> tile_input_images, tile_output_images;
  for (std::size_t q : kept_outer_order_) {
    tile_input_images.push_back(bits::bit(q));
    tile_output_images.push_back(output_index_(bits::bit(q)));
  }
  tile_input_ = BitLinearMap(tile_input_images);
  tile_output_ = BitLinearMap(tile_output_images);

  const auto run_bits = static_cast<std::size_t>(std::countr_one(tile));
  run_length_ = std::size_t{1} << run_bits;
  for (Index e = 0; e < run_length_; ++e) element_output_.push_back(output_index_(e));
  // Runs are numbered so that consecutive runs fill consecutive output entries where possible:
  // kept run qubits by increasing output bit, then traced ones.
  std::vector<std::size_t> run_qubits;
  for (std::size_t j = k; j-- > 0;) {
    if ((tile & bits::bit(qubits[j])) && qubits[j] >= run_bits) run_qubits.push_back(qubits[j]);
  }
  for (std::size_t q = run_bits; q < num_qubits; ++q) {
    if ((tile & bits::bit(q)) && !(kept & bits::bit(q))) run_qubits.push_back(q);
  }
  for (Index r = 0; r < (Index{1} << run_qubits.size()); ++r) {
    Index offset = 0;
    for (std::size_t j = 0; j < run_qubits.size(); ++j) offset |= ((r >> j) & 1) << run_qubits[j];
    run_offsets_.push_back(offset);
    run_output_.push_back(output_index_(offset));
  }

  const bool one_to_one = (tile & ~kept) == 0 && traced_outer_ == 0;
  if (k <= kMaxHistogramBits) {
    kernel_ = Kernel::PartialHistograms;
  } else if (is_full_reversal(num_qubits, qubits) && num_qubits >= kMinReversalQubits) {
    // Lines would write one cache line per 4 KiB page here (a TLB miss each): square tiles move
    // 2^7-long runs on both sides instead.
    kernel_ = streaming::kAvailable && output_aligned ? Kernel::StreamedReversedTiles : Kernel::ReversedTiles;
  } else if (!one_to_one) {
    kernel_ = Kernel::BufferedAccumulate;
  } else {
    kernel_ = streaming::kAvailable && output_aligned ? Kernel::StreamedLines : Kernel::Lines;
    // The tile holds the three qubits of output bits 0-2: line element j is at the amplitude offset
    // with those qubits set as the bits of j; lines are the tile's other assignments, in memory order.
    Index line_mask = 0;
    for (std::size_t j = 0; j < 8; ++j) {
      line_offsets_[j] = 0;
      for (std::size_t b = 0; b < kOutputLineBits; ++b) {
        if ((j >> b) & 1) line_offsets_[j] |= bits::bit(qubits[k - 1 - b]);
      }
      line_mask |= line_offsets_[j];
    }
    Index start = 0;
    do {
      line_starts_.push_back(start);
      line_outputs_.push_back(output_index_(start));
      start = bits::next_submask(start, tile & ~line_mask);
    } while (start != 0);
  }
}

template <bool kAccumulate, class T>
void ProbsPlan::add_norms(const std::complex<T>* state, Index base, double* sums) const {
  for (std::size_t r = 0; r < run_offsets_.size(); ++r) {
    const T* amplitudes = reinterpret_cast<const T*>(state + base + run_offsets_[r]);
    double* run_sums = sums + r * run_length_;
#pragma omp simd
    for (std::size_t e = 0; e < run_length_; ++e) {
      const double re = amplitudes[2 * e], im = amplitudes[2 * e + 1];
      const double norm = re * re + im * im;
      run_sums[e] = kAccumulate ? run_sums[e] + norm : norm;
    }
  }
}

// Element-major, so that each inner loop writes one contiguous output run.
template <bool kAccumulate>
void ProbsPlan::flush(const double* sums, double* out) const {
  const std::size_t runs = run_offsets_.size();
  for (std::size_t e = 0; e < run_length_; ++e) {
    double* element_out = out + element_output_[e];
    for (std::size_t r = 0; r < runs; ++r) {
      const double value = sums[r * run_length_ + e];
      element_out[run_output_[r]] = kAccumulate ? element_out[run_output_[r]] + value : value;
    }
  }
}

void ProbsPlan::zero_output_tile(double* out) const {
  for (Index e_out : element_output_) {
    for (Index r_out : run_output_) out[e_out + r_out] = 0.0;
  }
}

template <bool kStreaming, class T>
void ProbsPlan::write_lines(const std::complex<T>* state, Index base, double* out) const {
  for (std::size_t l = 0; l < line_starts_.size(); ++l) {
    const std::complex<T>* amplitudes = state + base + line_starts_[l];
    double* line = out + line_outputs_[l];
    for (std::size_t j = 0; j < 8; j += 2) {
      const double first = bits::norm2(amplitudes[line_offsets_[j]]);
      const double second = bits::norm2(amplitudes[line_offsets_[j + 1]]);
      if constexpr (kStreaming) {
        streaming::store_pair(line + j, first, second);
      } else {
        line[j] = first;
        line[j + 1] = second;
      }
    }
  }
}

template void ProbsPlan::add_norms<false>(const std::complex<double>*, Index, double*) const;
template void ProbsPlan::add_norms<true>(const std::complex<double>*, Index, double*) const;
template void ProbsPlan::add_norms<false>(const std::complex<float>*, Index, double*) const;
template void ProbsPlan::add_norms<true>(const std::complex<float>*, Index, double*) const;
template void ProbsPlan::flush<false>(const double*, double*) const;
template void ProbsPlan::flush<true>(const double*, double*) const;
template void ProbsPlan::write_lines<false>(const std::complex<double>*, Index, double*) const;
template void ProbsPlan::write_lines<true>(const std::complex<double>*, Index, double*) const;
template void ProbsPlan::write_lines<false>(const std::complex<float>*, Index, double*) const;
template void ProbsPlan::write_lines<true>(const std::complex<float>*, Index, double*) const;

}  // namespace qrt::sv
