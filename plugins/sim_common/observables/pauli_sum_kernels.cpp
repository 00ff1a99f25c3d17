#include "observables/pauli_sum_kernels.hpp"

#include "measure/parallel.hpp"
#include "observables/pauli_sum_blocks.hpp"

#include <algorithm>
#include <bit>

namespace qrt::sv {

namespace {

using namespace pauli_sum_blocks;

// Re sum over lo of conj(b[lo]) D[lo] k[lo] on one block. With p = conj(b) k: Re D p = Re D Re p - Im D Im p,
// and over plain doubles e (tables duplicated): Re D Re p = sum_e re[e] b[e] k[e], and
// -Im D Im p = (sum over even e - sum over odd e) of im[e] b[e ^ 1] k[e]: products of whole registers and
// an in-lane swap of b, no horizontal sums until the end. kImag: whether the group has imaginary weights
// (words with an odd number of Y); without them Im D = 0. kLanes amplitudes per step, each double with a
// partial sum of its own (a compile-time count: the sums stay in registers); 1 for blocks smaller than that.
template <std::size_t kLanes, bool kSingle, bool kImag, class T>
__attribute__((always_inline)) inline double block_expectation(const T* b, const T* k, const BlockDiagonal& d,
                                                               std::size_t block) {
  double acc_re[2 * kLanes] = {}, acc_im[2 * kLanes] = {};
  const double* re = kSingle ? d.sign : d.re;
  const double* im = kSingle ? d.sign : d.im;
  for (std::size_t lo0 = 0; lo0 < block; lo0 += kLanes)
    for (std::size_t j = 0; j < kLanes; ++j) {
      const std::size_t e = 2 * (lo0 + j);
      acc_re[2 * j] += re[e] * b[e] * k[e];
      acc_re[2 * j + 1] += re[e + 1] * b[e + 1] * k[e + 1];
      if constexpr (kImag) {
        acc_im[2 * j] += im[e] * b[e + 1] * k[e];
        acc_im[2 * j + 1] += im[e + 1] * b[e] * k[e + 1];
      }
    }
  double real_part = 0.0, imag_part = 0.0;
  for (std::size_t j = 0; j < kLanes; ++j) {
    real_part += acc_re[2 * j] + acc_re[2 * j + 1];
    imag_part += acc_im[2 * j] - acc_im[2 * j + 1];
  }
  return kSingle ? d.c_re * real_part + d.c_im * imag_part : real_part + imag_part;
}

// sum over lo of D[lo] |k[lo]|^2 on one block, for the diagonal group (no flip: D is real). Over plain
// doubles: the tables hold each amplitude's entry twice.
template <std::size_t kLanes, bool kSingle, class T>
__attribute__((always_inline)) inline double block_norm(const T* k, const BlockDiagonal& d, std::size_t block) {
  double acc[2 * kLanes] = {};
  const double* weight = kSingle ? d.sign : d.re;
  for (std::size_t e0 = 0; e0 < 2 * block; e0 += 2 * kLanes)
    for (std::size_t j = 0; j < 2 * kLanes; ++j) {
      const double x = k[e0 + j];
      acc[j] += weight[e0 + j] * (x * x);
    }
  double sum = 0.0;
  for (std::size_t j = 0; j < 2 * kLanes; ++j) sum += acc[j];
  return kSingle ? d.c_re * sum : sum;
}

// a[lo] += D[lo] k[lo] on one block.
template <bool kSingle, bool kImag, class T>
__attribute__((always_inline)) inline void block_accumulate(T* a, const T* k, const BlockDiagonal& d,
                                                            std::size_t block) {
  for (std::size_t lo = 0; lo < block; ++lo) {
    double t_re = 0.0, t_im = 0.0;
    diagonal_times<kSingle, kImag>(d, k, lo, t_re, t_im);
    a[2 * lo] = static_cast<T>(a[2 * lo] + t_re);
    a[2 * lo + 1] = static_cast<T>(a[2 * lo + 1] + t_im);
  }
}

// One chunk [begin, end) of output amplitudes (whole blocks), every group in turn.
struct ChunkScratch {
  BlockDiagonal diagonal;
  Scale pattern_weight[kMaxBlock];
};

// acc += scale * S ket on the chunk.
template <class T>
__attribute__((always_inline)) inline void accumulate_body(const std::complex<T>* ket, const PauliSum& sum, Scale scale,
                                                           std::complex<T>* acc, std::size_t begin, std::size_t end) {
  ChunkScratch scratch;
  alignas(64) std::complex<T> buffer[kMaxBlock];
  const std::size_t block = sum.block_size();
  const Index block_mask = bits::low_mask(sum.block_bits);
  const BlockDiagonal& d = scratch.diagonal;
  for (const PauliGroup& group : sum.groups) {
    const bool imaginary = group.imaginary || scale.imag() != 0.0;
    for_each_block(
        group, begin, end, block_mask, 0,
        [&](Index base) __attribute__((always_inline)) {
          build_diagonal(sum, group, base, scale, scratch.pattern_weight, scratch.diagonal);
        },
        [&](Index base) __attribute__((always_inline)) {
          const T* k = partner_block(ket, base, group.flip, block_mask, block, buffer);
          T* a = reinterpret_cast<T*>(acc + base);
          if (d.single) block_accumulate<true, true>(a, k, d, block);
          else if (imaginary) block_accumulate<false, true>(a, k, d, block);
          else block_accumulate<false, false>(a, k, d, block);
        });
  }
}

// The chunk's share of <psi|S|psi>. A group is Hermitian (real weights on Hermitian words), so
// D(j ^ flip) = conj(D(j)) and the amplitudes j and j ^ flip contribute conjugate terms: for a flip above
// the block, only the blocks with one of its bits clear are read, each term counted twice (real part).
// That bit is the lowest one above the block: inside a chunk it halves every chunk's work alike, where a
// bit above the chunks would leave the chunks that have it set (one thread's share) idle. The diagonal
// group reads |psi|^2.
template <std::size_t kLanes, class T>
__attribute__((always_inline)) inline double expectation_body(const std::complex<T>* state, const PauliSum& sum,
                                                              std::size_t begin, std::size_t end) {
  ChunkScratch scratch;
  alignas(64) std::complex<T> buffer[kMaxBlock];
  const BlockDiagonal& d = scratch.diagonal;
  const std::size_t block = sum.block_size();
  const Index block_mask = bits::low_mask(sum.block_bits);
  double total = 0.0;
  for (const PauliGroup& group : sum.groups) {
    const Index flip_high = group.flip & ~block_mask;
    const Index paired_bit = flip_high & (~flip_high + 1);  // the lowest: most often inside a chunk
    double part = 0.0;
    for_each_block(
        group, begin, end, block_mask, paired_bit,
        [&](Index base) __attribute__((always_inline)) {
          build_diagonal(sum, group, base, Scale(1.0), scratch.pattern_weight, scratch.diagonal);
        },
        [&](Index base) __attribute__((always_inline)) {
          const T* b = reinterpret_cast<const T*>(state + base);
          if (group.flip == 0) {
            part += d.single ? block_norm<kLanes, true>(b, d, block) : block_norm<kLanes, false>(b, d, block);
            return;
          }
          const T* k = partner_block(state, base, group.flip, block_mask, block, buffer);
          if (group.imaginary)
            part += d.single ? block_expectation<kLanes, true, true>(b, k, d, block)
                             : block_expectation<kLanes, false, true>(b, k, d, block);
          else
            part += d.single ? block_expectation<kLanes, true, false>(b, k, d, block)
                             : block_expectation<kLanes, false, false>(b, k, d, block);
        });
    total += paired_bit ? 2.0 * part : part;
  }
  return total;
}

constexpr std::size_t kLanes = kPartialSums / 2;

// One set of clones per SIMD level, picked by the loader for this CPU (as pauli_kernels.cpp).
#define QRT_SV_SIMD_CLONES __attribute__((target_clones("avx512f", "avx2", "default")))
#define QRT_SV_CHUNKS(T)                                                                                            \
  QRT_SV_SIMD_CLONES double expectation_chunk(const std::complex<T>* state, const PauliSum& sum, std::size_t begin, \
                                              std::size_t end) {                                                    \
    return sum.block_size() >= kLanes ? expectation_body<kLanes, T>(state, sum, begin, end)                         \
                                      : expectation_body<1, T>(state, sum, begin, end);                             \
  }                                                                                                                 \
  QRT_SV_SIMD_CLONES void accumulate_chunk(const std::complex<T>* ket, const PauliSum& sum, Scale scale,            \
                                           std::complex<T>* acc, std::size_t begin, std::size_t end) {              \
    accumulate_body<T>(ket, sum, scale, acc, begin, end);                                                           \
  }
QRT_SV_CHUNKS(double)
QRT_SV_CHUNKS(float)
#undef QRT_SV_CHUNKS
#undef QRT_SV_SIMD_CLONES

std::size_t chunk_size(const PauliSum& sum) { return std::max(parallel::kChunkAmplitudes, sum.block_size()); }

}  // namespace

template <class T>
double pauli_sum_expectation(const std::complex<T>* state, const PauliSum& sum, int threads) {
  const std::size_t size = std::size_t{1} << sum.num_qubits;
  return parallel::ordered_sum<double>(
      size, chunk_size(sum), parallel::workers_for(size, threads),
      [&](std::size_t begin, std::size_t end) { return expectation_chunk(state, sum, begin, end); });
}

template <class T>
void pauli_sum_accumulate(const std::complex<T>* ket, const PauliSum& sum, std::complex<double> scale,
                          std::complex<T>* acc, int threads) {
  const std::size_t size = std::size_t{1} << sum.num_qubits;
  // Chunks write acc only at their own output indices: chunks never collide.
  parallel::for_each_chunk(
      size, chunk_size(sum), parallel::workers_for(size, threads),
      [&](std::size_t, std::size_t begin, std::size_t end) { accumulate_chunk(ket, sum, scale, acc, begin, end); });
}

#define QRT_SV_INSTANTIATE(T)                                                                          \
  template double pauli_sum_expectation<T>(const std::complex<T>*, const PauliSum&, int);              \
  template void pauli_sum_accumulate<T>(const std::complex<T>*, const PauliSum&, std::complex<double>, \
                                        std::complex<T>*, int);
QRT_SV_INSTANTIATE(double)
QRT_SV_INSTANTIATE(float)
#undef QRT_SV_INSTANTIATE

}  // namespace qrt::sv
