// Exact expval / var / apply_observable against analytic values and against full dense matrices
// built independently in reference.hpp.
#include "observables/expectation.hpp"
#include "reference.hpp"

#include <algorithm>
#include <numeric>

using namespace qrt::sv;
using Qubits = std::vector<std::size_t>;

namespace {

// A random observable on n qubits: `terms` terms, each a tensor product of random factors on
// disjoint random qubits (Pauli, Hadamard, Identity, Hermitian on 1-2 qubits).
Observable random_observable(std::size_t n, std::size_t terms, std::mt19937_64& rng) {
  Observable observable;
  std::uniform_real_distribution<double> coefficient(-2.0, 2.0);
  for (std::size_t t = 0; t < terms; ++t) {
    Qubits free(n);
    std::iota(free.begin(), free.end(), 0);
    std::shuffle(free.begin(), free.end(), rng);
    Term term{coefficient(rng), {}};
    while (!free.empty() && rng() % 4 != 0) {
      const int kind = static_cast<int>(rng() % 6);
      if (kind == 5 && free.size() >= 2) {
        Qubits qubits = {free.back(), free[free.size() - 2]};
        free.resize(free.size() - 2);
        term.factors.push_back(hermitian(qubits, reference::random_hermitian(2, rng)));
        continue;
      }
      const std::size_t q = free.back();
      free.pop_back();
      switch (kind) {
        case 0: term.factors.push_back(pauli_x(q)); break;
        case 1: term.factors.push_back(pauli_y(q)); break;
        case 2: term.factors.push_back(pauli_z(q)); break;
        case 3: term.factors.push_back(hadamard(q)); break;
        case 4: term.factors.push_back(identity_factor(Qubits{q})); break;
        default: term.factors.push_back(hermitian({q}, reference::random_hermitian(1, rng))); break;
      }
    }
    observable.terms.push_back(std::move(term));
  }
  return observable;
}

void check_against_dense(const reference::State& psi, std::size_t n, const Observable& observable, int threads = 1) {
  const reference::Matrix m = reference::dense(observable, n);
  CHECK(expval(psi.data(), n, observable, threads) == Approx(reference::expectation(m, psi)).margin(1e-10));
  CHECK(var(psi.data(), n, observable, threads) == Approx(reference::variance(m, psi)).margin(1e-10));
  reference::State image(psi.size());
  apply_observable(psi.data(), n, observable, image, threads);
  const auto expected = reference::apply(m, psi);
  for (std::size_t i = 0; i < psi.size(); ++i) REQUIRE(std::abs(image[i] - expected[i]) < 1e-10);
}

// For registers too large for dense matrices: phi = O|psi> factor by factor, then
// <O> = Re<psi|phi> and var = <phi|phi> - <O>^2 (O Hermitian).
void check_against_factorwise(const reference::State& psi, std::size_t n, const Observable& observable) {
  const auto phi = reference::apply_factorwise(observable, psi);
  const double mean = reference::inner(psi, phi).real();
  CHECK(expval(psi.data(), n, observable, 1) == Approx(mean).margin(1e-10));
  CHECK(var(psi.data(), n, observable, 1) == Approx(reference::inner(phi, phi).real() - mean * mean).margin(1e-10));
  reference::State image(psi.size());
  apply_observable(psi.data(), n, observable, image, 1);
  for (std::size_t i = 0; i < psi.size(); ++i) REQUIRE(std::abs(image[i] - phi[i]) < 1e-10);
}

}  // namespace

TEST_CASE("the factor-wise reference agrees with the dense one", "[reference]") {
  std::mt19937_64 rng(31);
  const auto psi = reference::random_state(4, 3);
  const auto observable = random_observable(4, 4, rng);
  const auto dense_image = reference::apply(reference::dense(observable, 4), psi);
  const auto factorwise_image = reference::apply_factorwise(observable, psi);
  for (std::size_t i = 0; i < psi.size(); ++i) REQUIRE(std::abs(dense_image[i] - factorwise_image[i]) < 1e-12);
}

