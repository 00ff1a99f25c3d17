// Independent reference implementations for the statevector measurement tests: states built from
// their definitions, observables turned into full 2^n x 2^n matrices from the textbook Pauli
// matrices, and expectations computed by plain matrix-vector products. Nothing here calls the
// code under test except to read the Observable value it is given.
#pragma once

#include "measure/errors.hpp"
#include "observables/observable.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <complex>
#include <cstddef>
#include <random>
#include <string>
#include <vector>

namespace reference {

using Complex = std::complex<double>;
using State = std::vector<Complex>;

// ---- states ----------------------------------------------------------------------------------

inline State random_state(std::size_t num_qubits, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::normal_distribution<double> gauss;
  State state(std::size_t{1} << num_qubits);
  double norm = 0.0;
  for (Complex& a : state) {
    a = {gauss(rng), gauss(rng)};
    norm += std::norm(a);
  }
  for (Complex& a : state) a /= std::sqrt(norm);
  return state;
}

// Qubit k in cos(theta_k/2)|0> + e^{i phi_k} sin(theta_k/2)|1>; qubit k = bit k of the index.
inline State product_state(const std::vector<double>& theta, const std::vector<double>& phi = {}) {
  const std::size_t n = theta.size();
  State state(std::size_t{1} << n);
  for (std::size_t i = 0; i < state.size(); ++i) {
    Complex amplitude = 1.0;
    for (std::size_t k = 0; k < n; ++k) {
      const bool one = (i >> k) & 1;
      const double phase = phi.empty() ? 0.0 : phi[k];
      amplitude *= one ? std::polar(std::sin(theta[k] / 2), phase) : Complex(std::cos(theta[k] / 2));
    }
    state[i] = amplitude;
  }
  return state;
}

// (|0...0> + |1...1>) / sqrt(2)
inline State ghz_state(std::size_t num_qubits) {
  State state(std::size_t{1} << num_qubits, 0.0);
  state.front() = state.back() = 1.0 / std::sqrt(2.0);
  return state;
}

// The computational basis state with qubit k set to bit k of `index`.
inline State basis_state(std::size_t num_qubits, std::size_t index) {
  State state(std::size_t{1} << num_qubits, 0.0);
  state[index] = 1.0;
  return state;
}

// ---- dense matrices --------------------------------------------------------------------------

struct Matrix {
  std::size_t dim = 0;
  std::vector<Complex> a;  // row-major
  Complex& operator()(std::size_t r, std::size_t c) { return a[r * dim + c]; }
  Complex operator()(std::size_t r, std::size_t c) const { return a[r * dim + c]; }
};

inline Matrix zeros(std::size_t dim) { return {dim, std::vector<Complex>(dim * dim, 0.0)}; }
inline Matrix identity(std::size_t dim) {
  Matrix m = zeros(dim);
  for (std::size_t i = 0; i < dim; ++i) m(i, i) = 1.0;
  return m;
}

inline Matrix pauli_matrix(char letter) {
  const Complex i(0, 1);
  switch (letter) {
    case 'X': return {2, {0, 1, 1, 0}};
    case 'Y': return {2, {0, -i, i, 0}};
    case 'Z': return {2, {1, 0, 0, -1}};
    case 'H': return {2, {1 / std::sqrt(2.0), 1 / std::sqrt(2.0), 1 / std::sqrt(2.0), -1 / std::sqrt(2.0)}};
    default: return identity(2);
  }
}

inline Matrix multiply(const Matrix& x, const Matrix& y) {
  Matrix r = zeros(x.dim);
  for (std::size_t i = 0; i < x.dim; ++i)
    for (std::size_t k = 0; k < x.dim; ++k)
      for (std::size_t j = 0; j < x.dim; ++j) r(i, j) += x(i, k) * y(k, j);
  return r;
}

inline Matrix add(const Matrix& x, const Matrix& y, double scale = 1.0) {
  Matrix r = x;
  for (std::size_t i = 0; i < r.a.size(); ++i) r.a[i] += scale * y.a[i];
  return r;
}

// The operator `local` (row-major, qubits[0] = most significant bit of its index) acting on the
// listed qubits of an n-qubit register, as a full 2^n x 2^n matrix.
inline Matrix embed(const std::vector<Complex>& local, const std::vector<std::size_t>& qubits, std::size_t n) {
  const std::size_t dim = std::size_t{1} << n;
  const std::size_t local_dim = std::size_t{1} << qubits.size();
  std::size_t target_mask = 0;
  for (std::size_t q : qubits) target_mask |= std::size_t{1} << q;
  const auto local_index = [&](std::size_t i) {
    std::size_t r = 0;
    for (std::size_t j = 0; j < qubits.size(); ++j) {
      if ((i >> qubits[j]) & 1) r |= std::size_t{1} << (qubits.size() - 1 - j);
    }
    return r;
  };
  Matrix m = zeros(dim);
  for (std::size_t row = 0; row < dim; ++row)
    for (std::size_t col = 0; col < dim; ++col)
      if ((row & ~target_mask) == (col & ~target_mask))
        m(row, col) = local[local_index(row) * local_dim + local_index(col)];
  return m;
}

inline Matrix dense(const qrt::sv::Factor& factor, std::size_t n) {
  using qrt::sv::FactorKind;
  switch (factor.kind) {
    case FactorKind::PauliX: return embed(pauli_matrix('X').a, factor.qubits, n);
    case FactorKind::PauliY: return embed(pauli_matrix('Y').a, factor.qubits, n);
    case FactorKind::PauliZ: return embed(pauli_matrix('Z').a, factor.qubits, n);
    case FactorKind::Hadamard: return embed(pauli_matrix('H').a, factor.qubits, n);
    case FactorKind::Hermitian: return embed(factor.matrix, factor.qubits, n);
    case FactorKind::Identity: break;
  }
  return identity(std::size_t{1} << n);
}

// Factors act on disjoint qubits, so the tensor product is the product of the embedded factors.
inline Matrix dense(const qrt::sv::Term& term, std::size_t n) {
  Matrix m = identity(std::size_t{1} << n);
  for (const auto& factor : term.factors) m = multiply(m, dense(factor, n));
  for (Complex& x : m.a) x *= term.coefficient;
  return m;
}

inline Matrix dense(const qrt::sv::Observable& observable, std::size_t n) {
  Matrix m = zeros(std::size_t{1} << n);
  for (const auto& term : observable.terms) m = add(m, dense(term, n));
  return m;
}

inline State apply(const Matrix& m, const State& psi) {
  State out(psi.size(), 0.0);
  for (std::size_t r = 0; r < m.dim; ++r)
    for (std::size_t c = 0; c < m.dim; ++c) out[r] += m(r, c) * psi[c];
  return out;
}

inline Complex inner(const State& bra, const State& ket) {
  Complex sum = 0.0;
  for (std::size_t i = 0; i < bra.size(); ++i) sum += std::conj(bra[i]) * ket[i];
  return sum;
}

inline double expectation(const Matrix& m, const State& psi) { return inner(psi, apply(m, psi)).real(); }
inline double variance(const Matrix& m, const State& psi) {
  const double mean = expectation(m, psi);
  return expectation(multiply(m, m), psi) - mean * mean;
}

// `local` (qubits[0] = MSB of its index) applied to psi without forming the full matrix:
// out[i] = sum_c local[r(i), c] psi[i with the listed bits replaced by c]. For registers too large
// for dense matrices.
inline State apply_local(const std::vector<Complex>& local, const std::vector<std::size_t>& qubits, const State& psi) {
  const std::size_t k = qubits.size(), local_dim = std::size_t{1} << k;
  const auto with_bits = [&](std::size_t i, std::size_t c) {
    for (std::size_t j = 0; j < k; ++j) {
      const std::size_t bit = std::size_t{1} << qubits[j];
      i = ((c >> (k - 1 - j)) & 1) ? (i | bit) : (i & ~bit);
    }
    return i;
  };
  State out(psi.size(), 0.0);
  for (std::size_t i = 0; i < psi.size(); ++i) {
    std::size_t row = 0;
    for (std::size_t j = 0; j < k; ++j) row = 2 * row + ((i >> qubits[j]) & 1);
    for (std::size_t c = 0; c < local_dim; ++c) out[i] += local[row * local_dim + c] * psi[with_bits(i, c)];
  }
  return out;
}

// O|psi> factor by factor (for registers too large for dense matrices).
inline State apply_factorwise(const qrt::sv::Observable& observable, const State& psi) {
  using qrt::sv::FactorKind;
  State total(psi.size(), 0.0);
  for (const auto& term : observable.terms) {
    State image = psi;
    for (const auto& factor : term.factors) {
      switch (factor.kind) {
        case FactorKind::PauliX: image = apply_local(pauli_matrix('X').a, factor.qubits, image); break;
        case FactorKind::PauliY: image = apply_local(pauli_matrix('Y').a, factor.qubits, image); break;
        case FactorKind::PauliZ: image = apply_local(pauli_matrix('Z').a, factor.qubits, image); break;
        case FactorKind::Hadamard: image = apply_local(pauli_matrix('H').a, factor.qubits, image); break;
        case FactorKind::Hermitian: image = apply_local(factor.matrix, factor.qubits, image); break;
        case FactorKind::Identity: break;
      }
    }
    for (std::size_t i = 0; i < psi.size(); ++i) total[i] += term.coefficient * image[i];
  }
  return total;
}

// Random Hermitian matrix on m qubits: (A + A^H) / 2 with Gaussian entries.
inline std::vector<Complex> random_hermitian(std::size_t m, std::mt19937_64& rng) {
  const std::size_t dim = std::size_t{1} << m;
  std::normal_distribution<double> gauss;
  std::vector<Complex> a(dim * dim);
  for (Complex& x : a) x = {gauss(rng), gauss(rng)};
  std::vector<Complex> h(dim * dim);
  for (std::size_t r = 0; r < dim; ++r)
    for (std::size_t c = 0; c < dim; ++c) h[r * dim + c] = 0.5 * (a[r * dim + c] + std::conj(a[c * dim + r]));
  return h;
}

// probs by definition: out[o] sums |psi_i|^2 over i whose qubits[j] bit is bit (k-1-j) of o.
inline std::vector<double> probabilities(const State& psi, const std::vector<std::size_t>& qubits) {
  std::vector<double> out(std::size_t{1} << qubits.size(), 0.0);
  for (std::size_t i = 0; i < psi.size(); ++i) {
    std::size_t o = 0;
    for (std::size_t q : qubits) o = 2 * o + ((i >> q) & 1);
    out[o] += std::norm(psi[i]);
  }
  return out;
}

// ---- error matcher ---------------------------------------------------------------------------

// Matches a qrt::sv::Error of the given kind whose message contains every listed fragment.
class ErrorMatcher : public Catch::MatcherBase<qrt::sv::Error> {
 public:
  ErrorMatcher(qrt::sv::ErrorKind kind, std::vector<std::string> fragments)
      : kind_(kind), fragments_(std::move(fragments)) {}
  bool match(const qrt::sv::Error& error) const override {
    if (error.kind() != kind_) return false;
    const std::string message = error.what();
    for (const auto& fragment : fragments_) {
      if (message.find(fragment) == std::string::npos) return false;
    }
    return true;
  }
  std::string describe() const override {
    std::string text = "is an error of kind " + std::to_string(static_cast<int>(kind_)) + " mentioning";
    for (const auto& fragment : fragments_) text += " \"" + fragment + "\"";
    return text;
  }

 private:
  qrt::sv::ErrorKind kind_;
  std::vector<std::string> fragments_;
};

inline ErrorMatcher is_error(qrt::sv::ErrorKind kind, std::vector<std::string> fragments) {
  return ErrorMatcher(kind, std::move(fragments));
}

}  // namespace reference
