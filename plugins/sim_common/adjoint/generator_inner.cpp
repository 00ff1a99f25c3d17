#include "adjoint/generator_inner.hpp"

#include "measure/parallel.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <type_traits>
#include <vector>

namespace qrt::sv {

namespace {

// The qubits of `mask`, ascending: where zero bits are inserted into a compressed index.
struct BitInserter {
  std::array<unsigned, 64> positions{};
  unsigned count = 0;

  explicit BitInserter(QubitMask mask) {
    for (unsigned q = 0; q < 64; ++q)
      if ((mask >> q) & 1u) positions[count++] = q;
  }
  std::size_t operator()(std::size_t compressed) const {
    for (unsigned i = 0; i < count; ++i) {
      const unsigned p = positions[i];
      const std::size_t low = compressed & ((std::size_t{1} << p) - 1);
      compressed = ((compressed >> p) << (p + 1)) | low;
    }
    return compressed;
  }
};

std::complex<double> widen(std::complex<float> z) { return {z.real(), z.imag()}; }
const std::complex<double>& widen(const std::complex<double>& z) { return z; }

template <class T, class Body>
std::complex<double> sum_over_groups(std::size_t groups, unsigned threads, const Body& body) {
  const int workers = parallel::workers_for(groups, static_cast<int>(threads));
  return parallel::ordered_sum<std::complex<double>>(groups, parallel::kChunkAmplitudes, workers, body);
}

template <class T>
std::complex<double> local_inner(const Amplitude<T>* bra, const Amplitude<T>* ket, unsigned num_qubits,
                                 const Generator& g, unsigned threads) {
  QubitMask target_mask = 0;
  std::array<std::size_t, 16> offset{};  // local index -> amplitude index bits
  const unsigned k = g.num_targets;
  for (unsigned j = 0; j < k; ++j) target_mask |= QubitMask{1} << g.targets[j];
  for (std::size_t local = 0; local < (std::size_t{1} << k); ++local)
    for (unsigned j = 0; j < k; ++j)
      if ((local >> (k - 1 - j)) & 1u) offset[local] |= std::size_t{1} << g.targets[j];
  const BitInserter insert(target_mask | g.control_mask);
  const std::size_t groups = std::size_t{1} << (num_qubits - insert.count);
  const std::size_t num_entries = g.entries.size();
  struct Flat {
    std::size_t row = 0, col = 0;
    std::complex<double> value;
  };
  std::vector<Flat> entries(num_entries);
  for (std::size_t e = 0; e < num_entries; ++e)
    entries[e] = {offset[g.entries[e].row], offset[g.entries[e].col], g.entries[e].value};
  const QubitMask values = g.control_values;
  return sum_over_groups<T>(groups, threads, [&](std::size_t begin, std::size_t end) {
    std::complex<double> acc = 0.0;
    for (std::size_t b = begin; b < end; ++b) {
      const std::size_t base = insert(b) | values;
      for (const Flat& e : entries) acc += std::conj(widen(bra[base | e.row])) * (e.value * widen(ket[base | e.col]));
    }
    return acc;
  });
}

template <class T>
std::complex<double> parity_inner(const Amplitude<T>* bra, const Amplitude<T>* ket, unsigned num_qubits,
                                  const Generator& g, unsigned threads) {
  const BitInserter insert(g.control_mask);
  const std::size_t groups = std::size_t{1} << (num_qubits - insert.count);
  const QubitMask values = g.control_values, mask = g.parity_mask;
  const double even = g.even, odd = g.odd;
  return sum_over_groups<T>(groups, threads, [&](std::size_t begin, std::size_t end) {
    std::complex<double> sum_even = 0.0, sum_odd = 0.0;
    for (std::size_t b = begin; b < end; ++b) {
      const std::size_t i = insert(b) | values;
      const std::complex<double> term = std::conj(widen(bra[i])) * widen(ket[i]);
      if (std::popcount(i & mask) & 1) sum_odd += term;
      else sum_even += term;
    }
    return even * sum_even + odd * sum_odd;
  });
}

}  // namespace

template <class T>
std::complex<double> generator_inner(const Amplitude<T>* bra, const Amplitude<T>* ket, unsigned num_qubits,
                                     const Generator& generator, unsigned threads) {
  return generator.kind == Generator::Kind::Parity ? parity_inner(bra, ket, num_qubits, generator, threads)
                                                   : local_inner(bra, ket, num_qubits, generator, threads);
}

template <class T>
std::complex<double> plain_inner(const Amplitude<T>* bra, const Amplitude<T>* ket, unsigned num_qubits,
                                 unsigned threads) {
  const std::size_t size = std::size_t{1} << num_qubits;
  return sum_over_groups<T>(size, threads, [&](std::size_t begin, std::size_t end) {
    std::complex<double> acc = 0.0;
    for (std::size_t i = begin; i < end; ++i) acc += std::conj(widen(bra[i])) * widen(ket[i]);
    return acc;
  });
}

namespace {

// Adds conj(bra[base + low | offset[x]]) * ket[base + low | offset[y]] into (re, im)[x * D + y] for
// every low < run: the D x D sums in real arithmetic, the inner loop over y vectorisable.
template <std::size_t D, class T>
[[gnu::always_inline]] inline void accumulate_run(const Amplitude<T>* bra, const Amplitude<T>* ket, std::size_t base,
                                                  std::size_t run, const std::size_t* offset, double* re, double* im) {
  for (std::size_t low = 0; low < run; ++low) {
    double br[D], bi[D], kr[D], ki[D];
    for (std::size_t x = 0; x < D; ++x) {
      const std::size_t i = base + low + offset[x];
      br[x] = bra[i].real();
      bi[x] = bra[i].imag();
      kr[x] = ket[i].real();
      ki[x] = ket[i].imag();
    }
    for (std::size_t x = 0; x < D; ++x)
      for (std::size_t y = 0; y < D; ++y) {
        re[x * D + y] += br[x] * kr[y] + bi[x] * ki[y];
        im[x * D + y] += br[x] * ki[y] - bi[x] * kr[y];
      }
  }
}

// The same for a long run, as D x D dot products over tiles of the run that stay in L1: contiguous
// loads and a vectorised reduction instead of a gather per amplitude.
template <std::size_t D, class T>
[[gnu::always_inline]] inline void accumulate_tiled(const Amplitude<T>* bra, const Amplitude<T>* ket, std::size_t base,
                                                    std::size_t run, const std::size_t* offset, double* re,
                                                    double* im) {
  constexpr std::size_t kTile = 256;
  for (std::size_t t = 0; t < run; t += kTile) {
    const std::size_t len = std::min(kTile, run - t);
    for (std::size_t x = 0; x < D; ++x) {
      const T* a = reinterpret_cast<const T*>(bra + base + t + offset[x]);
      for (std::size_t y = 0; y < D; ++y) {
        const T* b = reinterpret_cast<const T*>(ket + base + t + offset[y]);
        double sr = 0.0, si = 0.0;
#pragma omp simd reduction(+ : sr, si)
        for (std::size_t l = 0; l < len; ++l) {
          const double ar = a[2 * l], ai = a[2 * l + 1], br = b[2 * l], bi = b[2 * l + 1];
          sr += ar * br + ai * bi;
          si += ar * bi - ai * br;
        }
        re[x * D + y] += sr;
        im[x * D + y] += si;
      }
    }
  }
}

// The groups [begin, end) (compressed indices, the segment's qubits left out). Chunks are powers of two
// and aligned, so a chunk lies inside one contiguous run or holds whole runs.
template <std::size_t D, class T>
[[gnu::always_inline]] inline void reduced_chunk(const Amplitude<T>* bra, const Amplitude<T>* ket,
                                                 const BitInserter& insert, unsigned low_bits,
                                                 const std::size_t* offset, std::size_t begin, std::size_t end,
                                                 std::complex<double>* out) {
  double re[D * D] = {}, im[D * D] = {};
  const std::size_t run = std::size_t{1} << low_bits;
  const auto accumulate = [&](std::size_t base, std::size_t length) {
    if (length >= 16) accumulate_tiled<D>(bra, ket, base, length, offset, re, im);
    else accumulate_run<D>(bra, ket, base, length, offset, re, im);
  };
  if (end - begin <= run) {
    accumulate(insert(begin), end - begin);
  } else {
    for (std::size_t high = begin >> low_bits; high < end >> low_bits; ++high)
      accumulate(insert(high << low_bits), run);
  }
  for (std::size_t e = 0; e < D * D; ++e) out[e] = {re[e], im[e]};
}

// One entry point per (D, T), compiled for AVX-512, AVX2 and the baseline and picked at load time
// (GCC target_clones): the D x D products are the sweep's arithmetic.
#define QRT_SV_REDUCED_CHUNK(D, T)                                                                    \
  [[gnu::target_clones("avx512f", "arch=haswell", "default")]] void reduced_chunk_##D##_##T(          \
      const Amplitude<T>* bra, const Amplitude<T>* ket, const BitInserter& insert, unsigned low_bits, \
      const std::size_t* offset, std::size_t begin, std::size_t end, std::complex<double>* out) {     \
    reduced_chunk<D, T>(bra, ket, insert, low_bits, offset, begin, end, out);                         \
  }
QRT_SV_REDUCED_CHUNK(1, double)
QRT_SV_REDUCED_CHUNK(2, double)
QRT_SV_REDUCED_CHUNK(4, double)
QRT_SV_REDUCED_CHUNK(8, double)
QRT_SV_REDUCED_CHUNK(16, double)
QRT_SV_REDUCED_CHUNK(1, float)
QRT_SV_REDUCED_CHUNK(2, float)
QRT_SV_REDUCED_CHUNK(4, float)
QRT_SV_REDUCED_CHUNK(8, float)
QRT_SV_REDUCED_CHUNK(16, float)
#undef QRT_SV_REDUCED_CHUNK

#define QRT_SV_REDUCED_CASE(D, T) \
  case D: return reduced_chunk_##D##_##T(bra, ket, insert, low_bits, offset, begin, end, out);
template <class T>
void reduced_chunk_for(std::size_t d, const Amplitude<T>* bra, const Amplitude<T>* ket, const BitInserter& insert,
                       unsigned low_bits, const std::size_t* offset, std::size_t begin, std::size_t end,
                       std::complex<double>* out) {
  // The cases are macro calls, which clang-format 14 cannot lay out.
  // clang-format off
  if constexpr (std::is_same_v<T, float>) {
    switch (d) { QRT_SV_REDUCED_CASE(1, float) QRT_SV_REDUCED_CASE(2, float) QRT_SV_REDUCED_CASE(4, float)
                 QRT_SV_REDUCED_CASE(8, float) default: QRT_SV_REDUCED_CASE(16, float) }
  } else {
    switch (d) { QRT_SV_REDUCED_CASE(1, double) QRT_SV_REDUCED_CASE(2, double) QRT_SV_REDUCED_CASE(4, double)
                 QRT_SV_REDUCED_CASE(8, double) default: QRT_SV_REDUCED_CASE(16, double) }
  }
  // clang-format on
}
#undef QRT_SV_REDUCED_CASE

}  // namespace