TEST_CASE("Bell state correlations", "[expval]") {
  const auto bell = reference::ghz_state(2);
  const Qubits both = {0, 1};
  CHECK(expval(bell.data(), 2, single_term(pauli_word("XX", both)), 1) == Approx(1.0));
  CHECK(expval(bell.data(), 2, single_term(pauli_word("YY", both)), 1) == Approx(-1.0));
  CHECK(expval(bell.data(), 2, single_term(pauli_word("ZZ", both)), 1) == Approx(1.0));
  CHECK(expval(bell.data(), 2, single_term(pauli_word("ZI", both)), 1) == Approx(0.0).margin(1e-15));
  CHECK(var(bell.data(), 2, single_term(pauli_word("ZI", both)), 1) == Approx(1.0));
  CHECK(var(bell.data(), 2, single_term(pauli_word("XX", both)), 1) == Approx(0.0).margin(1e-15));
}

TEST_CASE("GHZ parity checks", "[expval]") {
  const auto ghz = reference::ghz_state(3);
  const Qubits all = {0, 1, 2};
  CHECK(expval(ghz.data(), 3, single_term(pauli_word("XXX", all)), 1) == Approx(1.0));
  for (const char* word : {"XYY", "YXY", "YYX"}) {
    CHECK(expval(ghz.data(), 3, single_term(pauli_word(word, all)), 1) == Approx(-1.0));
  }
}

TEST_CASE("single-qubit observables on a product state with known angles", "[expval]") {
  const std::vector<double> theta = {0.4, 1.3, 2.5}, phi = {0.0, 0.9, -1.7};
  const auto psi = reference::product_state(theta, phi);
  for (std::size_t q = 0; q < 3; ++q) {
    INFO("qubit " << q);
    CHECK(expval(psi.data(), 3, single_term({1.0, {pauli_z(q)}}), 1) == Approx(std::cos(theta[q])));
    CHECK(expval(psi.data(), 3, single_term({1.0, {pauli_x(q)}}), 1) == Approx(std::sin(theta[q]) * std::cos(phi[q])));
    CHECK(expval(psi.data(), 3, single_term({1.0, {pauli_y(q)}}), 1) ==
          Approx(std::sin(theta[q]) * std::sin(phi[q])).margin(1e-15));
    CHECK(expval(psi.data(), 3, single_term({1.0, {hadamard(q)}}), 1) ==
          Approx((std::cos(theta[q]) + std::sin(theta[q]) * std::cos(phi[q])) / std::sqrt(2.0)));
    CHECK(var(psi.data(), 3, single_term({1.0, {pauli_z(q)}}), 1) == Approx(std::pow(std::sin(theta[q]), 2)));
  }
  // Tensor products of disjoint factors factorise on product states.
  CHECK(expval(psi.data(), 3, single_term({2.0, {pauli_z(0), pauli_x(2)}}), 1) ==
        Approx(2.0 * std::cos(theta[0]) * std::sin(theta[2]) * std::cos(phi[2])));
}

TEST_CASE("Hermitian factors: qubit order and a known matrix", "[expval][hermitian]") {
  // diag(0, 1, 2, 3) on qubits [a, b] reads 2*bit(a) + bit(b).
  const std::vector<std::complex<double>> diagonal = {0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 2, 0, 0, 0, 0, 3};
  const auto state = reference::basis_state(3, 0b100);  // qubit 2 set
  CHECK(expval(state.data(), 3, single_term({1.0, {hermitian({2, 0}, diagonal)}}), 1) == Approx(2.0));
  CHECK(expval(state.data(), 3, single_term({1.0, {hermitian({0, 2}, diagonal)}}), 1) == Approx(1.0));
  CHECK(var(state.data(), 3, single_term({1.0, {hermitian({0, 2}, diagonal)}}), 1) == Approx(0.0).margin(1e-15));
}

