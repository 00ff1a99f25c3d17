// The adjoint sweep's one-pass segment kernel (adjoint/segment_pass.hpp) against plain loops: the
// reduced transition matrix sum_r conj(λ[r, x]) ψ[r, y] of the vectors on entry, and the unitary applied
// to both, for every placement of one and two qubits (inside a SIMD register and across registers), every
// SIMD level this CPU runs, both precisions, one and two threads, the dense form and the pair form.
#include "adjoint/segment_pass.hpp"
#include "kernels/simd_level.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <complex>
#include <random>
#include <vector>

namespace {

using qrt::sv::Amplitude;
using qrt::sv::Complex;
using qrt::sv::QubitMask;

constexpr unsigned kQubits = 7;

std::vector<Complex> random_vector(std::mt19937_64& rng, std::size_t size) {
  std::normal_distribution<double> g;
  std::vector<Complex> v(size);
  for (Complex& z : v) z = {g(rng), g(rng)};
  return v;
}

// A Haar-ish unitary: Gram-Schmidt on Gaussian columns. Column-major d x d (FusedBlock's layout).
std::vector<Complex> random_unitary(std::mt19937_64& rng, std::size_t d) {
  std::vector<Complex> u = random_vector(rng, d * d);
  for (std::size_t c = 0; c < d; ++c) {
    for (std::size_t p = 0; p < c; ++p) {
      Complex dot = 0.0;
      for (std::size_t r = 0; r < d; ++r) dot += std::conj(u[r + p * d]) * u[r + c * d];
      for (std::size_t r = 0; r < d; ++r) u[r + c * d] -= dot * u[r + p * d];
    }
    double norm = 0.0;
    for (std::size_t r = 0; r < d; ++r) norm += std::norm(u[r + c * d]);
    for (std::size_t r = 0; r < d; ++r) u[r + c * d] /= std::sqrt(norm);
  }
  return u;
}

// Local index x on `qubits` (bit j = qubits[j]) of amplitude index i.
std::size_t local_of(std::size_t i, const std::vector<unsigned>& qubits) {
  std::size_t x = 0;
  for (std::size_t j = 0; j < qubits.size(); ++j) x |= ((i >> qubits[j]) & 1u) << j;
  return x;
}
std::size_t with_local(std::size_t i, const std::vector<unsigned>& qubits, std::size_t x) {
  for (std::size_t j = 0; j < qubits.size(); ++j)
    i = (i & ~(std::size_t{1} << qubits[j])) | (((x >> j) & 1u) << qubits[j]);
  return i;
}

std::vector<Complex> reference_transition(const std::vector<Complex>& lambda, const std::vector<Complex>& psi,
                                          const std::vector<unsigned>& qubits) {
  const std::size_t d = std::size_t{1} << qubits.size();
  std::vector<Complex> m(d * d);
  for (std::size_t i = 0; i < lambda.size(); ++i)
    for (std::size_t y = 0; y < d; ++y)
      m[local_of(i, qubits) * d + y] += std::conj(lambda[i]) * psi[with_local(i, qubits, y)];
  return m;
}

std::vector<Complex> reference_apply(const std::vector<Complex>& v, const std::vector<unsigned>& qubits,
                                     const std::vector<Complex>& unitary) {
  const std::size_t d = std::size_t{1} << qubits.size();
  std::vector<Complex> out(v.size());
  for (std::size_t i = 0; i < v.size(); ++i)
    for (std::size_t y = 0; y < d; ++y) out[i] += unitary[local_of(i, qubits) + y * d] * v[with_local(i, qubits, y)];
  return out;
}

template <class T>
std::vector<Amplitude<T>> narrow(const std::vector<Complex>& v) {
  std::vector<Amplitude<T>> out(v.size());
  std::transform(v.begin(), v.end(), out.begin(), [](Complex z) { return Amplitude<T>(z); });
  return out;
}

// The widened value of a stored vector; the reference starts from it so that rounding on entry cancels.
template <class T>
std::vector<Complex> widen(const std::vector<Amplitude<T>>& v) {
  std::vector<Complex> out(v.size());
  std::transform(v.begin(), v.end(), out.begin(), [](Amplitude<T> z) { return Complex(z.real(), z.imag()); });
  return out;
}

struct Case {
  std::vector<unsigned> qubits;
  std::vector<Complex> unitary;  // column-major
  std::uint32_t needed;
  bool pair_form;  // the unitary and `needed` only couple x with x ^ partner
};

template <class T>
void check_case(const Case& c, qrt::sv::SimdLevel level, unsigned threads, std::mt19937_64& rng) {
  const std::size_t size = std::size_t{1} << kQubits, d = std::size_t{1} << c.qubits.size();
  std::vector<Amplitude<T>> psi = narrow<T>(random_vector(rng, size)), lambda = narrow<T>(random_vector(rng, size));
  const std::vector<Complex> psi0 = widen(psi), lambda0 = widen(lambda);
  qrt::sv::ExecPolicy policy;
  policy.simd = level;
  policy.threads = threads;
  policy.parallel_min_qubits = 0;
  const qrt::sv::SegmentPassSpec spec{c.qubits, c.unitary, c.needed};
  qrt::sv::SegmentPassScratch scratch;
  const std::vector<std::complex<double>> m =
      qrt::sv::segment_passes(lambda.data(), psi.data(), kQubits, std::span(&spec, 1), policy, scratch)[0];

  const double tolerance = std::is_same_v<T, double> ? 1e-12 : 2e-5;
  // The pair form needs both qubits outside the SIMD register (the level's lanes); elsewhere the dense
  // form runs and fills in every entry.
  const unsigned lanes_log2 = qrt::sv::kernel_table_for<T>(level, kQubits).lanes_log2;
  const bool pair_form =
      c.pair_form && std::all_of(c.qubits.begin(), c.qubits.end(), [&](unsigned q) { return q >= lanes_log2; });
  const std::vector<Complex> expected_m = reference_transition(lambda0, psi0, c.qubits);
  REQUIRE(m.size() == d * d);
  for (std::size_t e = 0; e < d * d; ++e) {
    INFO("entry " << e / d << "," << e % d);
    if ((c.needed >> e) & 1u || !pair_form) {
      CHECK(std::abs(m[e] - expected_m[e]) < tolerance * size);
    } else if ((e / d ^ e % d) != 0) {
      // The pair form leaves out what nobody reads; the dense form fills it in.
      const bool coupled = c.unitary[e / d + (e % d) * d] != Complex(0.0);
      if (!coupled) CHECK(m[e] == std::complex<double>(0.0));
    }
  }
  const std::vector<Complex> expected_psi = reference_apply(psi0, c.qubits, c.unitary);
  const std::vector<Complex> expected_lambda = reference_apply(lambda0, c.qubits, c.unitary);
  for (std::size_t i = 0; i < size; ++i) {
    INFO("amplitude " << i);
    CHECK(std::abs(Complex(psi[i].real(), psi[i].imag()) - expected_psi[i]) < 10 * tolerance);
    CHECK(std::abs(Complex(lambda[i].real(), lambda[i].imag()) - expected_lambda[i]) < 10 * tolerance);
  }
}

std::vector<Case> cases(std::mt19937_64& rng) {
  std::vector<Case> out;
  for (unsigned a = 0; a < kQubits; ++a) {
    out.push_back({{a}, random_unitary(rng, 2), 0xF, false});
    for (unsigned b = a + 1; b < kQubits; ++b) {
      out.push_back({{a, b}, random_unitary(rng, 4), 0xFFFF, false});
      // CNOT (control local bit 0, target bit 1) after a rotation on the target: it only couples local
      // x with x ^ 2, and so do the entries a generator on the target reads.
      const std::vector<Complex> v = random_unitary(rng, 2);
      std::vector<Complex> u(16);
      for (std::size_t x = 0; x < 4; ++x)
        for (std::size_t y = 0; y < 4; ++y) {
          if ((x & 1u) != (y & 1u)) continue;
          const std::size_t row = (x & 1u) ? x ^ 2u : x;  // the CNOT after the rotation
          u[row + y * 4] = v[(x >> 1) + (y >> 1) * 2];
        }
      std::uint32_t pairs = 0;
      for (std::size_t x = 0; x < 4; ++x) pairs |= (1u << (x * 4 + x)) | (1u << (x * 4 + (x ^ 2u)));
      out.push_back({{a, b}, u, pairs, true});
      // The same unitary when a generator reads every entry: the dense form.
      out.push_back({{a, b}, u, 0xFFFF, false});
    }
  }
  return out;
}

template <class T>
void check_every_level() {
  std::mt19937_64 rng(20261205);
  for (unsigned level = 0; level < qrt::sv::kNumSimdLevels; ++level) {
    const auto simd = static_cast<qrt::sv::SimdLevel>(level);
    if (!qrt::sv::simd_level_supported(simd)) continue;
    for (unsigned threads : {1u, 2u})
      for (const Case& c : cases(rng)) {
        INFO("level " << qrt::sv::simd_level_name(simd) << ", threads " << threads << ", qubits " << c.qubits[0]
                      << (c.qubits.size() > 1 ? "," + std::to_string(c.qubits[1]) : std::string()) << ", pair form "
                      << c.pair_form);
        check_case<T>(c, simd, threads, rng);
      }
  }
}

// A run of segments in one tiled walk against the reference, segment after segment: each transition
// matrix is taken from the vectors as the segments before it left them.
template <class T>
void check_tiled_run(const std::vector<Case>& run, unsigned num_qubits, qrt::sv::SimdLevel level, unsigned threads,
                     std::mt19937_64& rng) {
  const std::size_t size = std::size_t{1} << num_qubits;
  std::vector<Amplitude<T>> psi = narrow<T>(random_vector(rng, size)), lambda = narrow<T>(random_vector(rng, size));
  std::vector<Complex> psi_ref = widen(psi), lambda_ref = widen(lambda);
  std::vector<qrt::sv::SegmentPassSpec> specs;
  for (const Case& c : run) specs.push_back({c.qubits, c.unitary, c.needed});
  qrt::sv::ExecPolicy policy;
  policy.simd = level;
  policy.threads = threads;
  policy.parallel_min_qubits = 0;
  qrt::sv::SegmentPassScratch scratch;
  const auto transitions = qrt::sv::segment_passes(lambda.data(), psi.data(), num_qubits,
                                                   std::span<const qrt::sv::SegmentPassSpec>(specs), policy, scratch);
  REQUIRE(transitions.size() == run.size());
  const double tolerance = std::is_same_v<T, double> ? 1e-12 : 2e-5;
  for (std::size_t k = 0; k < run.size(); ++k) {
    INFO("segment " << k << " on " << run[k].qubits[0]
                    << (run[k].qubits.size() > 1 ? "," + std::to_string(run[k].qubits[1]) : ""));
    const std::vector<Complex> expected = reference_transition(lambda_ref, psi_ref, run[k].qubits);
    const std::size_t d = std::size_t{1} << run[k].qubits.size();
    for (std::size_t e = 0; e < d * d; ++e)
      if ((run[k].needed >> e) & 1u) CHECK(std::abs(transitions[k][e] - expected[e]) < tolerance * size);
    psi_ref = reference_apply(psi_ref, run[k].qubits, run[k].unitary);
    lambda_ref = reference_apply(lambda_ref, run[k].qubits, run[k].unitary);
  }
  double worst = 0.0;
  for (std::size_t i = 0; i < size; ++i) {
    worst = std::max(worst, std::abs(Complex(psi[i].real(), psi[i].imag()) - psi_ref[i]));
    worst = std::max(worst, std::abs(Complex(lambda[i].real(), lambda[i].imag()) - lambda_ref[i]));
  }
  CHECK(worst < 100 * tolerance);
}

}  // namespace

