// Swapping a global qubit (a rank bit) with a local one (an amplitude-index bit of each chunk).
//
// Rank r holds the amplitudes whose global bits equal r; qubit g >= local_qubits is bit
// g - local_qubits of the rank. Swapping g with local qubit l exchanges the amplitudes with
// (g, l) = (0, 1) and (1, 0): rank r sends the half of its chunk whose bit l differs from its own bit
// of g to the partner rank r ^ (1 << (g - L)) and receives the partner's matching half in its place.
// Each rank sends and receives 2^(L-1) amplitudes: half of its chunk, in pieces of at most
// kExchangePieceBytes; `buffer` (one or two pieces) is the only extra memory.
#pragma once

#include "mpi/mpi_session.hpp"

#include <complex>
#include <cstdint>
#include <vector>

namespace qrt::mpi {

using Complex = std::complex<double>;

// Bytes per exchanged piece: large enough to reach the link's bandwidth, small beside any chunk worth
// distributing. In amplitudes: 2^20 in double precision, 2^21 in single.
inline constexpr std::size_t kExchangePieceBytes = std::size_t{16} << 20;
template <class T>
inline constexpr std::size_t kExchangePieceAmplitudes = kExchangePieceBytes / sizeof(std::complex<T>);

struct ExchangeStats {
  std::uint64_t exchanges = 0;   // global-local swaps done
  std::uint64_t bytes_sent = 0;  // by this rank
};

// T = double (complex128 chunk) or float (complex64): amplitudes travel in the chunk's own type.
template <class T>
void swap_global_with_local(std::complex<T>* chunk, unsigned local_qubits, unsigned global_qubit, unsigned local_qubit,
                            const Communicator& comm, std::vector<std::complex<T>>& buffer, ExchangeStats& stats);

}  // namespace qrt::mpi
