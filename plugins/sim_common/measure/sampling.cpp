#include "measure/sampling.hpp"

#include "measure/errors.hpp"
#include "measure/guide_table.hpp"
#include "measure/parallel.hpp"
#include "measure/probabilities.hpp"
#include "measure/validation.hpp"

#include <algorithm>
#include <string>

namespace qrt::sv {

namespace {

// Drawing a shot costs about as much as streaming a few amplitudes; threads pay off from here.
constexpr std::uint64_t kMinParallelShots = 2 * kShotsPerStream;

int shot_workers(std::uint64_t shots, int threads) { return shots >= kMinParallelShots ? threads : 1; }

// Draws into `outcomes` from `weights` (overwritten by their running sum).
void draw_from(std::span<double> weights, std::span<std::uint64_t> outcomes, std::mt19937_64& rng, int threads,
               MeasurementWorkspace& workspace) {
  const std::uint64_t shots = outcomes.size();
  const GuideTable table(weights, workspace.guide(std::clamp<std::uint64_t>(shots, 1, weights.size())), threads);
  std::vector<std::uint64_t> seeds(parallel::chunk_count(shots, kShotsPerStream));
  for (std::uint64_t& seed : seeds) seed = rng();
  parallel::for_each_chunk(shots, kShotsPerStream, shot_workers(shots, threads),
                           [&](std::size_t stream, std::size_t begin, std::size_t end) {
                             std::mt19937_64 engine(seeds[stream]);
                             for (std::size_t shot = begin; shot < end; ++shot) outcomes[shot] = table.draw(engine());
                           });
}

MeasurementWorkspace& workspace_or(MeasurementWorkspace* given, MeasurementWorkspace& local) {
  return given ? *given : local;
}

}  // namespace

std::vector<std::uint64_t> sample_distribution(std::span<const double> weights, std::uint64_t shots,
                                               std::mt19937_64& rng, int threads) {
  check_threads(threads, "sample");
  MeasurementWorkspace workspace;
  std::vector<double> cumulative(weights.begin(), weights.end());
  std::vector<std::uint64_t> outcomes(shots);
  draw_from(cumulative, outcomes, rng, threads, workspace);
  return outcomes;
}

template <class T>
std::span<const std::uint64_t> draw_outcomes(const std::complex<T>* state, std::size_t num_qubits,
                                             std::span<const std::size_t> qubits, std::uint64_t shots,
                                             std::mt19937_64& rng, int threads, MeasurementWorkspace& workspace) {
  check_state(state, num_qubits, "sample");
  check_qubits(qubits, num_qubits, "sample");
  const std::span<double> distribution = workspace.distribution(std::size_t{1} << qubits.size());
  probs(state, num_qubits, qubits, distribution, threads);
  const std::span<std::uint64_t> outcomes = workspace.outcomes(shots);
  draw_from(distribution, outcomes, rng, threads, workspace);
  return outcomes;
}

template <class T>
std::vector<std::uint64_t> sample_outcomes(const std::complex<T>* state, std::size_t num_qubits,
                                           std::span<const std::size_t> qubits, std::uint64_t shots,
                                           std::mt19937_64& rng, int threads, MeasurementWorkspace* workspace) {
  MeasurementWorkspace local;
  const auto outcomes = draw_outcomes(state, num_qubits, qubits, shots, rng, threads, workspace_or(workspace, local));
  return {outcomes.begin(), outcomes.end()};
}

template <class T>
void sample(const std::complex<T>* state, std::size_t num_qubits, std::span<const std::size_t> qubits,
            std::uint64_t shots, std::mt19937_64& rng, std::span<std::uint8_t> out, int threads,
            MeasurementWorkspace* workspace) {
  check_qubits(qubits, num_qubits, "sample");
  const std::size_t k = qubits.size();
  if (out.size() != shots * k) {
    fail(ErrorKind::InvalidArgument, "sample: output has " + std::to_string(out.size()) + " entries, expected " +
                                         std::to_string(shots) + " shots x " + std::to_string(k) + " qubits");
  }
  MeasurementWorkspace local;
  const auto outcomes = draw_outcomes(state, num_qubits, qubits, shots, rng, threads, workspace_or(workspace, local));
  parallel::for_each_chunk(shots, kShotsPerStream, shot_workers(shots, threads),
                           [&](std::size_t, std::size_t begin, std::size_t end) {
                             for (std::size_t shot = begin; shot < end; ++shot) {
                               std::uint8_t* row = out.data() + shot * k;
                               for (std::size_t j = 0; j < k; ++j) {
                                 row[j] = static_cast<std::uint8_t>((outcomes[shot] >> (k - 1 - j)) & 1);
                               }
                             }
                           });
}

template <class T>
std::vector<OutcomeCount> counts(const std::complex<T>* state, std::size_t num_qubits,
                                 std::span<const std::size_t> qubits, std::uint64_t shots, std::mt19937_64& rng,
                                 int threads, MeasurementWorkspace* workspace) {
  MeasurementWorkspace local;
  const auto drawn = draw_outcomes(state, num_qubits, qubits, shots, rng, threads, workspace_or(workspace, local));
  std::vector<OutcomeCount> result;
  const std::uint64_t outcome_space = std::uint64_t{1} << qubits.size();
  // A dense histogram is cheaper than sorting while it is not much larger than the shot list.
  if (outcome_space <= std::max<std::uint64_t>(4 * shots, 1024)) {
    std::vector<std::uint64_t> histogram(outcome_space, 0);
    for (std::uint64_t outcome : drawn) ++histogram[outcome];
    for (std::uint64_t outcome = 0; outcome < outcome_space; ++outcome) {
      if (histogram[outcome] != 0) result.push_back({outcome, histogram[outcome]});
    }
    return result;
  }
  std::vector<std::uint64_t> sorted(drawn.begin(), drawn.end());
  std::sort(sorted.begin(), sorted.end());
  for (std::uint64_t outcome : sorted) {
    if (result.empty() || result.back().outcome != outcome) {
      result.push_back({outcome, 1});
    } else {
      ++result.back().count;
    }
  }
  return result;
}

#define QRT_SV_INSTANTIATE(T)                                                                                     \
  template std::span<const std::uint64_t> draw_outcomes<T>(const std::complex<T>*, std::size_t,                   \
                                                           std::span<const std::size_t>, std::uint64_t,           \
                                                           std::mt19937_64&, int, MeasurementWorkspace&);         \
  template std::vector<std::uint64_t> sample_outcomes<T>(const std::complex<T>*, std::size_t,                     \
                                                         std::span<const std::size_t>, std::uint64_t,             \
                                                         std::mt19937_64&, int, MeasurementWorkspace*);           \
  template void sample<T>(const std::complex<T>*, std::size_t, std::span<const std::size_t>, std::uint64_t,       \
                          std::mt19937_64&, std::span<std::uint8_t>, int, MeasurementWorkspace*);                 \
  template std::vector<OutcomeCount> counts<T>(const std::complex<T>*, std::size_t, std::span<const std::size_t>, \
                                               std::uint64_t, std::mt19937_64&, int, MeasurementWorkspace*);
QRT_SV_INSTANTIATE(double)
QRT_SV_INSTANTIATE(float)
#undef QRT_SV_INSTANTIATE

}  // namespace qrt::sv