TEST_CASE("random observables on random states match the dense reference", "[expval][var][reference]") {
  std::mt19937_64 rng(1234);
  for (std::size_t n = 1; n <= 6; ++n) {
    for (int trial = 0; trial < 12; ++trial) {
      const auto psi = reference::random_state(n, 1000 * n + trial);
      const std::size_t terms = 1 + rng() % 5;
      INFO("n = " << n << ", trial " << trial << ", terms " << terms);
      check_against_dense(psi, n, random_observable(n, terms, rng));
    }
  }
}

TEST_CASE("Pauli words with Y phases match the dense reference", "[expval][pauli]") {
  std::mt19937_64 rng(77);
  const std::size_t n = 6;
  const auto psi = reference::random_state(n, 5);
  const char letters[] = {'I', 'X', 'Y', 'Z'};
  for (int trial = 0; trial < 40; ++trial) {
    std::string word;
    for (std::size_t j = 0; j < n; ++j) word += letters[rng() % 4];
    Qubits qubits(n);
    std::iota(qubits.begin(), qubits.end(), 0);
    std::shuffle(qubits.begin(), qubits.end(), rng);
    INFO(word);
    check_against_dense(psi, n, single_term(pauli_word(word, qubits, 0.5)));
  }
}

TEST_CASE("Pauli words flipping qubits above the 2^10-amplitude blocks", "[expval][pauli]") {
  // Words with X/Y beyond qubit 9 take the paired-block path (each amplitude read once).
  std::mt19937_64 rng(91);
  const std::size_t n = 12;
  const auto psi = reference::random_state(n, 17);
  for (const char* word : {"XIIIIIIIIIIY", "YYIIZIIIIIXI", "ZIXIIYIIIIIX", "IIIIIIIIIIXX", "YIZIIIIIIIYY"}) {
    Qubits qubits(n);
    std::iota(qubits.begin(), qubits.end(), 0);
    INFO(word);
    check_against_factorwise(psi, n, single_term(pauli_word(word, qubits, 0.75)));
    std::shuffle(qubits.begin(), qubits.end(), rng);
    check_against_factorwise(psi, n, single_term(pauli_word(word, qubits, -1.25)));
  }
}

TEST_CASE("a Hermitian factor on three qubits inside a tensor product", "[expval][hermitian]") {
  std::mt19937_64 rng(8);
  const std::size_t n = 5;
  const auto psi = reference::random_state(n, 6);
  Observable observable;
  observable.terms.push_back({0.7, {hermitian({4, 1, 2}, reference::random_hermitian(3, rng)), pauli_y(0)}});
  observable.terms.push_back({-1.1, {pauli_x(3), hadamard(1)}});
  check_against_dense(psi, n, observable);
}

TEST_CASE("dense factors on high qubits with Z factors below them (runs with signs)", "[expval][hermitian]") {
  std::mt19937_64 rng(19);
  const std::size_t n = 8;
  const auto psi = reference::random_state(n, 23);
  Observable observable;
  observable.terms.push_back(
      {0.9, {hermitian({6, 5}, reference::random_hermitian(2, rng)), pauli_z(0), pauli_z(2), pauli_y(7)}});
  observable.terms.push_back({-0.4, {hadamard(4), pauli_z(1)}});
  check_against_dense(psi, n, observable);
  check_against_dense(psi, n, observable, 3);
}

TEST_CASE("dense parts wider than the on-the-fly block use a scratch copy", "[expval][scratch]") {
  const std::size_t n = 11;  // 11 Hadamard factors: more than kMaxBlockQubits
  const auto psi = reference::random_state(n, 12);
  Term all_hadamard{1.5, {}};
  for (std::size_t q = 0; q < n; ++q) all_hadamard.factors.push_back(hadamard(q));
  Observable observable = single_term(all_hadamard);
  check_against_factorwise(psi, n, observable);
  observable.terms.push_back({0.5, {pauli_z(3), pauli_y(7)}});
  check_against_factorwise(psi, n, observable);
}

