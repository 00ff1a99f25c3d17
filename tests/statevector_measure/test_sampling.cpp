// Sampling: column order, impossible outcomes, chi-square goodness of fit at a fixed seed, seed
// reproducibility, thread-count independence, counts, and argument errors.
#include "measure/guide_table.hpp"
#include "measure/sampling.hpp"
#include "reference.hpp"

#include <map>
#include <numeric>

using qrt::sv::ErrorKind;
using reference::is_error;
using Qubits = std::vector<std::size_t>;

namespace {

// Chi-square statistic of observed counts against expected probabilities (cells with p > 0).
double chi_square(const std::vector<std::uint64_t>& observed, const std::vector<double>& p, std::uint64_t shots) {
  double chi2 = 0.0;
  for (std::size_t i = 0; i < p.size(); ++i) {
    if (p[i] <= 0.0) continue;
    const double expected = p[i] * static_cast<double>(shots);
    chi2 += (static_cast<double>(observed[i]) - expected) * (static_cast<double>(observed[i]) - expected) / expected;
  }
  return chi2;
}

std::vector<std::uint64_t> histogram(const std::vector<std::uint64_t>& outcomes, std::size_t size) {
  std::vector<std::uint64_t> h(size, 0);
  for (auto o : outcomes) h.at(o) += 1;
  return h;
}

}  // namespace

TEST_CASE("sample rows list the qubits in the requested order", "[sample]") {
  const auto state = reference::basis_state(3, 0b001);  // qubit 0 set
  std::mt19937_64 rng(1);
  std::vector<std::uint8_t> rows(5 * 3);
  qrt::sv::sample(state.data(), 3, Qubits{0, 1, 2}, 5, rng, rows, 1);
  for (std::size_t shot = 0; shot < 5; ++shot) {
    CHECK(rows[3 * shot + 0] == 1);
    CHECK(rows[3 * shot + 1] == 0);
    CHECK(rows[3 * shot + 2] == 0);
  }
  qrt::sv::sample(state.data(), 3, Qubits{2, 1, 0}, 5, rng, rows, 1);
  for (std::size_t shot = 0; shot < 5; ++shot) CHECK(rows[3 * shot + 2] == 1);
}

TEST_CASE("impossible outcomes are never sampled", "[sample]") {
  const auto ghz = reference::ghz_state(4);
  std::mt19937_64 rng(42);
  const auto outcomes = qrt::sv::sample_outcomes(ghz.data(), 4, Qubits{0, 1, 2, 3}, 100000, rng, 1);
  const auto h = histogram(outcomes, 16);
  CHECK(h[0] + h[15] == 100000);
  CHECK(h[0] > 49000);
  CHECK(h[15] > 49000);
}

TEST_CASE("sampled frequencies pass a chi-square test", "[sample][statistics]") {
  // Critical values of the chi-square distribution at p = 0.001.
  const std::map<std::size_t, double> critical = {{7, 24.32}, {15, 37.70}, {3, 16.27}};
  const auto state = reference::random_state(4, 314);
  const std::uint64_t shots = 200000;
  std::mt19937_64 rng(2718);
  for (const Qubits& qubits : {Qubits{0, 1, 2, 3}, Qubits{3, 0, 2}, Qubits{2, 1}}) {
    const auto p = reference::probabilities(state, qubits);
    const auto outcomes = qrt::sv::sample_outcomes(state.data(), 4, qubits, shots, rng, 1);
    const double chi2 = chi_square(histogram(outcomes, p.size()), p, shots);
    INFO("k = " << qubits.size() << ", chi2 = " << chi2);
    CHECK(chi2 < critical.at(p.size() - 1));
  }
}

TEST_CASE("sample_distribution handles arbitrary outcome counts and zero weights", "[sample][guide]") {
  const std::vector<double> weights = {0.0, 3.0, 1.0, 0.0, 6.0};  // unnormalised, 5 outcomes
  std::mt19937_64 rng(7);
  const std::uint64_t shots = 100000;
  const auto h = histogram(qrt::sv::sample_distribution(weights, shots, rng, 1), weights.size());
  CHECK(h[0] == 0);
  CHECK(h[3] == 0);
  const std::vector<double> p = {0.0, 0.3, 0.1, 0.0, 0.6};
  CHECK(chi_square(h, p, shots) < 13.82);  // df = 2, p = 0.001
}

TEST_CASE("guide tables of any size draw the same distribution", "[sample][guide]") {
  const std::vector<double> weights = {0.0, 0.05, 0.0, 0.0, 0.4, 0.15, 0.0, 0.25, 0.15, 0.0};
  const std::uint64_t draws = 100000;
  for (std::size_t guide_size : {1u, 3u, 10u, 64u}) {
    std::vector<double> cumulative = weights;
    std::vector<std::uint64_t> guide(guide_size);
    const qrt::sv::GuideTable table(cumulative, guide, 1);
    std::mt19937_64 rng(guide_size);
    std::vector<std::uint64_t> observed(weights.size(), 0);
    for (std::uint64_t d = 0; d < draws; ++d) observed.at(table.draw(rng())) += 1;
    INFO("guide size " << guide_size);
    for (std::size_t i = 0; i < weights.size(); ++i) {
      if (weights[i] == 0.0) CHECK(observed[i] == 0);
    }
    CHECK(chi_square(observed, weights, draws) < 18.47);  // 5 possible outcomes: df = 4, p = 0.001
  }
  // The extreme random words land on the first and last possible outcomes.
  std::vector<double> cumulative = weights;
  std::vector<std::uint64_t> guide(4);
  const qrt::sv::GuideTable table(cumulative, guide, 1);
  CHECK(table.draw(0) == 1);
  CHECK(table.draw(~std::uint64_t{0}) == 8);
}

