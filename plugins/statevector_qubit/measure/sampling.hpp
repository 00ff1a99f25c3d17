// Shot sampling in the computational basis.
//
// Contract (shared with the device class):
//   * `state` holds 2^num_qubits amplitudes; qubit k = bit k of the index.
//   * For a qubit list [q0, ..., q(k-1)], column j of a sample row is the bit of q_j, and in an
//     outcome index q0 is the most significant bit (PennyLane's ordering, as in probs()).
//   * The distribution is computed once (one probs() pass), then shots are drawn with an alias table
//     (O(2^k) set-up, O(1) per shot).
//   * Reproducible: the same generator state gives the same shots for every thread count. Shots are
//     drawn in fixed blocks, each from its own std::mt19937_64 seeded by one draw of `rng`.
// Errors (qrt::sv::Error): as probs(), plus InvalidArgument when `out` has the wrong size or the
// state has zero norm.
#pragma once

#include <complex>
#include <cstddef>
#include <cstdint>
#include <random>
#include <span>
#include <vector>

namespace qrt::sv {

// Shots per independent random stream. Part of the reproducibility contract: changing it changes
// which shots a seed produces.
inline constexpr std::uint64_t kShotsPerStream = std::uint64_t{1} << 16;

// `shots` outcomes drawn from a (not necessarily normalised) distribution over 2^k or any number
// of outcomes; each outcome is an index into `weights`.
std::vector<std::uint64_t> sample_distribution(std::span<const double> weights, std::uint64_t shots,
                                               std::mt19937_64& rng, int threads);

// `shots` outcome indices over `qubits` (q0 = most significant bit).
std::vector<std::uint64_t> sample_outcomes(const std::complex<double>* state, std::size_t num_qubits,
                                           std::span<const std::size_t> qubits, std::uint64_t shots,
                                           std::mt19937_64& rng, int threads);

// Shots as a row-major table: out[shot * k + j] = bit of qubits[j] (0 or 1); out.size() must be
// shots * qubits.size().
void sample(const std::complex<double>* state, std::size_t num_qubits, std::span<const std::size_t> qubits,
            std::uint64_t shots, std::mt19937_64& rng, std::span<std::uint8_t> out, int threads);

struct OutcomeCount {
  std::uint64_t outcome;  // index over the qubit list, q0 = most significant bit
  std::uint64_t count;
  friend bool operator==(const OutcomeCount&, const OutcomeCount&) = default;
};

// Histogram of `shots` shots: the outcomes that occurred, in increasing order, with their counts.
// Uses the same draws as sample() for the same generator state.
std::vector<OutcomeCount> counts(const std::complex<double>* state, std::size_t num_qubits,
                                 std::span<const std::size_t> qubits, std::uint64_t shots, std::mt19937_64& rng,
                                 int threads);

}  // namespace qrt::sv
