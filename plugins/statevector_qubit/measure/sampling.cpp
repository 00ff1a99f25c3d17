#include "measure/sampling.hpp"

#include "measure/alias_table.hpp"
#include "measure/errors.hpp"
#include "measure/parallel.hpp"
#include "measure/probabilities.hpp"
#include "measure/validation.hpp"

#include <algorithm>
#include <string>

namespace qrt::sv {

namespace {

// Drawing a shot costs about as much as streaming a few amplitudes; threads pay off from here.
constexpr std::uint64_t kMinParallelShots = 2 * kShotsPerStream;

}  // namespace

std::vector<std::uint64_t> sample_distribution(std::span<const double> weights, std::uint64_t shots,
                                               std::mt19937_64& rng, int threads) {
  check_threads(threads, "sample");
  const AliasTable table(weights);
  std::vector<std::uint64_t> seeds(parallel::chunk_count(shots, kShotsPerStream));
  for (std::uint64_t& seed : seeds) seed = rng();
  std::vector<std::uint64_t> outcomes(shots);
  const int workers = shots >= kMinParallelShots ? threads : 1;
  parallel::for_each_chunk(shots, kShotsPerStream, workers, [&](std::size_t stream, std::size_t begin, std::size_t end) {
    std::mt19937_64 engine(seeds[stream]);
    for (std::size_t shot = begin; shot < end; ++shot) {
      const std::uint64_t bucket_bits = engine();
      outcomes[shot] = table.draw(bucket_bits, engine());
    }
  });
  return outcomes;
}

std::vector<std::uint64_t> sample_outcomes(const std::complex<double>* state, std::size_t num_qubits,
                                           std::span<const std::size_t> qubits, std::uint64_t shots,
                                           std::mt19937_64& rng, int threads) {
  const std::vector<double> distribution = probs(state, num_qubits, qubits, threads);
  return sample_distribution(distribution, shots, rng, threads);
}

void sample(const std::complex<double>* state, std::size_t num_qubits, std::span<const std::size_t> qubits,
            std::uint64_t shots, std::mt19937_64& rng, std::span<std::uint8_t> out, int threads) {
  check_qubits(qubits, num_qubits, "sample");
  const std::size_t k = qubits.size();
  if (out.size() != shots * k) {
    fail(ErrorKind::InvalidArgument, "sample: output has " + std::to_string(out.size()) + " entries, expected " +
                                         std::to_string(shots) + " shots x " + std::to_string(k) + " qubits");
  }
  const std::vector<std::uint64_t> outcomes = sample_outcomes(state, num_qubits, qubits, shots, rng, threads);
  const int workers = shots >= kMinParallelShots ? threads : 1;
  parallel::for_each_chunk(shots, kShotsPerStream, workers, [&](std::size_t, std::size_t begin, std::size_t end) {
    for (std::size_t shot = begin; shot < end; ++shot) {
      std::uint8_t* row = out.data() + shot * k;
      for (std::size_t j = 0; j < k; ++j) row[j] = static_cast<std::uint8_t>((outcomes[shot] >> (k - 1 - j)) & 1);
    }
  });
}

std::vector<OutcomeCount> counts(const std::complex<double>* state, std::size_t num_qubits,
                                 std::span<const std::size_t> qubits, std::uint64_t shots, std::mt19937_64& rng,
                                 int threads) {
  std::vector<std::uint64_t> outcomes = sample_outcomes(state, num_qubits, qubits, shots, rng, threads);
  std::vector<OutcomeCount> result;
  const std::uint64_t outcome_space = std::uint64_t{1} << qubits.size();
  // A dense histogram is cheaper than sorting while it is not much larger than the shot list.
  if (outcome_space <= std::max<std::uint64_t>(4 * shots, 1024)) {
    std::vector<std::uint64_t> histogram(outcome_space, 0);
    for (std::uint64_t outcome : outcomes) ++histogram[outcome];
    for (std::uint64_t outcome = 0; outcome < outcome_space; ++outcome) {
      if (histogram[outcome] != 0) result.push_back({outcome, histogram[outcome]});
    }
    return result;
  }
  std::sort(outcomes.begin(), outcomes.end());
  for (std::uint64_t outcome : outcomes) {
    if (result.empty() || result.back().outcome != outcome) {
      result.push_back({outcome, 1});
    } else {
      ++result.back().count;
    }
  }
  return result;
}

}  // namespace qrt::sv