TEST_CASE("a run of segments shares one tiled pass and matches them one after another", "[adjoint]") {
  // 15 qubits: tiles of 2^14 amplitudes leave the highest fixed per tile. Runs on the tile's top
  // qubits, on lane qubits and across, pair and dense forms.
  constexpr unsigned n = 15;
  std::mt19937_64 rng(7);
  const auto segment = [&](std::vector<unsigned> qubits, bool pair) {
    if (qubits.size() == 1) return Case{qubits, random_unitary(rng, 2), 0xF, false};
    if (!pair) return Case{qubits, random_unitary(rng, 4), 0xFFFF, false};
    const std::vector<Complex> v = random_unitary(rng, 2);
    std::vector<Complex> u(16);
    for (std::size_t x = 0; x < 4; ++x)
      for (std::size_t y = 0; y < 4; ++y)
        if ((x & 1u) == (y & 1u)) u[((x & 1u) ? x ^ 2u : x) + y * 4] = v[(x >> 1) + (y >> 1) * 2];
    std::uint32_t pairs = 0;
    for (std::size_t x = 0; x < 4; ++x) pairs |= (1u << (x * 4 + x)) | (1u << (x * 4 + (x ^ 2u)));
    return Case{qubits, u, pairs, true};
  };
  const std::vector<std::vector<Case>> runs = {
      {segment({12, 13}, true), segment({11, 12}, true), segment({10, 13}, false), segment({13}, false)},
      {segment({4, 5}, true), segment({0, 1}, false), segment({1, 2}, true), segment({0}, false),
       segment({3, 4}, false)},
      {segment({9, 13}, true), segment({2, 9}, false), segment({5, 13}, true)},
  };
  for (unsigned level = 0; level < qrt::sv::kNumSimdLevels; ++level) {
    const auto simd = static_cast<qrt::sv::SimdLevel>(level);
    if (!qrt::sv::simd_level_supported(simd)) continue;
    for (unsigned threads : {1u, 2u})
      for (const auto& run : runs) {
        INFO("level " << qrt::sv::simd_level_name(simd) << ", threads " << threads);
        check_tiled_run<double>(run, n, simd, threads, rng);
        check_tiled_run<float>(run, n, simd, threads, rng);
      }
  }
}

