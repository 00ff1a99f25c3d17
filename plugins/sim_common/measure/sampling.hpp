// Shot sampling in the computational basis.
//
// Contract (shared with the device class):
//   * `state` holds 2^num_qubits amplitudes; qubit k = bit k of the index.
//   * For a qubit list [q0, ..., q(k-1)], column j of a sample row is the bit of q_j, and in an
//     outcome index q0 is the most significant bit (PennyLane's ordering, as in probs()).
//   * The distribution is computed once (one probs() pass), then shots are drawn by inverse CDF with
//     a guide table sized to the shot count (guide_table.hpp): O(2^k + shots) in all, no per-shot
//     O(2^k) work and no table larger than the distribution itself.
//   * Reproducible: the same generator state gives the same shots for every thread count. Shots are
//     drawn in fixed blocks, each from its own std::mt19937_64 seeded by one draw of `rng`.
//   * `workspace` (optional) holds the distribution, guide and outcomes between calls; without one,
//     they are allocated per call.
// Errors (qrt::sv::Error): as probs(), plus InvalidArgument when `out` has the wrong size or the
// state has zero norm.
#pragma once

#include "measure/measurement_workspace.hpp"

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

// `shots` outcomes drawn from a (not necessarily normalised) distribution over any number of
// outcomes; each outcome is an index into `weights`.
std::vector<std::uint64_t> sample_distribution(std::span<const double> weights, std::uint64_t shots,
                                               std::mt19937_64& rng, int threads);

// `shots` outcome indices over `qubits` (q0 = most significant bit).
// T = double or float (the state's precision; the distribution is summed in double).
template <class T>
std::vector<std::uint64_t> sample_outcomes(const std::complex<T>* state, std::size_t num_qubits,
                                           std::span<const std::size_t> qubits, std::uint64_t shots,
                                           std::mt19937_64& rng, int threads,
                                           MeasurementWorkspace* workspace = nullptr);

// Shots as a row-major table: out[shot * k + j] = bit of qubits[j] (0 or 1); out.size() must be
// shots * qubits.size().
template <class T>
void sample(const std::complex<T>* state, std::size_t num_qubits, std::span<const std::size_t> qubits,
            std::uint64_t shots, std::mt19937_64& rng, std::span<std::uint8_t> out, int threads,
            MeasurementWorkspace* workspace = nullptr);

struct OutcomeCount {
  std::uint64_t outcome;  // index over the qubit list, q0 = most significant bit
  std::uint64_t count;
  friend bool operator==(const OutcomeCount&, const OutcomeCount&) = default;
};

// Histogram of `shots` shots: the outcomes that occurred, in increasing order, with their counts.
// Uses the same draws as sample() for the same generator state.
template <class T>
std::vector<OutcomeCount> counts(const std::complex<T>* state, std::size_t num_qubits,
                                 std::span<const std::size_t> qubits, std::uint64_t shots, std::mt19937_64& rng,
                                 int threads, MeasurementWorkspace* workspace = nullptr);

// The building block of the above: shots drawn into workspace.outcomes(shots). The returned span is
// valid until the workspace's outcome buffer is requested again.
template <class T>
std::span<const std::uint64_t> draw_outcomes(const std::complex<T>* state, std::size_t num_qubits,
                                             std::span<const std::size_t> qubits, std::uint64_t shots,
                                             std::mt19937_64& rng, int threads, MeasurementWorkspace& workspace);

}  // namespace qrt::sv
