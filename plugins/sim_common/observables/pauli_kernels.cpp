#include "observables/pauli_kernels.hpp"

#include "measure/bits.hpp"
#include "measure/parallel.hpp"

#include <algorithm>
#include <bit>
#include <vector>

namespace qrt::sv {

namespace {

using bits::Index;

// Blocks of 2^10 amplitudes: the sign table (8 KiB) stays in L1 and each block needs one parity.
constexpr std::size_t kBlockBits = 10;

struct Blocking {
  std::size_t block_bits;
  Index low;  // mask of the in-block bits
  Index flip_low, flip_high;
  std::vector<double> low_sign;         // (-1)^parity(lo & sign) for every in-block index lo
  std::vector<double> sign_per_double;  // low_sign[i / 2] at i (diagonal-norm path only)

  Blocking(std::size_t num_qubits, const PauliMasks& word, bool diagonal_norm)
      : block_bits(std::min(kBlockBits, num_qubits)),
        low(bits::low_mask(block_bits)),
        flip_low(word.flip & low),
        flip_high(word.flip & ~low),
        low_sign(std::size_t{1} << block_bits) {
    for (Index lo = 0; lo < low_sign.size(); ++lo) low_sign[lo] = bits::parity(lo & word.sign) ? -1.0 : 1.0;
    if (!diagonal_norm) return;
    sign_per_double.resize(2 * low_sign.size());
    for (std::size_t i = 0; i < sign_per_double.size(); ++i) sign_per_double[i] = low_sign[i / 2];
  }
  std::size_t block_size() const { return low_sign.size(); }
};

}  // namespace

std::complex<double> i_power(unsigned power) {
  static constexpr std::complex<double> kPowers[] = {{1, 0}, {0, 1}, {-1, 0}, {0, -1}};
  return kPowers[power % 4];
}

namespace {

// Independent partial sums per block: each `+=` chain waits for the previous add (4 cycles), so one
// chain per component left this loop at ~6 GB/s per core, a quarter of the memory bandwidth. With
// kPartialSums chains side by side (vectorised as whole registers) it is memory-bound. The partial sums
// are added in a fixed order, so results stay independent of the thread count.
constexpr std::size_t kPartialSums = 16;

// sum over lo in [0, count) of sign[lo] * conj(b[lo]) * k[lo], as (re, im). T: the amplitudes'
// scalar type; products and sums are formed in double either way.
template <class T>
__attribute__((always_inline)) inline std::complex<double> signed_inner(const T* b, const T* k, const double* sign,
                                                                        std::size_t count) {
  double acc_re[kPartialSums] = {}, acc_im[kPartialSums] = {};
  std::size_t lo = 0;
  for (; lo + kPartialSums <= count; lo += kPartialSums)
    for (std::size_t j = 0; j < kPartialSums; ++j) {
      const std::size_t x = lo + j;
      const double b_re = b[2 * x], b_im = b[2 * x + 1], k_re = k[2 * x], k_im = k[2 * x + 1];
      acc_re[j] += sign[x] * (b_re * k_re + b_im * k_im);
      acc_im[j] += sign[x] * (b_re * k_im - b_im * k_re);
    }
  for (std::size_t j = 0; lo < count; ++lo, ++j) {  // blocks smaller than kPartialSums (tiny states)
    const double b_re = b[2 * lo], b_im = b[2 * lo + 1], k_re = k[2 * lo], k_im = k[2 * lo + 1];
    acc_re[j] += sign[lo] * (b_re * k_re + b_im * k_im);
    acc_im[j] += sign[lo] * (b_re * k_im - b_im * k_re);
  }
  double re = 0.0, im = 0.0;
  for (std::size_t j = 0; j < kPartialSums; ++j) re += acc_re[j], im += acc_im[j];
  return {re, im};
}

// sum over lo in [0, count) of sign[lo] * |k[lo]|^2: the inner product of a state with itself under a
// diagonal word (Z and I letters only), half the arithmetic of signed_inner.
// `sign_per_double` holds each amplitude's sign twice (for its real and imaginary part), so the loop
// runs over plain doubles with no shuffles.
template <class T>
__attribute__((always_inline)) inline double signed_norm(const T* k, const double* sign_per_double, std::size_t count) {
  const std::size_t doubles = 2 * count;
  double acc[kPartialSums] = {};
  std::size_t i = 0;
  for (; i + kPartialSums <= doubles; i += kPartialSums)
    for (std::size_t j = 0; j < kPartialSums; ++j) {
      const double x = k[i + j];
      acc[j] += sign_per_double[i + j] * (x * x);
    }
  for (std::size_t j = 0; i < doubles; ++i, ++j) {
    const double x = k[i];
    acc[j] += sign_per_double[i] * (x * x);
  }
  double sum = 0.0;
  for (std::size_t j = 0; j < kPartialSums; ++j) sum += acc[j];
  return sum;
}

// Sum of conj(bra[i ^ flip]) * ket[i] * sign(i) over the blocks of positions [begin, end), where
// position p is amplitude index p with a zero bit inserted at `skipped_bit` (none when 0).
// kFlipsLowBits: whether the word flips in-block bits; when it does, each bra block is permuted into a
// contiguous copy first. kDiagonalNorm: bra == ket and the word flips nothing. One clone per SIMD
// level, picked by the loader for this CPU (the library itself is built for the baseline instruction set).
template <bool kFlipsLowBits, bool kDiagonalNorm = false, class T>
__attribute__((always_inline)) inline std::complex<double> inner_range_body(const std::complex<T>* bra,
                                                                            const std::complex<T>* ket,
                                                                            const PauliMasks& word,
                                                                            const Blocking& blocking, Index skipped_bit,
                                                                            std::size_t begin, std::size_t end) {
  const std::size_t block = blocking.block_size();
  const double* sign = blocking.low_sign.data();
  const Index below = skipped_bit - 1;
  double re = 0.0, im = 0.0;
  std::complex<T> flipped[kFlipsLowBits ? std::size_t{1} << kBlockBits : 1];
  for (Index position = begin; position < end; position += block) {
    const Index base = skipped_bit ? ((position & ~below) << 1) | (position & below) : position;
    const double block_sign = bits::parity(base & word.sign) ? -1.0 : 1.0;
    const std::complex<T>* bra_block = bra + (base ^ blocking.flip_high);
    if constexpr (kFlipsLowBits) {  // permute once so the product loop reads contiguously
      for (Index lo = 0; lo < block; ++lo) flipped[lo] = bra_block[lo ^ blocking.flip_low];
      bra_block = flipped;
    }
    const std::complex<double> sum =
        kDiagonalNorm
            ? std::complex<double>(
                  signed_norm(reinterpret_cast<const T*>(ket + base), blocking.sign_per_double.data(), block))
            : signed_inner(reinterpret_cast<const T*>(bra_block), reinterpret_cast<const T*>(ket + base), sign, block);
    re += block_sign * sum.real();
    im += block_sign * sum.imag();
  }
  return {re, im};
}

#define QRT_SV_SIMD_CLONES __attribute__((target_clones("avx512f", "avx2", "default")))

// target_clones cannot be put on templates: one set of clones per element type, through a macro.
#define QRT_SV_INNER_RANGES(T)                                                                                         \
  QRT_SV_SIMD_CLONES std::complex<double> inner_range_contiguous(                                                      \
      const std::complex<T>* bra, const std::complex<T>* ket, const PauliMasks& word, const Blocking& blocking,        \
      Index skipped_bit, std::size_t begin, std::size_t end) {                                                         \
    return inner_range_body<false>(bra, ket, word, blocking, skipped_bit, begin, end);                                 \
  }                                                                                                                    \
  QRT_SV_SIMD_CLONES std::complex<double> inner_range_diagonal_norm(                                                   \
      const std::complex<T>* bra, const std::complex<T>* ket, const PauliMasks& word, const Blocking& blocking,        \
      Index skipped_bit, std::size_t begin, std::size_t end) {                                                         \
    return inner_range_body<false, true>(bra, ket, word, blocking, skipped_bit, begin, end);                           \
  }                                                                                                                    \
  QRT_SV_SIMD_CLONES std::complex<double> inner_range_flipped(const std::complex<T>* bra, const std::complex<T>* ket,  \
                                                              const PauliMasks& word, const Blocking& blocking,        \
                                                              Index skipped_bit, std::size_t begin, std::size_t end) { \
    return inner_range_body<true>(bra, ket, word, blocking, skipped_bit, begin, end);                                  \
  }
QRT_SV_INNER_RANGES(double)
QRT_SV_INNER_RANGES(float)
#undef QRT_SV_INNER_RANGES

template <class T>
using InnerRange = std::complex<double> (*)(const std::complex<T>*, const std::complex<T>*, const PauliMasks&,
                                            const Blocking&, Index, std::size_t, std::size_t);

// acc[i ^ flip] += factor * sign(i) * ket[i] over amplitudes [begin, end) (whole blocks).
template <bool kFlipsLowBits, class T>
void accumulate_range(const std::complex<T>* ket, const PauliMasks& word, const Blocking& blocking,
                      std::complex<double> factor, std::complex<T>* acc, std::size_t begin, std::size_t end) {
  const std::size_t block = blocking.block_size();
  const double* sign = blocking.low_sign.data();
  const double f_re = factor.real(), f_im = factor.imag();
  for (Index base = begin; base < end; base += block) {
    const double block_sign = bits::parity(base & word.sign) ? -1.0 : 1.0;
    const T* k = reinterpret_cast<const T*>(ket + base);
    T* a = reinterpret_cast<T*>(acc + (base ^ blocking.flip_high));
#pragma omp simd
    for (Index lo = 0; lo < block; ++lo) {
      const Index j = kFlipsLowBits ? lo ^ blocking.flip_low : lo;  // distinct for distinct lo
      const double s = block_sign * sign[lo];
      const double k_re = k[2 * lo], k_im = k[2 * lo + 1];
      a[2 * j] = static_cast<T>(a[2 * j] + s * (f_re * k_re - f_im * k_im));
      a[2 * j + 1] = static_cast<T>(a[2 * j + 1] + s * (f_re * k_im + f_im * k_re));
    }
  }
}

// Indexed by "the word flips in-block bits".
template <class T>
constexpr InnerRange<T> kInnerRanges[] = {inner_range_contiguous, inner_range_flipped};
template <class T>
constexpr decltype(&accumulate_range<false, T>) kAccumulateRanges[] = {accumulate_range<false, T>,
                                                                       accumulate_range<true, T>};

}  // namespace

template <class T>
std::complex<double> pauli_inner(const std::complex<T>* bra, const std::complex<T>* ket, std::size_t num_qubits,
                                 const PauliMasks& word, int threads) {
  const bool diagonal_norm = bra == ket && word.flip == 0;
  const Blocking blocking(num_qubits, word, diagonal_norm);
  const std::size_t size = std::size_t{1} << num_qubits;
  const InnerRange<T> range =
      diagonal_norm ? InnerRange<T>(inner_range_diagonal_norm) : kInnerRanges<T>[blocking.flip_low != 0];
  // For an expectation (bra == ket) of a word flipping out-of-block bits, the blocks pair up: block B
  // and block B ^ flip hold each other's partners, and the terms of the second block are those of
  // the first conjugated and multiplied by sigma = (-1)^y_count (sign(i ^ flip) = sigma sign(i)). So
  // only blocks with the highest flipped bit clear are read — every amplitude once — and
  // total = S + sigma conj(S).
  const bool paired = bra == ket && blocking.flip_high != 0;
  const Index skipped_bit = paired ? Index{1} << (63 - std::countl_zero(blocking.flip_high)) : 0;
  const std::size_t positions = paired ? size / 2 : size;
  const auto sum = parallel::ordered_sum<std::complex<double>>(
      positions, std::max(parallel::kChunkAmplitudes, blocking.block_size()), parallel::workers_for(size, threads),
      [&](std::size_t begin, std::size_t end) { return range(bra, ket, word, blocking, skipped_bit, begin, end); });
  const double sigma = word.y_count % 2 ? -1.0 : 1.0;
  return i_power(word.y_count) * (paired ? sum + sigma * std::conj(sum) : sum);
}

template <class T>
void pauli_accumulate(const std::complex<T>* ket, std::size_t num_qubits, const PauliMasks& word,
                      std::complex<double> scale, std::complex<T>* acc, int threads) {
  const Blocking blocking(num_qubits, word, false);
  const std::size_t size = std::size_t{1} << num_qubits;
  const auto range = kAccumulateRanges<T>[blocking.flip_low != 0];
  const std::complex<double> factor = scale * i_power(word.y_count);
  // Chunks write acc[i ^ flip] for their own i only: a bijection, so chunks never collide.
  parallel::for_each_chunk(
      size, std::max(parallel::kChunkAmplitudes, blocking.block_size()), parallel::workers_for(size, threads),
      [&](std::size_t, std::size_t begin, std::size_t end) { range(ket, word, blocking, factor, acc, begin, end); });
}

#define QRT_SV_INSTANTIATE(T)                                                                                     \
  template std::complex<double> pauli_inner<T>(const std::complex<T>*, const std::complex<T>*, std::size_t,       \
                                               const PauliMasks&, int);                                           \
  template void pauli_accumulate<T>(const std::complex<T>*, std::size_t, const PauliMasks&, std::complex<double>, \
                                    std::complex<T>*, int);
QRT_SV_INSTANTIATE(double)
QRT_SV_INSTANTIATE(float)
#undef QRT_SV_INSTANTIATE

}  // namespace qrt::sv
