#include "observables/pauli_sum_kernels.hpp"

#include "measure/bits.hpp"
#include "measure/parallel.hpp"

#include <algorithm>

namespace qrt::sv {

namespace {

using bits::Index;
using Scale = std::complex<double>;

constexpr std::size_t kMaxBlock = std::size_t{1} << kPauliSumBlockBits;

// Independent partial sums, as in pauli_kernels.cpp: one `+=` chain per component would wait on each add.
constexpr std::size_t kPartialSums = 16;

// A group's D(j) on one block: coefficient * sign[lo] (a group with one low sign pattern), else table[lo]
// (interleaved re, im).
struct BlockDiagonal {
  bool single = false;
  double re = 0, im = 0;
  const double* sign = nullptr;
  alignas(64) double table[2 * kMaxBlock];
};

// In-place unnormalised Walsh-Hadamard transform of `size` interleaved complex entries:
// out[x] = sum_m in[m] (-1)^parity(x & m).
__attribute__((always_inline)) inline void walsh_hadamard(double* v, std::size_t size) {
  for (std::size_t half = 1; half < size; half <<= 1)
    for (std::size_t start = 0; start < size; start += 2 * half) {
      double* a = v + 2 * start;
      double* b = a + 2 * half;
      for (std::size_t e = 0; e < 2 * half; ++e) {
        const double x = a[e], y = b[e];
        a[e] = x + y;
        b[e] = x - y;
      }
    }
}

// D on the block starting at `base` (whose low block_bits are 0), times `scale`.
__attribute__((always_inline)) inline void build_diagonal(const PauliSum& sum, const PauliGroup& group, Index base,
                                                          Scale scale, Scale* pattern_weight, BlockDiagonal& d) {
  const std::size_t patterns = group.patterns.size(), block = sum.block_size();
  std::fill(pattern_weight, pattern_weight + patterns, Scale(0.0));
  for (std::size_t k = 0; k < group.signs.size(); ++k) {
    const Scale w = group.weights[k];
    pattern_weight[group.pattern_of[k]] += bits::parity(base & group.signs[k]) ? -w : w;
  }
  if (!group.transform && patterns == 1) {
    const Scale c = scale * pattern_weight[0];
    d.single = true;
    d.re = c.real();
    d.im = c.imag();
    d.sign = sum.sign_table(group.pattern_table[0]);
    return;
  }
  d.single = false;
  double* table = d.table;
  if (group.transform) {
    std::fill(table, table + 2 * block, 0.0);
    for (std::size_t u = 0; u < patterns; ++u) {
      const Scale w = scale * pattern_weight[u];
      table[2 * group.patterns[u]] = w.real();
      table[2 * group.patterns[u] + 1] = w.imag();
    }
    walsh_hadamard(table, block);
    return;
  }
  for (std::size_t u = 0; u < patterns; ++u) {
    const Scale w = scale * pattern_weight[u];
    const double w_re = w.real(), w_im = w.imag();
    const double* sign = sum.sign_table(group.pattern_table[u]);
    if (u == 0) {
      for (std::size_t lo = 0; lo < block; ++lo) table[2 * lo] = w_re * sign[lo], table[2 * lo + 1] = w_im * sign[lo];
    } else {
      for (std::size_t lo = 0; lo < block; ++lo) table[2 * lo] += w_re * sign[lo], table[2 * lo + 1] += w_im * sign[lo];
    }
  }
}

// The ket block that pairs with the output block at `base`: ket[(base | lo) ^ flip] at lo, contiguous
// (permuted into `buffer` when the flip touches in-block bits).
template <class T>
__attribute__((always_inline)) inline const T* partner_block(const std::complex<T>* ket, Index base, Index flip,
                                                             Index block_mask, std::size_t block,
                                                             std::complex<T>* buffer) {
  const std::complex<T>* source = ket + ((base ^ flip) & ~block_mask);
  const Index flip_low = flip & block_mask;
  if (flip_low == 0) return reinterpret_cast<const T*>(source);
  for (Index lo = 0; lo < block; ++lo) buffer[lo] = source[lo ^ flip_low];
  return reinterpret_cast<const T*>(buffer);
}

// sum over lo of conj(b[lo]) d[lo] k[lo] on one block.
template <class T>
__attribute__((always_inline)) inline Scale block_inner(const T* b, const T* k, const BlockDiagonal& d,
                                                        std::size_t block) {
  double acc_re[kPartialSums] = {}, acc_im[kPartialSums] = {};
  const std::size_t lanes = std::min(kPartialSums, block);
  if (d.single) {  // coefficient * sum of sign conj(b) k
    for (std::size_t lo = 0; lo < block; lo += lanes)
      for (std::size_t j = 0; j < lanes; ++j) {
        const std::size_t x = lo + j;
        const double s = d.sign[x], b_re = b[2 * x], b_im = b[2 * x + 1], k_re = k[2 * x], k_im = k[2 * x + 1];
        acc_re[j] += s * (b_re * k_re + b_im * k_im);
        acc_im[j] += s * (b_re * k_im - b_im * k_re);
      }
  } else {
    for (std::size_t lo = 0; lo < block; lo += lanes)
      for (std::size_t j = 0; j < lanes; ++j) {
        const std::size_t x = lo + j;
        const double d_re = d.table[2 * x], d_im = d.table[2 * x + 1], k_re = k[2 * x], k_im = k[2 * x + 1];
        const double t_re = d_re * k_re - d_im * k_im, t_im = d_re * k_im + d_im * k_re;
        const double b_re = b[2 * x], b_im = b[2 * x + 1];
        acc_re[j] += b_re * t_re + b_im * t_im;
        acc_im[j] += b_re * t_im - b_im * t_re;
      }
  }
  double re = 0.0, im = 0.0;
  for (std::size_t j = 0; j < kPartialSums; ++j) re += acc_re[j], im += acc_im[j];
  return d.single ? Scale(d.re, d.im) * Scale(re, im) : Scale(re, im);
}

// a[lo] += d[lo] k[lo] on one block.
template <class T>
__attribute__((always_inline)) inline void block_accumulate(T* a, const T* k, const BlockDiagonal& d,
                                                            std::size_t block) {
  if (d.single) {
    const double f_re = d.re, f_im = d.im;
    for (std::size_t lo = 0; lo < block; ++lo) {
      const double s = d.sign[lo], k_re = k[2 * lo], k_im = k[2 * lo + 1];
      a[2 * lo] = static_cast<T>(a[2 * lo] + s * (f_re * k_re - f_im * k_im));
      a[2 * lo + 1] = static_cast<T>(a[2 * lo + 1] + s * (f_re * k_im + f_im * k_re));
    }
    return;
  }
  for (std::size_t lo = 0; lo < block; ++lo) {
    const double d_re = d.table[2 * lo], d_im = d.table[2 * lo + 1], k_re = k[2 * lo], k_im = k[2 * lo + 1];
    a[2 * lo] = static_cast<T>(a[2 * lo] + (d_re * k_re - d_im * k_im));
    a[2 * lo + 1] = static_cast<T>(a[2 * lo + 1] + (d_re * k_im + d_im * k_re));
  }
}

// One chunk [begin, end) of output amplitudes (whole blocks), every group in turn: the inner product
// (acc == nullptr) or the accumulation into acc.
template <class T>
__attribute__((always_inline)) inline Scale chunk_body(const std::complex<T>* bra, const std::complex<T>* ket,
                                                       const PauliSum& sum, Scale scale, std::complex<T>* acc,
                                                       std::size_t begin, std::size_t end) {
  BlockDiagonal diagonal;
  Scale pattern_weight[kMaxBlock];
  alignas(64) std::complex<T> buffer[kMaxBlock];
  const std::size_t block = sum.block_size();
  const Index block_mask = bits::low_mask(sum.block_bits);
  double re = 0.0, im = 0.0;
  for (const PauliGroup& group : sum.groups) {
    for (Index base = begin; base < end; base += block) {
      build_diagonal(sum, group, base, scale, pattern_weight, diagonal);
      const T* k = partner_block(ket, base, group.flip, block_mask, block, buffer);
      if (acc != nullptr) {
        block_accumulate(reinterpret_cast<T*>(acc + base), k, diagonal, block);
      } else {
        const Scale part = block_inner(reinterpret_cast<const T*>(bra + base), k, diagonal, block);
        re += part.real();
        im += part.imag();
      }
    }
  }
  return {re, im};
}

// One set of clones per SIMD level, picked by the loader for this CPU (as pauli_kernels.cpp).
#define QRT_SV_SIMD_CLONES __attribute__((target_clones("avx512f", "avx2", "default")))
#define QRT_SV_CHUNKS(T)                                                                                       \
  QRT_SV_SIMD_CLONES Scale inner_chunk(const std::complex<T>* bra, const std::complex<T>* ket,               \
                                       const PauliSum& sum, std::size_t begin, std::size_t end) {            \
    return chunk_body<T>(bra, ket, sum, Scale(1.0), nullptr, begin, end);                                     \
  }                                                                                                           \
  QRT_SV_SIMD_CLONES void accumulate_chunk(const std::complex<T>* ket, const PauliSum& sum, Scale scale,       \
                                           std::complex<T>* acc, std::size_t begin, std::size_t end) {        \
    chunk_body<T>(nullptr, ket, sum, scale, acc, begin, end);                                                 \
  }
QRT_SV_CHUNKS(double)
QRT_SV_CHUNKS(float)
#undef QRT_SV_CHUNKS
#undef QRT_SV_SIMD_CLONES

std::size_t chunk_size(const PauliSum& sum) { return std::max(parallel::kChunkAmplitudes, sum.block_size()); }

}  // namespace

template <class T>
std::complex<double> pauli_sum_inner(const std::complex<T>* bra, const std::complex<T>* ket, const PauliSum& sum,
                                     int threads) {
  const std::size_t size = std::size_t{1} << sum.num_qubits;
  return parallel::ordered_sum<Scale>(size, chunk_size(sum), parallel::workers_for(size, threads),
                                      [&](std::size_t begin, std::size_t end) {
                                        return inner_chunk(bra, ket, sum, begin, end);
                                      });
}

template <class T>
void pauli_sum_accumulate(const std::complex<T>* ket, const PauliSum& sum, std::complex<double> scale,
                          std::complex<T>* acc, int threads) {
  const std::size_t size = std::size_t{1} << sum.num_qubits;
  // Chunks write acc only at their own output indices: chunks never collide.
  parallel::for_each_chunk(size, chunk_size(sum), parallel::workers_for(size, threads),
                           [&](std::size_t, std::size_t begin, std::size_t end) {
                             accumulate_chunk(ket, sum, scale, acc, begin, end);
                           });
}

#define QRT_SV_INSTANTIATE(T)                                                                                  \
  template std::complex<double> pauli_sum_inner<T>(const std::complex<T>*, const std::complex<T>*,            \
                                                   const PauliSum&, int);                                     \
  template void pauli_sum_accumulate<T>(const std::complex<T>*, const PauliSum&, std::complex<double>,        \
                                        std::complex<T>*, int);
QRT_SV_INSTANTIATE(double)
QRT_SV_INSTANTIATE(float)
#undef QRT_SV_INSTANTIATE

}  // namespace qrt::sv
