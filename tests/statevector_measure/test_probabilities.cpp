// probs(): analytic states, every subset/order against the definition, both tiling strategies,
// thread-count independence and argument errors.
#include "measure/probabilities.hpp"
#include "reference.hpp"

#include <algorithm>
#include <numeric>

using qrt::sv::ErrorKind;
using reference::is_error;
using Qubits = std::vector<std::size_t>;

namespace {

void require_close(const std::vector<double>& actual, const std::vector<double>& expected, double tolerance = 1e-12) {
  REQUIRE(actual.size() == expected.size());
  for (std::size_t i = 0; i < actual.size(); ++i) {
    INFO("entry " << i);
    REQUIRE(actual[i] == Approx(expected[i]).margin(tolerance));
  }
}

}  // namespace

TEST_CASE("probs of a Bell state", "[probs]") {
  const auto bell = reference::ghz_state(2);
  require_close(qrt::sv::probs(bell.data(), 2, Qubits{0, 1}, 1), {0.5, 0.0, 0.0, 0.5});
  require_close(qrt::sv::probs(bell.data(), 2, Qubits{1}, 1), {0.5, 0.5});
  require_close(qrt::sv::probs(bell.data(), 2, Qubits{}, 1), {1.0});
}

TEST_CASE("probs follow the first-listed-qubit-is-most-significant order", "[probs]") {
  // |q2 q1 q0> = |0 1 1>: qubits 0 and 1 are set.
  const auto state = reference::basis_state(3, 0b011);
  require_close(qrt::sv::probs(state.data(), 3, Qubits{0, 1, 2}, 1), {0, 0, 0, 0, 0, 0, 1, 0});  // "110"
  require_close(qrt::sv::probs(state.data(), 3, Qubits{2, 1, 0}, 1), {0, 0, 0, 1, 0, 0, 0, 0});  // "011"
  require_close(qrt::sv::probs(state.data(), 3, Qubits{2, 0}, 1), {0, 1, 0, 0});                 // "01"
  require_close(qrt::sv::probs(state.data(), 3, Qubits{0, 2}, 1), {0, 0, 1, 0});                 // "10"
}

TEST_CASE("probs of a product state are products of single-qubit probabilities", "[probs]") {
  const std::vector<double> theta = {0.3, 1.1, 2.0, 2.9};
  const auto state = reference::product_state(theta);
  const auto p1 = [&](std::size_t q) { return std::pow(std::sin(theta[q] / 2), 2); };
  for (const Qubits& qubits : {Qubits{0, 1, 2, 3}, Qubits{3, 1}, Qubits{2, 0, 3}, Qubits{1}}) {
    std::vector<double> expected(std::size_t{1} << qubits.size());
    for (std::size_t o = 0; o < expected.size(); ++o) {
      double p = 1.0;
      for (std::size_t j = 0; j < qubits.size(); ++j) {
        const bool one = (o >> (qubits.size() - 1 - j)) & 1;
        p *= one ? p1(qubits[j]) : 1.0 - p1(qubits[j]);
      }
      expected[o] = p;
    }
    require_close(qrt::sv::probs(state.data(), theta.size(), qubits, 1), expected);
  }
}

TEST_CASE("probs match the definition for every order of random subsets", "[probs]") {
  std::mt19937_64 rng(2024);
  for (std::size_t n = 1; n <= 13; ++n) {
    const auto state = reference::random_state(n, 100 + n);
    for (int trial = 0; trial < 12; ++trial) {
      Qubits all(n);
      std::iota(all.begin(), all.end(), 0);
      std::shuffle(all.begin(), all.end(), rng);
      const std::size_t k = trial == 0 ? n : 1 + rng() % n;
      const Qubits qubits(all.begin(), all.begin() + static_cast<std::ptrdiff_t>(k));
      INFO("n = " << n << ", k = " << k);
      require_close(qrt::sv::probs(state.data(), n, qubits, 1), reference::probabilities(state, qubits));
    }
  }
}

