#include "adjoint/generator_inner.hpp"

#include "measure/parallel.hpp"

#include <algorithm>
#include <array>
#include <bit>
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
    std::size_t row, col;
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

template std::complex<double> generator_inner<double>(const Amplitude<double>*, const Amplitude<double>*, unsigned,
                                                      const Generator&, unsigned);
template std::complex<double> generator_inner<float>(const Amplitude<float>*, const Amplitude<float>*, unsigned,
                                                     const Generator&, unsigned);
template std::complex<double> plain_inner<double>(const Amplitude<double>*, const Amplitude<double>*, unsigned,
                                                  unsigned);
template std::complex<double> plain_inner<float>(const Amplitude<float>*, const Amplitude<float>*, unsigned, unsigned);

}  // namespace qrt::sv