TEST_CASE("the same seed gives the same shots, another seed different ones", "[sample][seed]") {
  const auto state = reference::random_state(5, 2);
  const Qubits qubits = {4, 0, 2};
  std::vector<std::uint8_t> first(1000 * 3), second(1000 * 3), third(1000 * 3);
  std::mt19937_64 a(123), b(123), c(124);
  qrt::sv::sample(state.data(), 5, qubits, 1000, a, first, 1);
  qrt::sv::sample(state.data(), 5, qubits, 1000, b, second, 1);
  qrt::sv::sample(state.data(), 5, qubits, 1000, c, third, 1);
  CHECK(first == second);
  CHECK(first != third);
}

TEST_CASE("shots do not depend on the thread count", "[sample][threads]") {
  const std::size_t n = 15;  // large enough for threaded probabilities
  const auto state = reference::random_state(n, 5);
  Qubits all(n);
  std::iota(all.begin(), all.end(), 0);
  const std::uint64_t shots = 3 * qrt::sv::kShotsPerStream + 17;  // several streams, ragged end
  std::mt19937_64 one(9), two(9), four(9);
  const auto a = qrt::sv::sample_outcomes(state.data(), n, all, shots, one, 1);
  const auto b = qrt::sv::sample_outcomes(state.data(), n, all, shots, two, 2);
  const auto c = qrt::sv::sample_outcomes(state.data(), n, all, shots, four, 4);
  CHECK(a == b);
  CHECK(a == c);
  CHECK(one() == two());  // the caller's generator advanced identically
}

TEST_CASE("counts agree with the shots drawn from the same seed", "[sample][counts]") {
  const auto state = reference::random_state(3, 17);
  const Qubits qubits = {1, 2};
  std::mt19937_64 a(5), b(5);
  const auto outcomes = qrt::sv::sample_outcomes(state.data(), 3, qubits, 5000, a, 1);
  const auto counted = qrt::sv::counts(state.data(), 3, qubits, 5000, b, 1);
  const auto h = histogram(outcomes, 4);
  std::uint64_t total = 0;
  for (const auto& entry : counted) {
    CHECK(entry.count == h[entry.outcome]);
    total += entry.count;
  }
  CHECK(total == 5000);
  for (std::size_t i = 1; i < counted.size(); ++i) CHECK(counted[i - 1].outcome < counted[i].outcome);
}

TEST_CASE("counts over a large outcome space use the sparse path", "[sample][counts]") {
  const std::size_t n = 14;
  const auto state = reference::ghz_state(n);
  Qubits all(n);
  std::iota(all.begin(), all.end(), 0);
  std::mt19937_64 rng(3);
  const auto counted = qrt::sv::counts(state.data(), n, all, 100, rng, 1);  // 2^14 outcomes > 4 * shots
  REQUIRE(counted.size() == 2);
  CHECK(counted[0].outcome == 0);
  CHECK(counted[1].outcome == (std::uint64_t{1} << n) - 1);
  CHECK(counted[0].count + counted[1].count == 100);
}

TEST_CASE("sampling rejects bad arguments", "[sample][errors]") {
  const auto state = reference::random_state(2, 1);
  std::mt19937_64 rng(1);
  std::vector<std::uint8_t> rows(10);
  REQUIRE_THROWS_MATCHES(qrt::sv::sample(state.data(), 2, Qubits{0, 1}, 4, rng, rows, 1), qrt::sv::Error,
                         is_error(ErrorKind::InvalidArgument, {"sample", "10 entries", "4 shots x 2 qubits"}));
  REQUIRE_THROWS_MATCHES(qrt::sv::sample(state.data(), 2, Qubits{0, 5}, 5, rng, rows, 1), qrt::sv::Error,
                         is_error(ErrorKind::OutOfRange, {"qubit 5"}));
  REQUIRE_THROWS_MATCHES(qrt::sv::sample_outcomes(state.data(), 2, Qubits{1, 1}, 5, rng, 1), qrt::sv::Error,
                         is_error(ErrorKind::InvalidArgument, {"qubit 1", "twice"}));
  const std::vector<double> negative = {0.5, -0.1};
  REQUIRE_THROWS_MATCHES(qrt::sv::sample_distribution(negative, 5, rng, 1), qrt::sv::Error,
                         is_error(ErrorKind::InvalidArgument, {"weight 1"}));
  const reference::State zero(4, 0.0);
  REQUIRE_THROWS_MATCHES(qrt::sv::sample_outcomes(zero.data(), 2, Qubits{0}, 5, rng, 1), qrt::sv::Error,
                         is_error(ErrorKind::InvalidArgument, {"zero"}));
}
