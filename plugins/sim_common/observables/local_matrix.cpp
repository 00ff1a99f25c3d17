#include "observables/local_matrix.hpp"

#include "measure/bits.hpp"
#include "measure/parallel.hpp"

#include <algorithm>
#include <vector>

namespace qrt::sv {

template <class T>
void apply_local_matrix(std::complex<T>* state, std::size_t num_qubits, std::span<const std::size_t> qubits,
                        std::span<const std::complex<double>> matrix, int threads) {
  using bits::Index;
  const std::size_t dim = std::size_t{1} << qubits.size();
  std::vector<Index> offsets(dim);
  for (Index b = 0; b < dim; ++b) offsets[b] = bits::scatter(b, qubits);
  const Index outer_mask = bits::low_mask(num_qubits) & ~bits::mask_of(qubits);
  const std::size_t outer_count = std::size_t{1} << (num_qubits - qubits.size());
  const std::size_t per_chunk = std::max<std::size_t>(1, parallel::kChunkAmplitudes / dim);
  // Each outer assignment reads and writes only its own block: chunks never collide.
  parallel::for_each_chunk(outer_count, per_chunk, parallel::workers_for(std::size_t{1} << num_qubits, threads),
                           [&](std::size_t, std::size_t begin, std::size_t end) {
                             std::vector<std::complex<double>> in(dim);
                             Index base = bits::deposit(begin, outer_mask);
                             for (std::size_t outer = begin; outer < end; ++outer) {
                               for (std::size_t b = 0; b < dim; ++b)
                                 in[b] = std::complex<double>(state[base + offsets[b]]);
                               for (std::size_t row = 0; row < dim; ++row) {
                                 std::complex<double> sum = 0.0;
                                 for (std::size_t col = 0; col < dim; ++col) sum += matrix[row * dim + col] * in[col];
                                 state[base + offsets[row]] = std::complex<T>(sum);
                               }
                               base = bits::next_submask(base, outer_mask);
                             }
                           });
}

template <class T>
void copy_state(const std::complex<T>* state, std::size_t num_qubits,
                std::type_identity_t<std::span<std::complex<T>>> copy, int threads) {
  const std::size_t size = std::size_t{1} << num_qubits;
  parallel::for_each_chunk(size, parallel::kChunkAmplitudes, parallel::workers_for(size, threads),
                           [&](std::size_t, std::size_t begin, std::size_t end) {
                             std::copy(state + begin, state + end, copy.data() + begin);
                           });
}

// NOLINTBEGIN(bugprone-macro-parentheses): T is a type (a template argument), which cannot take parentheses
#define QRT_SV_INSTANTIATE(T)                                                                      \
  template void apply_local_matrix<T>(std::complex<T>*, std::size_t, std::span<const std::size_t>, \
                                      std::span<const std::complex<double>>, int);                 \
  template void copy_state<T>(const std::complex<T>*, std::size_t, std::span<std::complex<T>>, int);
QRT_SV_INSTANTIATE(double)
QRT_SV_INSTANTIATE(float)
#undef QRT_SV_INSTANTIATE
// NOLINTEND(bugprone-macro-parentheses)

}  // namespace qrt::sv
