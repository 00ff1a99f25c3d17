#include "observables/block_kernels.hpp"

#include "measure/bits.hpp"
#include "measure/parallel.hpp"
#include "observables/pauli_kernels.hpp"

#include <algorithm>
#include <vector>

namespace qrt::sv {

namespace {

using bits::Index;

// The geometry shared by both kernels.
struct BlockLayout {
  std::size_t block_bits;
  std::vector<Index> offsets;  // amplitude offset of local index b (block_qubits[0] = MSB of b)
  Index outer_mask;            // every qubit outside the block
  std::size_t outer_count;

  BlockLayout(std::size_t num_qubits, const CompiledTerm& term) {
    const std::vector<std::size_t> qubits = term.block_qubits();
    block_bits = qubits.size();
    offsets.resize(std::size_t{1} << block_bits);
    for (Index b = 0; b < offsets.size(); ++b) offsets[b] = bits::scatter(b, qubits);
    outer_mask = bits::low_mask(num_qubits) & ~bits::mask_of(qubits);
    outer_count = std::size_t{1} << (num_qubits - block_bits);
  }
  // Outer assignments per chunk: about kChunkAmplitudes amplitudes of work.
  std::size_t outers_per_chunk() const { return std::max<std::size_t>(1, parallel::kChunkAmplitudes >> block_bits); }
};

// Applies the dense factors, one after the other, to a local block vector. Factor f owns a
// contiguous range of local bits (factors are listed MSB first), so applying it is a plain
// (outer, row, inner) loop. Returns the buffer holding the result (`vector` or `scratch`).
std::complex<double>* apply_factors(const std::vector<DenseFactor>& factors, std::size_t block_bits,
                                    std::complex<double>* vector, std::complex<double>* scratch) {
  std::size_t bits_above = 0;  // local bits taken by earlier (more significant) factors
  for (const DenseFactor& factor : factors) {
    const std::size_t m = factor.qubits.size();
    const std::size_t dim = std::size_t{1} << m;
    const std::size_t inner = std::size_t{1} << (block_bits - bits_above - m);
    const std::size_t outer = std::size_t{1} << bits_above;
    const std::complex<double>* matrix = factor.matrix.data();
    for (std::size_t o = 0; o < outer; ++o) {
      const std::complex<double>* in = vector + o * dim * inner;
      std::complex<double>* out = scratch + o * dim * inner;
      for (std::size_t row = 0; row < dim; ++row) {
        for (std::size_t i = 0; i < inner; ++i) out[row * inner + i] = 0.0;
        for (std::size_t col = 0; col < dim; ++col) {
          const std::complex<double> entry = matrix[row * dim + col];
          for (std::size_t i = 0; i < inner; ++i) out[row * inner + i] += entry * in[col * inner + i];
        }
      }
    }
    std::swap(vector, scratch);
    bits_above += m;
  }
  return vector;
}

// Calls visit(base, transformed_block) for every outer assignment, where transformed_block[b] is
// (B |ket>) at amplitude base + offsets[b]; chunks are those of parallel::for_each_chunk.
template <class Visit>
void for_each_block(const std::complex<double>* ket, const CompiledTerm& term, const BlockLayout& layout,
                    int workers, const Visit& visit) {
  const std::size_t block = layout.offsets.size();
  parallel::for_each_chunk(layout.outer_count, layout.outers_per_chunk(), workers,
                           [&](std::size_t chunk, std::size_t begin, std::size_t end) {
                             std::vector<std::complex<double>> buffers(2 * block);
                             Index base = bits::deposit(begin, layout.outer_mask);
                             for (std::size_t outer = begin; outer < end; ++outer) {
                               for (std::size_t b = 0; b < block; ++b) buffers[b] = ket[base + layout.offsets[b]];
                               const std::complex<double>* result =
                                   apply_factors(term.dense, layout.block_bits, buffers.data(), buffers.data() + block);
                               visit(chunk, base, result);
                               base = bits::next_submask(base, layout.outer_mask);
                             }
                           });
}

}  // namespace

std::complex<double> block_inner(const std::complex<double>* bra, const std::complex<double>* ket,
                                 std::size_t num_qubits, const CompiledTerm& term, int threads) {
  const BlockLayout layout(num_qubits, term);
  const int workers = parallel::workers_for(std::size_t{1} << num_qubits, threads);
  std::vector<std::complex<double>> partial(parallel::chunk_count(layout.outer_count, layout.outers_per_chunk()));
  for_each_block(ket, term, layout, workers, [&](std::size_t chunk, Index base, const std::complex<double>* block) {
    const std::complex<double>* bra_block = bra + (base ^ term.pauli.flip);
    std::complex<double> sum = 0.0;
    for (std::size_t b = 0; b < layout.offsets.size(); ++b) sum += std::conj(bra_block[layout.offsets[b]]) * block[b];
    partial[chunk] += bits::parity(base & term.pauli.sign) ? -sum : sum;
  });
  std::complex<double> total = 0.0;
  for (const auto& value : partial) total += value;  // chunk order: independent of the thread count
  return i_power(term.pauli.y_count) * total;
}

void block_accumulate(const std::complex<double>* ket, std::size_t num_qubits, const CompiledTerm& term,
                      std::complex<double> scale, std::complex<double>* acc, int threads) {
  const BlockLayout layout(num_qubits, term);
  const int workers = parallel::workers_for(std::size_t{1} << num_qubits, threads);
  const std::complex<double> factor = scale * i_power(term.pauli.y_count);
  // Each outer assignment writes only its own image block (base ^ flip): chunks never collide.
  for_each_block(ket, term, layout, workers, [&](std::size_t, Index base, const std::complex<double>* block) {
    std::complex<double>* acc_block = acc + (base ^ term.pauli.flip);
    const std::complex<double> signed_factor = bits::parity(base & term.pauli.sign) ? -factor : factor;
    for (std::size_t b = 0; b < layout.offsets.size(); ++b) acc_block[layout.offsets[b]] += signed_factor * block[b];
  });
}

}  // namespace qrt::sv