template <class T>
std::vector<std::complex<double>> reduced_transition(const Amplitude<T>* bra, const Amplitude<T>* ket,
                                                     unsigned num_qubits, std::span<const unsigned> qubits,
                                                     unsigned threads) {
  constexpr std::size_t kMaxDim = std::size_t{1} << kMaxReducedQubits;
  const std::size_t d = std::size_t{1} << qubits.size();
  QubitMask mask = 0;
  std::array<std::size_t, kMaxDim> offset{};
  for (std::size_t j = 0; j < qubits.size(); ++j) mask |= QubitMask{1} << qubits[j];
  for (std::size_t x = 0; x < d; ++x)
    for (std::size_t j = 0; j < qubits.size(); ++j)
      if ((x >> j) & 1u) offset[x] |= std::size_t{1} << qubits[j];
  const BitInserter insert(mask);
  // The indices below the lowest segment qubit are contiguous: runs of 2^low_bits groups.
  const unsigned groups_log2 = num_qubits - insert.count;
  const unsigned low_bits =
      std::min<unsigned>(mask ? static_cast<unsigned>(std::countr_zero(mask)) : groups_log2, groups_log2);
  const std::size_t groups = std::size_t{1} << groups_log2;
  const std::size_t chunk = std::max<std::size_t>(1, parallel::kChunkAmplitudes / d);  // a power of two
  std::vector<std::complex<double>> partial(parallel::chunk_count(groups, chunk) * d * d);
  parallel::for_each_chunk(groups, chunk,
                           parallel::workers_for(std::size_t{1} << num_qubits, static_cast<int>(threads)),
                           [&](std::size_t c, std::size_t begin, std::size_t end) {
                             std::complex<double>* out = partial.data() + c * d * d;
                             reduced_chunk_for<T>(d, bra, ket, insert, low_bits, offset.data(), begin, end, out);
                           });
  std::vector<std::complex<double>> m(d * d);
  for (std::size_t c = 0; c < partial.size() / (d * d); ++c)
    for (std::size_t e = 0; e < d * d; ++e) m[e] += partial[c * d * d + e];
  return m;
}