TEST_CASE("large states: product-state analytics and thread-count independence", "[expval][threads]") {
  const std::size_t n = 15;
  std::vector<double> theta(n), phi(n);
  for (std::size_t q = 0; q < n; ++q) {
    theta[q] = 0.2 + 0.19 * static_cast<double>(q);
    phi[q] = 0.1 * static_cast<double>(q);
  }
  const auto psi = reference::product_state(theta, phi);
  const auto z = [&](std::size_t q) { return std::cos(theta[q]); };
  const auto x = [&](std::size_t q) { return std::sin(theta[q]) * std::cos(phi[q]); };
  const auto y = [&](std::size_t q) { return std::sin(theta[q]) * std::sin(phi[q]); };
  const auto h = [&](std::size_t q) { return (z(q) + x(q)) / std::sqrt(2.0); };
  Observable observable;
  observable.terms.push_back({0.5, {pauli_z(0), pauli_x(14), pauli_y(7)}});
  observable.terms.push_back({-1.25, {hadamard(3), pauli_z(12)}});
  observable.terms.push_back({2.0, {pauli_x(1)}});
  const double expected = 0.5 * z(0) * x(14) * y(7) - 1.25 * h(3) * z(12) + 2.0 * x(1);
  const double single = expval(psi.data(), n, observable, 1);
  CHECK(single == Approx(expected).margin(1e-12));
  CHECK(expval(psi.data(), n, observable, 2) == single);
  CHECK(expval(psi.data(), n, observable, 5) == single);
  const double variance = var(psi.data(), n, observable, 1);
  CHECK(var(psi.data(), n, observable, 2) == variance);
  // Single term on a product state: <T^2> = 1, so var = c^2 (1 - <T>^2).
  const Observable one = single_term({3.0, {pauli_x(2), hadamard(9)}});
  CHECK(var(psi.data(), n, one, 2) == Approx(9.0 * (1.0 - std::pow(x(2) * h(9), 2))));
}

TEST_CASE("empty observables and identity terms", "[expval]") {
  const auto psi = reference::random_state(3, 4);
  CHECK(expval(psi.data(), 3, Observable{}, 1) == 0.0);
  CHECK(var(psi.data(), 3, Observable{}, 1) == 0.0);
  CHECK(expval(psi.data(), 3, single_term({2.5, {}}), 1) == Approx(2.5));
  CHECK(var(psi.data(), 3, single_term({2.5, {identity_factor(Qubits{0, 2})}}), 1) == Approx(0.0).margin(1e-14));
}

namespace {

// A Hamiltonian of `terms` random Pauli words of weight 1..max_weight: some repeat exactly (their
// coefficients add), many share a flip mask (one group) or a low sign pattern (one sign table).
Observable random_hamiltonian(std::size_t n, std::size_t terms, std::size_t max_weight, std::mt19937_64& rng) {
  Observable h;
  std::uniform_real_distribution<double> coefficient(-1.5, 1.5);
  const char letters[] = {'X', 'Y', 'Z'};
  while (h.terms.size() < terms) {
    if (!h.terms.empty() && rng() % 8 == 0) {  // a repeat of an earlier word
      Term copy = h.terms[rng() % h.terms.size()];
      copy.coefficient = coefficient(rng);
      h.terms.push_back(std::move(copy));
      continue;
    }
    Qubits qubits(n);
    std::iota(qubits.begin(), qubits.end(), 0);
    std::shuffle(qubits.begin(), qubits.end(), rng);
    qubits.resize(1 + rng() % std::min(n, max_weight));
    std::string word;
    for (std::size_t j = 0; j < qubits.size(); ++j) word += letters[rng() % 3];
    h.terms.push_back(pauli_word(word, qubits, coefficient(rng)));
  }
  return h;
}

// sum_k c_k <P_k> and sum_k c_k P_k|psi>, one word at a time (the per-term kernels).
template <class T>
void check_against_word_sums(const std::vector<std::complex<T>>& psi, std::size_t n, const Observable& h,
                             double tolerance) {
  double expected = 0.0;
  std::vector<std::complex<double>> image(psi.size());
  for (const Term& term : h.terms) {
    expected += expval(psi.data(), n, single_term(term), 1);
    std::vector<std::complex<T>> one(psi.size());
    apply_observable(psi.data(), n, single_term(term), one, 1);
    for (std::size_t i = 0; i < psi.size(); ++i) image[i] += std::complex<double>(one[i]);
  }
  const double grouped = expval(psi.data(), n, h, 1);
  CHECK(grouped == Approx(expected).margin(tolerance));
  CHECK(expval(psi.data(), n, h, 3) == grouped);  // the same bits whatever the thread count
  std::vector<std::complex<T>> applied(psi.size());
  apply_observable(psi.data(), n, h, applied, 2);
  double worst = 0.0;
  for (std::size_t i = 0; i < psi.size(); ++i)
    worst = std::max(worst, std::abs(std::complex<double>(applied[i]) - image[i]));
  CHECK(worst < tolerance);
}

}  // namespace

