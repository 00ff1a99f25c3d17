#include "state/permuted_copy.hpp"

#include "state/parallel_copy.hpp"

#include <omp.h>

#include <cstdint>
#include <stdexcept>
#include <type_traits>
#include <vector>

namespace qrt::sv {

namespace {
constexpr unsigned kChunkBits = 10;  // 1024-entry tables: L1-resident
}  // namespace

template <class T>
void copy_permuted(const Amplitude<T>* state, std::span<const unsigned> qubit_at, Complex* out, unsigned threads) {
  const unsigned n = static_cast<unsigned>(qubit_at.size());
  const std::size_t size = std::size_t{1} << n;
  bool identity = true;
  std::uint64_t seen = 0;
  for (unsigned p = 0; p < n; ++p) {
    if (qubit_at[p] >= n || ((seen >> qubit_at[p]) & 1u))
      throw std::invalid_argument("copy_permuted: not a permutation");
    seen |= std::uint64_t{1} << qubit_at[p];
    identity = identity && qubit_at[p] == n - 1 - p;
  }
  if (identity) {
    if constexpr (std::is_same_v<T, double>) return copy_amplitudes(out, state, size, threads);
    else return widen_amplitudes(out, state, size, threads);
  }

  // Output bit b comes from qubit qubit_at[n-1-b]; one table per kChunkBits output bits.
  const unsigned chunks = (n + kChunkBits - 1) / kChunkBits;
  std::vector<std::vector<std::uint64_t>> tables(chunks);
  for (unsigned c = 0; c < chunks; ++c) {
    const unsigned first = c * kChunkBits, width = std::min(kChunkBits, n - first);
    tables[c].assign(std::size_t{1} << width, 0);
    for (std::size_t v = 0; v < tables[c].size(); ++v)
      for (unsigned b = 0; b < width; ++b)
        if ((v >> b) & 1u) tables[c][v] |= std::uint64_t{1} << qubit_at[n - 1 - (first + b)];
  }
  auto gather = [&](std::size_t begin, std::size_t end) {
    for (std::size_t i = begin; i < end; ++i) {
      std::uint64_t j = 0;
      for (unsigned c = 0; c < chunks; ++c) j |= tables[c][(i >> (c * kChunkBits)) & ((1u << kChunkBits) - 1)];
      out[i] = Complex(state[j]);
    }
  };
  if (threads <= 1 || size < (std::size_t{1} << 16)) return gather(0, size);
#pragma omp parallel num_threads(threads)
  {
    const std::size_t team = static_cast<std::size_t>(omp_get_num_threads());
    const std::size_t me = static_cast<std::size_t>(omp_get_thread_num());
    gather(size * me / team, size * (me + 1) / team);
  }
}

template void copy_permuted<double>(const Amplitude<double>*, std::span<const unsigned>, Complex*, unsigned);
template void copy_permuted<float>(const Amplitude<float>*, std::span<const unsigned>, Complex*, unsigned);

}  // namespace qrt::sv