std::vector<Complex> dense_generator(const Generator& g, std::span<const unsigned> qubits) {
  const std::size_t d = std::size_t{1} << qubits.size();
  std::vector<std::size_t> global(d);  // local index -> its bits on the qubits
  for (std::size_t x = 0; x < d; ++x)
    for (std::size_t j = 0; j < qubits.size(); ++j)
      if ((x >> j) & 1u) global[x] |= std::size_t{1} << qubits[j];
  const auto local_of = [&](std::size_t bits) {
    std::size_t x = 0;
    for (std::size_t j = 0; j < qubits.size(); ++j)
      if ((bits >> qubits[j]) & 1u) x |= std::size_t{1} << j;
    return x;
  };
  std::vector<Complex> out(d * d);
  const unsigned k = g.num_targets;
  QubitMask target_mask = 0;
  for (unsigned j = 0; j < k; ++j) target_mask |= QubitMask{1} << g.targets[j];
  for (std::size_t x = 0; x < d; ++x) {
    const std::size_t gx = global[x];
    if ((gx & g.control_mask) != g.control_values) continue;
    if (g.kind == Generator::Kind::Parity) {
      out[x * d + x] = std::popcount(gx & g.parity_mask) & 1 ? g.odd : g.even;
      continue;
    }
    std::size_t column = 0;  // the generator's local index of x (targets[0] most significant)
    for (unsigned j = 0; j < k; ++j)
      if ((gx >> g.targets[j]) & 1u) column |= std::size_t{1} << (k - 1 - j);
    for (const Generator::Entry& e : g.entries) {
      if (e.col != column) continue;
      std::size_t gy = gx & ~target_mask;
      for (unsigned j = 0; j < k; ++j)
        if ((e.row >> (k - 1 - j)) & 1u) gy |= std::size_t{1} << g.targets[j];
      out[local_of(gy) * d + x] += e.value;
    }
  }
  return out;
}

template std::vector<std::complex<double>> reduced_transition<double>(const Amplitude<double>*,
                                                                      const Amplitude<double>*, unsigned,
                                                                      std::span<const unsigned>, unsigned);
template std::vector<std::complex<double>> reduced_transition<float>(const Amplitude<float>*, const Amplitude<float>*,
                                                                     unsigned, std::span<const unsigned>, unsigned);
template std::complex<double> generator_inner<double>(const Amplitude<double>*, const Amplitude<double>*, unsigned,
                                                      const Generator&, unsigned);
template std::complex<double> generator_inner<float>(const Amplitude<float>*, const Amplitude<float>*, unsigned,
                                                     const Generator&, unsigned);
template std::complex<double> plain_inner<double>(const Amplitude<double>*, const Amplitude<double>*, unsigned,
                                                  unsigned);
template std::complex<double> plain_inner<float>(const Amplitude<float>*, const Amplitude<float>*, unsigned, unsigned);

}  // namespace qrt::sv
