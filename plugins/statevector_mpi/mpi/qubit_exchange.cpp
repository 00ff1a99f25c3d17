#include "mpi/qubit_exchange.hpp"

#include <algorithm>
#include <cstring>

namespace qrt::mpi {

namespace {

// Index of the k-th amplitude (in increasing index order) among those whose bit `bit` equals `value`.
inline std::size_t half_index(std::size_t k, unsigned bit, std::size_t value) {
  const std::size_t low = k & ((std::size_t{1} << bit) - 1);
  return ((k >> bit) << (bit + 1)) | (value << bit) | low;
}

// Copies `count` amplitudes of the half (bit, value) starting at its k-th, in runs of 2^bit.
template <bool kPack, class A>
void copy_half(A* chunk, A* buffer, std::size_t first, std::size_t count, unsigned bit, std::size_t value) {
  const std::size_t run = std::size_t{1} << bit;
  std::size_t done = 0;
  while (done < count) {
    const std::size_t k = first + done;
    const std::size_t in_run = std::min(run - (k & (run - 1)), count - done);
    A* at = chunk + half_index(k, bit, value);
    if constexpr (kPack) std::memcpy(static_cast<void*>(buffer + done), at, in_run * sizeof(A));
    else std::memcpy(static_cast<void*>(at), buffer + done, in_run * sizeof(A));
    done += in_run;
  }
}

}  // namespace

template <class T>
void swap_global_with_local(std::complex<T>* chunk, unsigned local_qubits, unsigned global_qubit, unsigned local_qubit,
                            const Communicator& comm, std::vector<std::complex<T>>& buffer, ExchangeStats& stats) {
  using A = std::complex<T>;
  const unsigned rank_bit = global_qubit - local_qubits;
  const int partner = comm.rank() ^ (1 << rank_bit);
  const std::size_t my_bit = (static_cast<std::size_t>(comm.rank()) >> rank_bit) & 1u;
  const std::size_t send_value = my_bit ^ 1u;  // the half whose local bit differs from our global bit
  const std::size_t half = std::size_t{1} << (local_qubits - 1);
  const std::size_t piece = std::min(half, kExchangePieceAmplitudes<T>);
  // Runs of 2^local_qubit amplitudes are contiguous: when a piece fits in one run it is sent straight
  // from the chunk, otherwise packed first. Received amplitudes land in the buffer, then in place.
  const bool contiguous = (std::size_t{1} << local_qubit) >= piece;
  if (buffer.size() < (contiguous ? piece : 2 * piece)) buffer.resize(contiguous ? piece : 2 * piece);
  A* received = buffer.data();
  A* packed = buffer.data() + piece;
  for (std::size_t first = 0; first < half; first += piece) {
    const std::size_t count = std::min(piece, half - first);
    const A* send = chunk + half_index(first, local_qubit, send_value);
    if (!contiguous) {
      copy_half<true>(chunk, packed, first, count, local_qubit, send_value);
      send = packed;
    }
    check_mpi(comm,
              MPI_Sendrecv(send, static_cast<int>(count), mpi_complex<T>(), partner, 0, received,
                           static_cast<int>(count), mpi_complex<T>(), partner, 0, comm.get(), MPI_STATUS_IGNORE),
              "MPI_Sendrecv (global qubit exchange)");
    copy_half<false>(chunk, received, first, count, local_qubit, send_value);
    stats.bytes_sent += count * sizeof(A);
  }
  ++stats.exchanges;
}

template void swap_global_with_local<double>(std::complex<double>*, unsigned, unsigned, unsigned, const Communicator&,
                                             std::vector<std::complex<double>>&, ExchangeStats&);
template void swap_global_with_local<float>(std::complex<float>*, unsigned, unsigned, unsigned, const Communicator&,
                                            std::vector<std::complex<float>>&, ExchangeStats&);

}  // namespace qrt::mpi