TEST_CASE("the segment pass gives the transition matrix and applies the unitary to both vectors", "[adjoint]") {
  check_every_level<double>();
}

TEST_CASE("the complex64 segment pass matches the reference within single precision", "[adjoint]") {
  check_every_level<float>();
}

TEST_CASE("the segment pass refuses segments it has no kernel for", "[adjoint][errors]") {
  std::vector<Amplitude<double>> psi(8), lambda(8);
  const std::vector<unsigned> three = {0, 1, 2};
  const std::vector<Complex> identity(64);
  const qrt::sv::SegmentPassSpec spec{three, identity, ~0u};
  qrt::sv::SegmentPassScratch scratch;
  CHECK_FALSE(qrt::sv::segment_pass_applies(3, 3));
  CHECK_FALSE(qrt::sv::segment_pass_applies(1, 2));
  CHECK(qrt::sv::segment_pass_applies(3, 2));
  CHECK_THROWS_WITH(
      qrt::sv::segment_passes(lambda.data(), psi.data(), 3, std::span(&spec, 1), qrt::sv::ExecPolicy{}, scratch),
      Catch::Contains("segment of 3 qubits"));
  // A tiled run needs a state larger than a tile, and its qubits must fit one.
  CHECK_FALSE(qrt::sv::segments_fit_tile(qrt::sv::kSegmentTileQubits, 0b11));
  CHECK(qrt::sv::segments_fit_tile(20, QubitMask{0b11} << 12));
  CHECK_FALSE(qrt::sv::segments_fit_tile(20, QubitMask{0b11} << 13));
  const std::vector<unsigned> low = {0}, high = {1};
  const std::vector<Complex> two(4);
  const qrt::sv::SegmentPassSpec run[2] = {{low, two, ~0u}, {high, two, ~0u}};
  CHECK_THROWS_WITH(
      qrt::sv::segment_passes(lambda.data(), psi.data(), 3, std::span(run), qrt::sv::ExecPolicy{}, scratch),
      Catch::Contains("do not fit one tile"));
  std::vector<Amplitude<double>> big_psi(std::size_t{1} << 15), big_lambda(big_psi.size());
  const std::vector<unsigned> top = {14};
  const qrt::sv::SegmentPassSpec across[2] = {{low, two, ~0u}, {top, two, ~0u}};
  CHECK_THROWS_WITH(
      qrt::sv::segment_passes(big_lambda.data(), big_psi.data(), 15, std::span(across), qrt::sv::ExecPolicy{}, scratch),
      Catch::Contains("do not fit one tile"));
}