TEST_CASE("probs on a large state: both strategies, any thread count, identical results", "[probs][threads]") {
  const std::size_t n = 16;  // above the parallel threshold
  const auto state = reference::random_state(n, 77);
  Qubits allocation_order(n), reversed(n);
  std::iota(allocation_order.begin(), allocation_order.end(), 0);
  std::iota(reversed.rbegin(), reversed.rend(), 0);
  const std::vector<Qubits> cases = {
      allocation_order, reversed, {15}, {0}, {3, 9, 1}, {15, 0, 7, 8, 2, 11, 4, 13, 6, 10, 1, 12}};
  for (const Qubits& qubits : cases) {
    INFO("k = " << qubits.size());
    const auto expected = reference::probabilities(state, qubits);
    const auto single = qrt::sv::probs(state.data(), n, qubits, 1);
    require_close(single, expected);
    for (int threads : {2, 3, 8}) REQUIRE(qrt::sv::probs(state.data(), n, qubits, threads) == single);
  }
}

TEST_CASE("probs of every qubit in allocation order (a full bit reversal, in tiles) match the definition", "[probs]") {
  for (std::size_t n : {13, 14, 15, 17}) {  // below, at and above the tiled kernel's 14 qubits
    const auto state = reference::random_state(n, 300 + n);
    Qubits allocation_order(n);
    std::iota(allocation_order.begin(), allocation_order.end(), 0);
    INFO("n = " << n);
    const auto expected = reference::probabilities(state, allocation_order);
    require_close(qrt::sv::probs(state.data(), n, allocation_order, 1), expected);
    require_close(qrt::sv::probs(state.data(), n, allocation_order, 2), expected);
  }
}

TEST_CASE("probs into an output that is not 16-byte aligned", "[probs]") {
  const std::size_t n = 14;
  const auto state = reference::random_state(n, 78);
  Qubits allocation_order(n);
  std::iota(allocation_order.begin(), allocation_order.end(), 0);
  std::vector<double> storage((std::size_t{1} << n) + 1);
  const std::span<double> shifted(storage.data() + 1, std::size_t{1} << n);  // 8 bytes off alignment
  qrt::sv::probs(state.data(), n, allocation_order, shifted, 2);
  require_close({shifted.begin(), shifted.end()}, reference::probabilities(state, allocation_order));
}

TEST_CASE("qubit_probabilities gives P(0) and P(1) of one qubit", "[probs]") {
  const auto state = reference::product_state({0.4, 2.2, 1.0});
  const auto p = qrt::sv::qubit_probabilities(state.data(), 3, 1, 1);
  CHECK(p[0] == Approx(std::pow(std::cos(1.1), 2)));
  CHECK(p[1] == Approx(std::pow(std::sin(1.1), 2)));
}

TEST_CASE("probs rejects bad arguments with clear errors", "[probs][errors]") {
  const auto state = reference::random_state(3, 1);
  std::vector<double> out(4);
  REQUIRE_THROWS_MATCHES(qrt::sv::probs(state.data(), 3, Qubits{0, 3}, out, 1), qrt::sv::Error,
                         is_error(ErrorKind::OutOfRange, {"probs", "qubit 3", "3-qubit"}));
  REQUIRE_THROWS_MATCHES(qrt::sv::probs(state.data(), 3, Qubits{1, 1}, out, 1), qrt::sv::Error,
                         is_error(ErrorKind::InvalidArgument, {"probs", "qubit 1", "twice"}));
  REQUIRE_THROWS_MATCHES(qrt::sv::probs(state.data(), 3, Qubits{0, 1, 2}, out, 1), qrt::sv::Error,
                         is_error(ErrorKind::InvalidArgument, {"probs", "4 entries", "8"}));
  REQUIRE_THROWS_MATCHES(qrt::sv::probs(state.data(), 3, Qubits{0, 1}, out, 0), qrt::sv::Error,
                         is_error(ErrorKind::InvalidArgument, {"thread count"}));
  const std::complex<double>* no_state = nullptr;  // typed: the functions take either precision
  REQUIRE_THROWS_MATCHES(qrt::sv::probs(no_state, 3, Qubits{0, 1}, out, 1), qrt::sv::Error,
                         is_error(ErrorKind::InvalidArgument, {"null"}));
  REQUIRE_THROWS_MATCHES(qrt::sv::probs(state.data(), 63, Qubits{0, 1}, out, 1), qrt::sv::Error,
                         is_error(ErrorKind::OutOfRange, {"63 qubits"}));
}
