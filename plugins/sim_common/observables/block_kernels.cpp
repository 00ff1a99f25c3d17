#include "observables/block_kernels.hpp"

#include "measure/bits.hpp"
#include "measure/parallel.hpp"
#include "observables/pauli_kernels.hpp"

#include <algorithm>
#include <bit>
#include <vector>

namespace qrt::sv {

namespace {

using bits::Index;

// Blocks are processed a run at a time: `run_length` consecutive amplitudes (the index bits below
// every dense and flipped qubit) share one pass through the factor loops, whose inner loops are then
// contiguous and vectorise. A run holds at most 2^12 amplitudes in all 2^d blocks together.
constexpr std::size_t kMaxRunBits = 12;

// The geometry shared by both kernels.
struct BlockLayout {
  std::size_t block_bits;
  std::size_t run_length;
  std::vector<Index> offsets;    // amplitude offset of local index b (block_qubits[0] = MSB of b)
  std::vector<double> run_sign;  // (-1)^parity(t & sign) for the run positions t
  Index outer_mask;              // qubits outside the block and above the run
  std::size_t outer_count;

  BlockLayout(std::size_t num_qubits, const CompiledTerm& term) {
    const std::vector<std::size_t> qubits = term.block_qubits();
    block_bits = qubits.size();
    offsets.resize(std::size_t{1} << block_bits);
    for (Index b = 0; b < offsets.size(); ++b) offsets[b] = bits::scatter(b, qubits);
    const Index block_mask = bits::mask_of(qubits);
    const std::size_t max_run_bits = kMaxRunBits > block_bits ? kMaxRunBits - block_bits : 0;
    const auto run_bits = std::min({static_cast<std::size_t>(std::countr_zero(block_mask | term.pauli.flip)),
                                    max_run_bits, num_qubits - block_bits});
    run_length = std::size_t{1} << run_bits;
    for (Index t = 0; t < run_length; ++t) run_sign.push_back(bits::parity(t & term.pauli.sign) ? -1.0 : 1.0);
    outer_mask = bits::low_mask(num_qubits) & ~block_mask & ~bits::low_mask(run_bits);
    outer_count = std::size_t{1} << (num_qubits - block_bits - run_bits);
  }
  std::size_t amplitudes_per_run() const { return offsets.size() * run_length; }
  // Runs per chunk: about kChunkAmplitudes amplitudes of work.
  std::size_t runs_per_chunk() const {
    return std::max<std::size_t>(1, parallel::kChunkAmplitudes / amplitudes_per_run());
  }
};

// Applies the dense factors, one after the other, to the local vectors of a run, laid out as
// vector[b * run_length + t]. Factor f owns a contiguous range of the local bits (factors are listed
// MSB first), so applying it is a plain (outer, row, column, inner) loop whose inner loop covers the
// lower local bits and the run. Returns the buffer holding the result (`vector` or `scratch`).
std::complex<double>* apply_factors(const std::vector<DenseFactor>& factors, std::size_t block_bits,
                                    std::size_t run_length, std::complex<double>* vector,
                                    std::complex<double>* scratch) {
  std::size_t bits_above = 0;  // local bits taken by earlier (more significant) factors
  for (const DenseFactor& factor : factors) {
    const std::size_t m = factor.qubits.size();
    const std::size_t dim = std::size_t{1} << m;
    const std::size_t inner = (std::size_t{1} << (block_bits - bits_above - m)) * run_length;
    const std::size_t outer = std::size_t{1} << bits_above;
    const std::complex<double>* matrix = factor.matrix.data();
    for (std::size_t o = 0; o < outer; ++o) {
      const std::complex<double>* in = vector + o * dim * inner;
      std::complex<double>* out = scratch + o * dim * inner;
      for (std::size_t row = 0; row < dim; ++row) {
        std::complex<double>* out_row = out + row * inner;
        std::fill(out_row, out_row + inner, std::complex<double>(0.0));
        for (std::size_t col = 0; col < dim; ++col) {
          const std::complex<double> entry = matrix[row * dim + col];
          const std::complex<double>* in_row = in + col * inner;
          for (std::size_t i = 0; i < inner; ++i) out_row[i] += entry * in_row[i];
        }
      }
    }
    std::swap(vector, scratch);
    bits_above += m;
  }
  return vector;
}

// Calls visit(chunk, base, transformed) for every run base, where transformed[b * run_length + t] is
// (B |ket>) at amplitude base + offsets[b] + t; chunks are those of parallel::for_each_chunk.
template <class T, class Visit>
void for_each_run(const std::complex<T>* ket, const CompiledTerm& term, const BlockLayout& layout, int workers,
                  const Visit& visit) {
  const std::size_t size = layout.amplitudes_per_run();
  const std::size_t run = layout.run_length;
  parallel::for_each_chunk(
      layout.outer_count, layout.runs_per_chunk(), workers, [&](std::size_t chunk, std::size_t begin, std::size_t end) {
        std::vector<std::complex<double>> buffers(2 * size);
        Index base = bits::deposit(begin, layout.outer_mask);
        for (std::size_t outer = begin; outer < end; ++outer) {
          for (std::size_t b = 0; b < layout.offsets.size(); ++b) {
            std::copy_n(ket + base + layout.offsets[b], run, buffers.data() + b * run);
          }
          const std::complex<double>* result =
              apply_factors(term.dense, layout.block_bits, run, buffers.data(), buffers.data() + size);
          visit(chunk, base, result);
          base = bits::next_submask(base, layout.outer_mask);
        }
      });
}

}  // namespace

template <class T>
std::complex<double> block_inner(const std::complex<T>* bra, const std::complex<T>* ket, std::size_t num_qubits,
                                 const CompiledTerm& term, int threads) {
  const BlockLayout layout(num_qubits, term);
  const int workers = parallel::workers_for(std::size_t{1} << num_qubits, threads);
  const std::size_t run = layout.run_length;
  std::vector<std::complex<double>> partial(parallel::chunk_count(layout.outer_count, layout.runs_per_chunk()));
  for_each_run(ket, term, layout, workers, [&](std::size_t chunk, Index base, const std::complex<double>* block) {
    const std::complex<T>* bra_run = bra + (base ^ term.pauli.flip);
    std::complex<double> sum = 0.0;
    for (std::size_t b = 0; b < layout.offsets.size(); ++b) {
      for (std::size_t t = 0; t < run; ++t) {
        sum +=
            layout.run_sign[t] * (std::conj(std::complex<double>(bra_run[layout.offsets[b] + t])) * block[b * run + t]);
      }
    }
    partial[chunk] += bits::parity(base & term.pauli.sign) ? -sum : sum;
  });
  std::complex<double> total = 0.0;
  for (const auto& value : partial) total += value;  // chunk order: independent of the thread count
  return i_power(term.pauli.y_count) * total;
}

template <class T>
void block_accumulate(const std::complex<T>* ket, std::size_t num_qubits, const CompiledTerm& term,
                      std::complex<double> scale, std::complex<T>* acc, int threads) {
  const BlockLayout layout(num_qubits, term);
  const int workers = parallel::workers_for(std::size_t{1} << num_qubits, threads);
  const std::complex<double> factor = scale * i_power(term.pauli.y_count);
  const std::size_t run = layout.run_length;
  // Each run base writes only its own image (base ^ flip): chunks never collide.
  for_each_run(ket, term, layout, workers, [&](std::size_t, Index base, const std::complex<double>* block) {
    std::complex<T>* acc_run = acc + (base ^ term.pauli.flip);
    const std::complex<double> signed_factor = bits::parity(base & term.pauli.sign) ? -factor : factor;
    for (std::size_t b = 0; b < layout.offsets.size(); ++b) {
      for (std::size_t t = 0; t < run; ++t) {
        std::complex<T>& out = acc_run[layout.offsets[b] + t];
        out = std::complex<T>(std::complex<double>(out) + (signed_factor * layout.run_sign[t]) * block[b * run + t]);
      }
    }
  });
}

#define QRT_SV_INSTANTIATE(T)                                                                                       \
  template std::complex<double> block_inner<T>(const std::complex<T>*, const std::complex<T>*, std::size_t,         \
                                               const CompiledTerm&, int);                                           \
  template void block_accumulate<T>(const std::complex<T>*, std::size_t, const CompiledTerm&, std::complex<double>, \
                                    std::complex<T>*, int);
QRT_SV_INSTANTIATE(double)
QRT_SV_INSTANTIATE(float)
#undef QRT_SV_INSTANTIATE

}  // namespace qrt::sv
