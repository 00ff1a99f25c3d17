// PennyLane's gate matrices, built in the tests from their definitions (Kronecker products,
// exponentials of Pauli products, controlled blocks) independently of the simulator's gate code.
// Wire order: the first wire is the most significant bit of the matrix index.
#pragma once

#include "reference.hpp"

#include <cmath>
#include <functional>
#include <map>
#include <numbers>
#include <stdexcept>
#include <string>

namespace sv_test {

inline Matrix matmul(const Matrix& a, const Matrix& b) {
  const std::size_t dim = static_cast<std::size_t>(std::llround(std::sqrt(static_cast<double>(a.size()))));
  Matrix c(dim * dim);
  for (std::size_t i = 0; i < dim; ++i)
    for (std::size_t k = 0; k < dim; ++k)
      for (std::size_t j = 0; j < dim; ++j) c[i * dim + j] += a[i * dim + k] * b[k * dim + j];
  return c;
}

inline Matrix kron(const Matrix& a, const Matrix& b) {
  const std::size_t da = static_cast<std::size_t>(std::llround(std::sqrt(static_cast<double>(a.size()))));
  const std::size_t db = static_cast<std::size_t>(std::llround(std::sqrt(static_cast<double>(b.size()))));
  Matrix c(da * db * da * db);
  for (std::size_t ar = 0; ar < da; ++ar)
    for (std::size_t ac = 0; ac < da; ++ac)
      for (std::size_t br = 0; br < db; ++br)
        for (std::size_t bc = 0; bc < db; ++bc)
          c[(ar * db + br) * (da * db) + ac * db + bc] = a[ar * da + ac] * b[br * db + bc];
  return c;
}

inline Matrix scaled(const Matrix& a, Complex s) {
  Matrix c = a;
  for (auto& x : c) x *= s;
  return c;
}

inline Matrix plus(const Matrix& a, const Matrix& b) {
  Matrix c = a;
  for (std::size_t i = 0; i < c.size(); ++i) c[i] += b[i];
  return c;
}

inline Matrix dagger(const Matrix& a) {
  const std::size_t dim = static_cast<std::size_t>(std::llround(std::sqrt(static_cast<double>(a.size()))));
  Matrix c(a.size());
  for (std::size_t i = 0; i < dim; ++i)
    for (std::size_t j = 0; j < dim; ++j) c[j * dim + i] = std::conj(a[i * dim + j]);
  return c;
}

// exp(-i t/2 P) for a Pauli product P (P^2 = I): cos(t/2) I - i sin(t/2) P.
inline Matrix pauli_rotation(const Matrix& p, double t) {
  const std::size_t dim = static_cast<std::size_t>(std::llround(std::sqrt(static_cast<double>(p.size()))));
  return plus(scaled(identity(dim), std::cos(t / 2)), scaled(p, Complex(0, -std::sin(t / 2))));
}

// |0><0| ⊗ I + |1><1| ⊗ U: the first wire controls U.
inline Matrix controlled(const Matrix& u) {
  const Matrix p0 = {1, 0, 0, 0}, p1 = {0, 0, 0, 1};
  const std::size_t dim = static_cast<std::size_t>(std::llround(std::sqrt(static_cast<double>(u.size()))));
  return plus(kron(p0, identity(dim)), kron(p1, u));
}

inline const Matrix kX = {0, 1, 1, 0};
inline const Matrix kY = {0, Complex(0, -1), Complex(0, 1), 0};
inline const Matrix kZ = {1, 0, 0, -1};
inline const Matrix kH = {M_SQRT1_2, M_SQRT1_2, M_SQRT1_2, -M_SQRT1_2};
inline const Matrix kI2 = {1, 0, 0, 1};

inline Matrix diag(std::initializer_list<Complex> d) {
  Matrix m(d.size() * d.size());
  std::size_t i = 0;
  for (Complex x : d) m[i * d.size() + i] = x, ++i;
  return m;
}

inline Matrix rx(double t) { return pauli_rotation(kX, t); }
inline Matrix ry(double t) { return pauli_rotation(kY, t); }
inline Matrix rz(double t) { return pauli_rotation(kZ, t); }
inline Matrix phase(double t) { return diag({1, std::polar(1.0, t)}); }
inline Matrix rot(double phi, double theta, double omega) { return matmul(rz(omega), matmul(ry(theta), rz(phi))); }
inline Matrix swap_matrix() { return {1, 0, 0, 0, 0, 0, 1, 0, 0, 1, 0, 0, 0, 0, 0, 1}; }

// Entries (r, c, value) on top of a base matrix.
inline Matrix with_entries(Matrix base, std::size_t dim,
                           std::initializer_list<std::tuple<std::size_t, std::size_t, Complex>> e) {
  for (auto [r, c, v] : e) base[r * dim + c] = v;
  return base;
}

// The single excitation rotation on |01>, |10> with `corner` on |00> and |11>.
inline Matrix single_excitation(double t, Complex corner) {
  const double c = std::cos(t / 2), s = std::sin(t / 2);
  return with_entries(Matrix(16), 4, {{0, 0, corner}, {1, 1, c}, {1, 2, -s}, {2, 1, s}, {2, 2, c}, {3, 3, corner}});
}

// The double excitation rotation on |0011> (3), |1100> (12) with `other` on the remaining states.
inline Matrix double_excitation(double t, Complex other) {
  const double c = std::cos(t / 2), s = std::sin(t / 2);
  Matrix m = scaled(identity(16), other);
  return with_entries(m, 16, {{3, 3, c}, {3, 12, -s}, {12, 3, s}, {12, 12, c}});
}

inline Matrix multi_rz(double t, unsigned k) {
  Matrix zz = {1};
  for (unsigned i = 0; i < k; ++i) zz = kron(zz, kZ);
  return pauli_rotation(zz, t);
}

struct GateReference {
  unsigned num_params;
  unsigned num_wires;  // 0: any number (the test picks)
  std::function<Matrix(const std::vector<double>&, unsigned wires)> matrix;
};

inline const std::map<std::string, GateReference>& gate_references() {
  using P = const std::vector<double>&;
  const Complex i(0, 1);
  const double r = M_SQRT1_2;
  static const std::map<std::string, GateReference> refs = {
      {"Identity", {0, 1, [](P, unsigned) { return kI2; }}},
      {"PauliX", {0, 1, [](P, unsigned) { return kX; }}},
      {"PauliY", {0, 1, [](P, unsigned) { return kY; }}},
      {"PauliZ", {0, 1, [](P, unsigned) { return kZ; }}},
      {"Hadamard", {0, 1, [](P, unsigned) { return kH; }}},
      {"S",
       {0, 1,
        [](P, unsigned) {
          return diag({1, Complex(0, 1)});
        }}},
      {"T",
       {0, 1,
        [](P, unsigned) {
          return diag({1, std::polar(1.0, std::numbers::pi / 4)});
        }}},
      {"SX",
       {0, 1,
        [](P, unsigned) {
          return Matrix{Complex(.5, .5), Complex(.5, -.5), Complex(.5, -.5), Complex(.5, .5)};
        }}},
      {"PhaseShift", {1, 1, [](P p, unsigned) { return phase(p[0]); }}},
      {"RX", {1, 1, [](P p, unsigned) { return rx(p[0]); }}},
      {"RY", {1, 1, [](P p, unsigned) { return ry(p[0]); }}},
      {"RZ", {1, 1, [](P p, unsigned) { return rz(p[0]); }}},
      {"Rot", {3, 1, [](P p, unsigned) { return rot(p[0], p[1], p[2]); }}},
      {"CNOT", {0, 2, [](P, unsigned) { return controlled(kX); }}},
      {"CY", {0, 2, [](P, unsigned) { return controlled(kY); }}},
      {"CZ", {0, 2, [](P, unsigned) { return controlled(kZ); }}},
      {"CH", {0, 2, [](P, unsigned) { return controlled(kH); }}},
      {"SWAP", {0, 2, [](P, unsigned) { return swap_matrix(); }}},
      {"ISWAP",
       {0, 2,
        [i](P, unsigned) {
          return with_entries(diag({1, 0, 0, 1}), 4, {{1, 2, i}, {2, 1, i}});
        }}},
      {"PSWAP",
       {1, 2,
        [](P p, unsigned) {
          const Complex e = std::polar(1.0, p[0]);
          return with_entries(diag({1, 0, 0, 1}), 4, {{1, 2, e}, {2, 1, e}});
        }}},
      {"SISWAP",
       {0, 2,
        [i, r](P, unsigned) {
          return with_entries(diag({1, r, r, 1}), 4, {{1, 2, i * r}, {2, 1, i * r}});
        }}},
      {"SQISW",
       {0, 2,
        [i, r](P, unsigned) {
          return with_entries(diag({1, r, r, 1}), 4, {{1, 2, i * r}, {2, 1, i * r}});
        }}},
      // ECR = (X⊗I - Y⊗X) / sqrt(2), first wire first (Qiskit writes it IX - XY, little-endian)
      {"ECR", {0, 2, [r](P, unsigned) { return scaled(plus(kron(kX, kI2), scaled(kron(kY, kX), -1.0)), r); }}},
      {"IsingXX", {1, 2, [](P p, unsigned) { return pauli_rotation(kron(kX, kX), p[0]); }}},
      {"IsingYY", {1, 2, [](P p, unsigned) { return pauli_rotation(kron(kY, kY), p[0]); }}},
      {"IsingZZ", {1, 2, [](P p, unsigned) { return pauli_rotation(kron(kZ, kZ), p[0]); }}},
      // IsingXY = exp(i phi/4 (XX + YY)): XX + YY is 2 on the |01>,|10> swap, so a rotation there.
      {"IsingXY",
       {1, 2,
        [i](P p, unsigned) {
          const double c = std::cos(p[0] / 2), s = std::sin(p[0] / 2);
          return with_entries(diag({1, c, c, 1}), 4, {{1, 2, i * s}, {2, 1, i * s}});
        }}},
      {"ControlledPhaseShift", {1, 2, [](P p, unsigned) { return controlled(phase(p[0])); }}},
      {"CRX", {1, 2, [](P p, unsigned) { return controlled(rx(p[0])); }}},
      {"CRY", {1, 2, [](P p, unsigned) { return controlled(ry(p[0])); }}},
      {"CRZ", {1, 2, [](P p, unsigned) { return controlled(rz(p[0])); }}},
      {"CRot", {3, 2, [](P p, unsigned) { return controlled(rot(p[0], p[1], p[2])); }}},
      {"Toffoli", {0, 3, [](P, unsigned) { return controlled(controlled(kX)); }}},
      {"CSWAP", {0, 3, [](P, unsigned) { return controlled(swap_matrix()); }}},
      {"MultiRZ", {1, 0, [](P p, unsigned k) { return multi_rz(p[0], k); }}},
      {"GlobalPhase",
       {1, 0, [](P p, unsigned k) { return scaled(identity(std::size_t{1} << k), std::polar(1.0, -p[0])); }}},
      {"SingleExcitation", {1, 2, [](P p, unsigned) { return single_excitation(p[0], 1.0); }}},
      {"SingleExcitationPlus",
       {1, 2, [](P p, unsigned) { return single_excitation(p[0], std::polar(1.0, p[0] / 2)); }}},
      {"SingleExcitationMinus",
       {1, 2, [](P p, unsigned) { return single_excitation(p[0], std::polar(1.0, -p[0] / 2)); }}},
      {"DoubleExcitation", {1, 4, [](P p, unsigned) { return double_excitation(p[0], 1.0); }}},
      {"DoubleExcitationPlus",
       {1, 4, [](P p, unsigned) { return double_excitation(p[0], std::polar(1.0, p[0] / 2)); }}},
      {"DoubleExcitationMinus",
       {1, 4, [](P p, unsigned) { return double_excitation(p[0], std::polar(1.0, -p[0] / 2)); }}},
  };
  return refs;
}

}  // namespace sv_test
