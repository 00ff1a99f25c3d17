#include "observables/pauli_kernels.hpp"

#include "measure/bits.hpp"
#include "measure/parallel.hpp"

#include <algorithm>
#include <vector>

namespace qrt::sv {

namespace {

using bits::Index;

// Blocks of 2^10 amplitudes: the sign table (8 KiB) stays in L1 and each block needs one parity.
constexpr std::size_t kBlockBits = 10;

struct Blocking {
  std::size_t block_bits;
  Index low;                 // mask of the in-block bits
  Index flip_low, flip_high;
  std::vector<double> low_sign;  // (-1)^parity(lo & sign) for every in-block index lo

  Blocking(std::size_t num_qubits, const PauliMasks& word)
      : block_bits(std::min(kBlockBits, num_qubits)),
        low(bits::low_mask(block_bits)),
        flip_low(word.flip & low),
        flip_high(word.flip & ~low),
        low_sign(std::size_t{1} << block_bits) {
    for (Index lo = 0; lo < low_sign.size(); ++lo) low_sign[lo] = bits::parity(lo & word.sign) ? -1.0 : 1.0;
  }
  std::size_t block_size() const { return low_sign.size(); }
};

}  // namespace

std::complex<double> i_power(unsigned power) {
  static constexpr std::complex<double> kPowers[] = {{1, 0}, {0, 1}, {-1, 0}, {0, -1}};
  return kPowers[power % 4];
}

std::complex<double> pauli_inner(const std::complex<double>* bra, const std::complex<double>* ket,
                                 std::size_t num_qubits, const PauliMasks& word, int threads) {
  const Blocking blocking(num_qubits, word);
  const std::size_t size = std::size_t{1} << num_qubits;
  const std::size_t block = blocking.block_size();
  const double* sign = blocking.low_sign.data();
  const auto sum = parallel::ordered_sum<std::complex<double>>(
      size, std::max(parallel::kChunkAmplitudes, block), parallel::workers_for(size, threads),
      [&](std::size_t begin, std::size_t end) {
        double re = 0.0, im = 0.0;
        for (Index base = begin; base < end; base += block) {
          const double block_sign = bits::parity(base & word.sign) ? -1.0 : 1.0;
          const double* b = reinterpret_cast<const double*>(bra + (base ^ blocking.flip_high));
          const double* k = reinterpret_cast<const double*>(ket + base);
          double block_re = 0.0, block_im = 0.0;
#pragma omp simd reduction(+ : block_re, block_im)
          for (Index lo = 0; lo < block; ++lo) {
            const Index j = lo ^ blocking.flip_low;
            // conj(bra[i ^ flip]) * ket[i] * sign
            block_re += sign[lo] * (b[2 * j] * k[2 * lo] + b[2 * j + 1] * k[2 * lo + 1]);
            block_im += sign[lo] * (b[2 * j] * k[2 * lo + 1] - b[2 * j + 1] * k[2 * lo]);
          }
          re += block_sign * block_re;
          im += block_sign * block_im;
        }
        return std::complex<double>(re, im);
      });
  return i_power(word.y_count) * sum;
}

void pauli_accumulate(const std::complex<double>* ket, std::size_t num_qubits, const PauliMasks& word,
                      std::complex<double> scale, std::complex<double>* acc, int threads) {
  const Blocking blocking(num_qubits, word);
  const std::size_t size = std::size_t{1} << num_qubits;
  const std::size_t block = blocking.block_size();
  const double* sign = blocking.low_sign.data();
  const std::complex<double> factor = scale * i_power(word.y_count);
  const double f_re = factor.real(), f_im = factor.imag();
  // Chunks write acc[i ^ flip] for their own i only: a bijection, so chunks never collide.
  parallel::for_each_chunk(size, std::max(parallel::kChunkAmplitudes, block), parallel::workers_for(size, threads),
                           [&](std::size_t, std::size_t begin, std::size_t end) {
                             for (Index base = begin; base < end; base += block) {
                               const double block_sign = bits::parity(base & word.sign) ? -1.0 : 1.0;
                               const double* k = reinterpret_cast<const double*>(ket + base);
                               double* a = reinterpret_cast<double*>(acc + (base ^ blocking.flip_high));
#pragma omp simd
                               for (Index lo = 0; lo < block; ++lo) {
                                 const Index j = lo ^ blocking.flip_low;
                                 const double s = block_sign * sign[lo];
                                 a[2 * j] += s * (f_re * k[2 * lo] - f_im * k[2 * lo + 1]);
                                 a[2 * j + 1] += s * (f_re * k[2 * lo + 1] + f_im * k[2 * lo]);
                               }
                             }
                           });
}

}  // namespace qrt::sv
