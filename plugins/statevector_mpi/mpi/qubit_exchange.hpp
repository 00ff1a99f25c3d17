// Swapping a global qubit (a rank bit) with a local one (an amplitude-index bit of each chunk).
//
// Rank r holds the amplitudes whose global bits equal r; qubit g >= local_qubits is bit
// g - local_qubits of the rank. Swapping g with local qubit l exchanges the amplitudes with
// (g, l) = (0, 1) and (1, 0): rank r sends the half of its chunk whose bit l differs from its own bit
// of g to the partner rank r ^ (1 << (g - L)) and receives the partner's matching half in its place.
// Each rank sends and receives 2^(L-1) amplitudes: half of its chunk, in pieces of at most
// kExchangePieceAmplitudes amplitudes; `buffer` (one or two pieces) is the only extra memory.
#pragma once

#include "mpi/mpi_session.hpp"

#include <complex>
#include <cstdint>
#include <vector>

namespace qrt::mpi {

using Complex = std::complex<double>;

// Amplitudes per exchanged piece (16 MiB): large enough to reach the link's bandwidth, small
// beside any chunk worth distributing.
inline constexpr std::size_t kExchangePieceAmplitudes = std::size_t{1} << 20;

struct ExchangeStats {
  std::uint64_t exchanges = 0;   // global-local swaps done
  std::uint64_t bytes_sent = 0;  // by this rank
};

void swap_global_with_local(Complex* chunk, unsigned local_qubits, unsigned global_qubit, unsigned local_qubit,
                            const Communicator& comm, std::vector<Complex>& buffer, ExchangeStats& stats);

}  // namespace qrt::mpi
