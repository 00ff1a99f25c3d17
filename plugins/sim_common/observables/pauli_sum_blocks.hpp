// The per-block pieces of the Pauli-sum kernels (pauli_sum_kernels.cpp): a group's diagonal D on one
// block (pauli_sum.hpp), the ket block a flip pairs it with, and D times an amplitude. Internal: included
// by pauli_sum_kernels.cpp only (inline functions for its per-SIMD-level clones).
#pragma once

#include "measure/bits.hpp"
#include "observables/pauli_sum.hpp"

#include <algorithm>
#include <complex>
#include <cstddef>
#include <cstring>

namespace qrt::sv::pauli_sum_blocks {

using bits::Index;
using Scale = std::complex<double>;

constexpr std::size_t kMaxBlock = std::size_t{1} << kPauliSumBlockBits;

// Independent partial sums, as in pauli_kernels.cpp: one `+=` chain per component would wait on each add.
constexpr std::size_t kPartialSums = 16;

// A group's D(j) on one block, each amplitude's entry twice (for its real and imaginary part):
// re[2 lo] = re[2 lo + 1] = Re D(lo), im likewise, so that D times an amplitude takes whole-register
// products and in-lane swaps, no shuffles across lanes. A group with one low sign pattern keeps D as a
// coefficient times a sign table of PauliSum (`single`).
// NOLINTNEXTLINE(cppcoreguidelines-pro-type-member-init): re and im are scratch, written before read (8 KiB)
struct BlockDiagonal {
  bool single = false;  // (im is filled only for groups with imaginary weights)
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
  // Im D only where it can be non-zero (the kernels read it only then): imaginary weights, or a scale
  // that is not real.
  const bool imaginary = group.imaginary || scale.imag() != 0.0;
  const auto fill = [&](double* table, auto part) {
    if (group.transform) {
      std::fill(table, table + doubles, 0.0);
      for (std::size_t u = 0; u < patterns; ++u) {
        const std::size_t at = 2 * group.patterns[u];
        table[at] = table[at + 1] = part(scale * pattern_weight[u]);
      }
      walsh_hadamard(table, sum.block_size());
      return;
    }
    for (std::size_t u = 0; u < patterns; ++u) {
      const double w = part(scale * pattern_weight[u]);
      const double* sign = sum.sign_table(group.pattern_table[u]);
      if (u == 0) {
        for (std::size_t e = 0; e < doubles; ++e) table[e] = w * sign[e];
      } else {
        for (std::size_t e = 0; e < doubles; ++e) table[e] += w * sign[e];
      }
    }
  };
  fill(d.re, [](Scale w) { return w.real(); });
  if (imaginary) fill(d.im, [](Scale w) { return w.imag(); });
}

// d[0..4) = s[0 ^ X .. 3 ^ X]: a constant permutation of four amplitudes (one or two vectors).
template <unsigned X, class C>
__attribute__((always_inline)) inline void copy_four(const C* s, C* d) {
  // Whole amplitudes (std::complex's own copy moves the parts one by one).
  for (unsigned i = 0; i < 4; ++i) std::memcpy(d + i, s + (i ^ X), sizeof(C));
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
    case 0:
      for (Index g = 0; g < block; g += 4) copy_four<0>(source + (g ^ runs), buffer + g);
      break;
    case 1:
      for (Index g = 0; g < block; g += 4) copy_four<1>(source + (g ^ runs), buffer + g);
      break;
    case 2:
      for (Index g = 0; g < block; g += 4) copy_four<2>(source + (g ^ runs), buffer + g);
      break;
    default:
      for (Index g = 0; g < block; g += 4) copy_four<3>(source + (g ^ runs), buffer + g);
      break;
  }
  return reinterpret_cast<const T*>(buffer);
}

// (D k)[lo] as (t_re, t_im) from the duplicated tables (written per amplitude, as two statements
// over neighbouring doubles, which the vectoriser turns into whole-register products with in-lane swaps).
// kImag: whether D has an imaginary part (else d.im is not read).
template <bool kSingle, bool kImag, class T>
__attribute__((always_inline)) inline void diagonal_times(const BlockDiagonal& d, const T* k, std::size_t lo,
                                                          double& t_re, double& t_im) {
  const double k_re = k[2 * lo], k_im = k[2 * lo + 1];
  if constexpr (kSingle) {
    t_re = d.sign[2 * lo] * (d.c_re * k_re - d.c_im * k_im);
    t_im = d.sign[2 * lo + 1] * (d.c_re * k_im + d.c_im * k_re);
  } else if constexpr (kImag) {
    t_re = d.re[2 * lo] * k_re - d.im[2 * lo] * k_im;
    t_im = d.re[2 * lo + 1] * k_im + d.im[2 * lo + 1] * k_re;
  } else {
    t_re = d.re[2 * lo] * k_re;
    t_im = d.re[2 * lo + 1] * k_im;
  }
}

// Visits the blocks of the chunk [begin, end) (aligned, a power of two of whole blocks) that a group
// reads, so that each block diagonal is built once for all the blocks that share it: D depends on a
// block's position only through its bits in the words' sign masks (group.high_signs), so for each value
// of those bits inside the chunk build(base) runs once, then visit(base) for every block that differs
// only in other bits. Blocks with `skip_bit` set are not visited (the expectation's pairing).
template <class Build, class Visit>
__attribute__((always_inline)) inline void for_each_block(const PauliGroup& group, Index begin, Index end,
                                                          Index block_mask, Index skip_bit, Build&& build,
                                                          Visit&& visit) {
  if (begin & skip_bit) return;  // a bit above the chunk: this whole chunk is the other half
  const Index inside = (end - begin - 1) & ~block_mask;
  const Index keys = group.high_signs & inside & ~skip_bit;
  const Index others = inside & ~keys & ~skip_bit;
  Index key = 0;
  do {
    build(begin | key);
    Index other = 0;
    do {
      visit(begin | key | other);
      other = bits::next_submask(other, others);
    } while (other != 0);
    key = bits::next_submask(key, keys);
  } while (key != 0);
}

}  // namespace qrt::sv::pauli_sum_blocks