TEST_CASE("Hamiltonians: grouped words equal the sum of the words one by one", "[expval][hamiltonian]") {
  std::mt19937_64 rng(36);
  // 13 qubits: flips above the 2^8-amplitude blocks; 15: several chunks, pairs of chunks per flip.
  for (const std::size_t n : {1u, 3u, 9u, 13u, 15u}) {
    const auto psi = reference::random_state(n, 40 + n);
    for (const std::size_t terms : {2u, 7u, 60u}) {
      for (const std::size_t weight : {1u, 2u, 4u}) {
        INFO("n = " << n << ", " << terms << " words of weight <= " << weight);
        check_against_word_sums(psi, n, random_hamiltonian(n, terms, weight, rng), 1e-10);
      }
    }
  }
}

TEST_CASE("Hamiltonians: groups of many sign patterns take the transform", "[expval][hamiltonian]") {
  // All Z-words (one diagonal group) and all words X0 Z_S (one flip group) on 10 qubits: far more low sign
  // patterns than the sign tables serve, so D comes from the Walsh-Hadamard transform of the weights.
  const std::size_t n = 10;
  std::mt19937_64 rng(5);
  std::uniform_real_distribution<double> coefficient(-1.0, 1.0);
  Observable h;
  for (std::size_t s = 1; s < 64; ++s) {
    Qubits z;
    for (std::size_t q = 0; q < n; ++q)
      if ((s * 37 >> q) & 1) z.push_back(q);
    h.terms.push_back(pauli_word(std::string(z.size(), 'Z'), z, coefficient(rng)));
    Qubits xz = z;
    xz.erase(std::remove(xz.begin(), xz.end(), std::size_t{0}), xz.end());
    std::string word(xz.size(), 'Z');
    xz.push_back(0);
    word += s % 2 ? 'X' : 'Y';
    h.terms.push_back(pauli_word(word, xz, coefficient(rng)));
  }
  check_against_word_sums(reference::random_state(n, 9), n, h, 1e-10);
  check_against_dense(reference::random_state(n - 4, 9), n - 4, [&] {  // the same shape against dense matrices
    Observable small;
    for (const Term& t : h.terms) {
      bool fits = true;
      for (const Factor& f : t.factors) fits = fits && f.qubits[0] < n - 4;
      if (fits) small.terms.push_back(t);
    }
    return small;
  }());
}

TEST_CASE("Hamiltonians in single precision", "[expval][hamiltonian]") {
  std::mt19937_64 rng(11);
  const std::size_t n = 12;
  const auto psi = reference::random_state(n, 3);
  std::vector<std::complex<float>> single(psi.begin(), psi.end());
  check_against_word_sums(single, n, random_hamiltonian(n, 40, 3, rng), 2e-5);
}
