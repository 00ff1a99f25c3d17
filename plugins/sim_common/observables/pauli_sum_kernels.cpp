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

// A group's D(j) on one block, each amplitude's entry twice (for its real and imaginary part):
// re[2 lo] = re[2 lo + 1] = Re D(lo), im likewise, so that D times an amplitude takes whole-register
// products and in-lane swaps, no shuffles across lanes. A group with one low sign pattern keeps D as a
// coefficient times a sign table of PauliSum (`single`).
struct BlockDiagonal {
  bool single = false;
  double c_re = 0, c_im = 0;
  const double* sign = nullptr;
  alignas(64) double re[2 * kMaxBlock];
  alignas(64) double im[2 * kMaxBlock];
};

// In-place unnormalised Walsh-Hadamard transform of `entries` pairs of doubles (both of a pair
// transformed alike): out[x] = sum_m in[m] (-1)^parity(x & m). The first two stages as 4-point
// transforms, the later ones over runs of at least 8 doubles (whole vectors).
__attribute__((always_inline)) inline void walsh_hadamard(double* v, std::size_t entries) {
  std::size_t half = 1;
  if (entries >= 4) {
    for (std::size_t g = 0; g < 2 * entries; g += 8)
      for (std::size_t c = 0; c < 2; ++c) {
        double* x = v + g + c;
        const double s0 = x[0] + x[2], d0 = x[0] - x[2], s1 = x[4] + x[6], d1 = x[4] - x[6];
        x[0] = s0 + s1, x[2] = d0 + d1, x[4] = s0 - s1, x[6] = d0 - d1;
      }
    half = 4;
  }
  for (; half < entries; half <<= 1)
    for (std::size_t start = 0; start < entries; start += 2 * half) {
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
  const std::size_t patterns = group.patterns.size(), doubles = 2 * sum.block_size();
  std::fill(pattern_weight, pattern_weight + patterns, Scale(0.0));
  for (std::size_t k = 0; k < group.signs.size(); ++k) {
    const Scale w = group.weights[k];
    pattern_weight[group.pattern_of[k]] += bits::parity(base & group.signs[k]) ? -w : w;
  }
  d.single = !group.transform && patterns == 1;
  if (d.single) {
    const Scale c = scale * pattern_weight[0];
    d.c_re = c.real();
    d.c_im = c.imag();
    d.sign = sum.sign_table(group.pattern_table[0]);
    return;
  }
  double* re = d.re;
  double* im = d.im;
  if (group.transform) {
    std::fill(re, re + doubles, 0.0);
    std::fill(im, im + doubles, 0.0);
    for (std::size_t u = 0; u < patterns; ++u) {
      const Scale w = scale * pattern_weight[u];
      const std::size_t at = 2 * group.patterns[u];
      re[at] = re[at + 1] = w.real();
      im[at] = im[at + 1] = w.imag();
    }
    walsh_hadamard(re, sum.block_size());
    walsh_hadamard(im, sum.block_size());
    return;
  }
  for (std::size_t u = 0; u < patterns; ++u) {
    const Scale w = scale * pattern_weight[u];
    const double w_re = w.real(), w_im = w.imag();
    const double* sign = sum.sign_table(group.pattern_table[u]);
    if (u == 0) {
      for (std::size_t e = 0; e < doubles; ++e) re[e] = w_re * sign[e], im[e] = w_im * sign[e];
    } else {
      for (std::size_t e = 0; e < doubles; ++e) re[e] += w_re * sign[e], im[e] += w_im * sign[e];
    }
  }
}

// d[0..4) = s[0 ^ X .. 3 ^ X]: a constant permutation of four amplitudes (one or two vectors).
template <unsigned X, class C>
__attribute__((always_inline)) inline void copy_four(const C* s, C* d) {
  d[0] = s[0 ^ X], d[1] = s[1 ^ X], d[2] = s[2 ^ X], d[3] = s[3 ^ X];
}

// The ket block that pairs with the output block at `base`: ket[(base | lo) ^ flip] at lo, contiguous
// (permuted into `buffer` when the flip touches in-block bits: runs of four amplitudes, each a constant
// permutation of one run of the source).
template <class T>
__attribute__((always_inline)) inline const T* partner_block(const std::complex<T>* ket, Index base, Index flip,
                                                             Index block_mask, std::size_t block,
                                                             std::complex<T>* buffer) {
  const std::complex<T>* source = ket + ((base ^ flip) & ~block_mask);
  const Index flip_low = flip & block_mask;
  if (flip_low == 0) return reinterpret_cast<const T*>(source);
  if (block < 4) {
    for (Index lo = 0; lo < block; ++lo) buffer[lo] = source[lo ^ flip_low];
    return reinterpret_cast<const T*>(buffer);
  }
  const Index runs = flip_low & ~Index{3};
  switch (flip_low & 3) {
    case 0: for (Index g = 0; g < block; g += 4) copy_four<0>(source + (g ^ runs), buffer + g); break;
    case 1: for (Index g = 0; g < block; g += 4) copy_four<1>(source + (g ^ runs), buffer + g); break;
    case 2: for (Index g = 0; g < block; g += 4) copy_four<2>(source + (g ^ runs), buffer + g); break;
    default: for (Index g = 0; g < block; g += 4) copy_four<3>(source + (g ^ runs), buffer + g); break;
  }
  return reinterpret_cast<const T*>(buffer);
}

// (D k)[lo] as (t_re, t_im) from the duplicated tables (written per amplitude, as two statements
// over neighbouring doubles, which the vectoriser turns into whole-register products with in-lane swaps).
template <bool kSingle, class T>
__attribute__((always_inline)) inline void diagonal_times(const BlockDiagonal& d, const T* k, std::size_t lo,
                                                          double& t_re, double& t_im) {
  const double k_re = k[2 * lo], k_im = k[2 * lo + 1];
  if constexpr (kSingle) {
    t_re = d.sign[2 * lo] * (d.c_re * k_re - d.c_im * k_im);
    t_im = d.sign[2 * lo + 1] * (d.c_re * k_im + d.c_im * k_re);
  } else {
    t_re = d.re[2 * lo] * k_re - d.im[2 * lo] * k_im;
    t_im = d.re[2 * lo + 1] * k_im + d.im[2 * lo + 1] * k_re;
  }
}

// sum over lo of conj(b[lo]) D[lo] k[lo] on one block.
template <bool kSingle, class T>
__attribute__((always_inline)) inline Scale block_inner(const T* b, const T* k, const BlockDiagonal& d,
                                                        std::size_t block) {
  constexpr std::size_t kLanes = kPartialSums / 2;
  double acc_re[kLanes] = {}, acc_im[kLanes] = {};
  const std::size_t lanes = std::min(kLanes, block);
  for (std::size_t lo0 = 0; lo0 < block; lo0 += lanes)
    for (std::size_t j = 0; j < lanes; ++j) {
      const std::size_t lo = lo0 + j;
      double t_re, t_im;
      diagonal_times<kSingle>(d, k, lo, t_re, t_im);
      const double b_re = b[2 * lo], b_im = b[2 * lo + 1];
      acc_re[j] += b_re * t_re + b_im * t_im;
      acc_im[j] += b_re * t_im - b_im * t_re;
    }
  double re = 0.0, im = 0.0;
  for (std::size_t j = 0; j < kLanes; ++j) re += acc_re[j], im += acc_im[j];
  return {re, im};
}

// a[lo] += D[lo] k[lo] on one block.
template <bool kSingle, class T>
__attribute__((always_inline)) inline void block_accumulate(T* a, const T* k, const BlockDiagonal& d,
                                                            std::size_t block) {
  for (std::size_t lo = 0; lo < block; ++lo) {
    double t_re, t_im;
    diagonal_times<kSingle>(d, k, lo, t_re, t_im);
    a[2 * lo] = static_cast<T>(a[2 * lo] + t_re);
    a[2 * lo + 1] = static_cast<T>(a[2 * lo + 1] + t_im);
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
        T* a = reinterpret_cast<T*>(acc + base);
        if (diagonal.single) block_accumulate<true>(a, k, diagonal, block);
        else block_accumulate<false>(a, k, diagonal, block);
      } else {
        const T* b = reinterpret_cast<const T*>(bra + base);
        const Scale part = diagonal.single ? block_inner<true>(b, k, diagonal, block)
                                           : block_inner<false>(b, k, diagonal, block);
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
