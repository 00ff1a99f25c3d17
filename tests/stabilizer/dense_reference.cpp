#include "dense_reference.hpp"

#include <cmath>
#include <numbers>
#include <stdexcept>

namespace stab_test {

namespace {

const Complex kI{0, 1};

Matrix kron(const Matrix& a, std::size_t da, const Matrix& b, std::size_t db) {
  Matrix out(da * db * da * db);
  for (std::size_t r1 = 0; r1 < da; ++r1)
    for (std::size_t c1 = 0; c1 < da; ++c1)
      for (std::size_t r2 = 0; r2 < db; ++r2)
        for (std::size_t c2 = 0; c2 < db; ++c2)
          out[(r1 * db + r2) * da * db + c1 * db + c2] = a[r1 * da + c1] * b[r2 * db + c2];
  return out;
}

std::size_t dimension_of(const Matrix& m) { return static_cast<std::size_t>(std::lround(std::sqrt(double(m.size())))); }

}  // namespace

const std::vector<GateDefinition>& reference_gates() {
  static const std::vector<GateDefinition> gates = [] {
    const double r = 1 / std::sqrt(2.0);
    const Matrix x{0, 1, 1, 0}, y{0, -kI, kI, 0}, z{1, 0, 0, -1};
    std::vector<GateDefinition> g{
        {"Identity", 1, {1, 0, 0, 1}},
        {"PauliX", 1, x},
        {"PauliY", 1, y},
        {"PauliZ", 1, z},
        {"Hadamard", 1, {r, r, r, -r}},
        {"S", 1, {1, 0, 0, kI}},
        {"SX", 1, {Complex(0.5, 0.5), Complex(0.5, -0.5), Complex(0.5, -0.5), Complex(0.5, 0.5)}},
        {"T", 1, {1, 0, 0, std::polar(1.0, std::numbers::pi / 4)}},
        // Two-qubit gates written out entry by entry (first wire = control where there is one).
        {"CNOT", 2, {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0, 0, 1, 0}},
        {"CY", 2, {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, -kI, 0, 0, kI, 0}},
        {"CZ", 2, {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, -1}},
        {"SWAP", 2, {1, 0, 0, 0, 0, 0, 1, 0, 0, 1, 0, 0, 0, 0, 0, 1}},
        {"ISWAP", 2, {1, 0, 0, 0, 0, 0, kI, 0, 0, kI, 0, 0, 0, 0, 0, 1}},
    };
    return g;
  }();
  return gates;
}

const GateDefinition& reference_gate(const std::string& name) {
  for (const auto& g : reference_gates())
    if (g.name == name) return g;
  throw std::invalid_argument("no reference gate " + name);
}

Matrix dagger(const Matrix& m) {
  const std::size_t d = dimension_of(m);
  Matrix out(m.size());
  for (std::size_t i = 0; i < d; ++i)
    for (std::size_t j = 0; j < d; ++j) out[j * d + i] = std::conj(m[i * d + j]);
  return out;
}

Matrix with_control(const Matrix& target, int value) {
  const Matrix projector0{1, 0, 0, 0}, projector1{0, 0, 0, 1}, identity{1, 0, 0, 1};
  const Matrix acting = kron(value ? projector1 : projector0, 2, target, 2);
  const Matrix idle = kron(value ? projector0 : projector1, 2, identity, 2);
  Matrix out(16);
  for (std::size_t i = 0; i < 16; ++i) out[i] = acting[i] + idle[i];
  return out;
}

Matrix pauli_matrix(const std::string& word) {
  Matrix out{1};
  std::size_t d = 1;
  for (char letter : word) {
    Matrix factor;
    switch (letter) {
      case 'I': factor = {1, 0, 0, 1}; break;
      case 'X': factor = {0, 1, 1, 0}; break;
      case 'Y': factor = {0, -kI, kI, 0}; break;
      case 'Z': factor = {1, 0, 0, -1}; break;
      default: throw std::invalid_argument(std::string("bad Pauli letter ") + letter);
    }
    out = kron(out, d, factor, 2);
    d *= 2;
  }
  return out;
}

DenseState::DenseState(std::size_t num_qubits) : num_qubits_(num_qubits), amplitudes_(std::size_t{1} << num_qubits) {
  amplitudes_[0] = 1;
}

void DenseState::apply(const Matrix& matrix, const std::vector<std::size_t>& qubits) {
  const std::size_t k = qubits.size(), d = std::size_t{1} << k;
  if (matrix.size() != d * d) throw std::invalid_argument("matrix size");
  std::vector<Complex> out(amplitudes_.size());
  for (std::size_t index = 0; index < amplitudes_.size(); ++index) {
    // Row of the matrix this index belongs to, and the index with the gate's bits cleared.
    std::size_t row = 0, base = index;
    for (std::size_t j = 0; j < k; ++j) {
      const std::size_t bit = num_qubits_ - 1 - qubits[j];
      row = (row << 1) | ((index >> bit) & 1u);
      base &= ~(std::size_t{1} << bit);
    }
    Complex sum = 0;
    for (std::size_t col = 0; col < d; ++col) {
      std::size_t source = base;
      for (std::size_t j = 0; j < k; ++j)
        if ((col >> (k - 1 - j)) & 1u) source |= std::size_t{1} << (num_qubits_ - 1 - qubits[j]);
      sum += matrix[row * d + col] * amplitudes_[source];
    }
    out[index] = sum;
  }
  amplitudes_ = std::move(out);
}

std::vector<double> DenseState::probs(const std::vector<std::size_t>& qubits) const {
  std::vector<double> out(std::size_t{1} << qubits.size(), 0.0);
  for (std::size_t index = 0; index < amplitudes_.size(); ++index) {
    std::size_t outcome = 0;
    for (std::size_t q : qubits) outcome = (outcome << 1) | ((index >> (num_qubits_ - 1 - q)) & 1u);
    out[outcome] += std::norm(amplitudes_[index]);
  }
  return out;
}

double DenseState::probability(std::size_t qubit, int outcome) const { return probs({qubit})[outcome]; }

void DenseState::project(std::size_t qubit, int outcome) {
  const double p = probability(qubit, outcome);
  if (p < 1e-12) throw std::invalid_argument("projecting onto an impossible outcome");
  const std::size_t bit = num_qubits_ - 1 - qubit;
  for (std::size_t index = 0; index < amplitudes_.size(); ++index) {
    if (static_cast<int>((index >> bit) & 1u) != outcome) amplitudes_[index] = 0;
    else amplitudes_[index] /= std::sqrt(p);
  }
}

std::vector<Complex> DenseState::applied(const Matrix& full) const {
  std::vector<Complex> out(amplitudes_.size());
  for (std::size_t r = 0; r < out.size(); ++r)
    for (std::size_t c = 0; c < out.size(); ++c) out[r] += full[r * out.size() + c] * amplitudes_[c];
  return out;
}

double DenseState::expval(const std::string& word) const { return expval({{1.0, word}}); }

double DenseState::expval(const std::vector<std::pair<double, std::string>>& sum) const {
  double value = 0;
  for (const auto& [c, word] : sum) {
    const std::vector<Complex> phi = applied(pauli_matrix(word));
    Complex inner = 0;
    for (std::size_t i = 0; i < phi.size(); ++i) inner += std::conj(amplitudes_[i]) * phi[i];
    value += c * inner.real();
  }
  return value;
}

double DenseState::var(const std::vector<std::pair<double, std::string>>& sum) const {
  std::vector<Complex> phi(amplitudes_.size());
  for (const auto& [c, word] : sum) {
    const std::vector<Complex> term = applied(pauli_matrix(word));
    for (std::size_t i = 0; i < phi.size(); ++i) phi[i] += c * term[i];
  }
  double square = 0;
  for (const Complex& a : phi) square += std::norm(a);  // <O^2> = |O psi|^2 for Hermitian O
  const double mean = expval(sum);
  return square - mean * mean;
}

double DenseState::bloch_length(std::size_t qubit) const {
  std::string word(num_qubits_, 'I');
  double sum = 0;
  for (char letter : {'X', 'Y', 'Z'}) {
    word[qubit] = letter;
    sum += expval(word) * expval(word);
  }
  return std::sqrt(sum);
}

void DenseState::remove_qubit(std::size_t qubit) {
  // psi[rest, b] = r[rest] phi[b] for a product factor: phi is the column of psi at the largest
  // amplitude, and r = <phi| psi summed over b.
  const std::size_t bit = num_qubits_ - 1 - qubit;
  const auto split = [bit](std::size_t rest, std::size_t b) {
    const std::size_t high = rest >> bit, low = rest & ((std::size_t{1} << bit) - 1);
    return (high << (bit + 1)) | (b << bit) | low;
  };
  const std::size_t half = amplitudes_.size() / 2;
  std::size_t best = 0;
  for (std::size_t rest = 0; rest < half; ++rest)
    if (std::norm(amplitudes_[split(rest, 0)]) + std::norm(amplitudes_[split(rest, 1)]) >
        std::norm(amplitudes_[split(best, 0)]) + std::norm(amplitudes_[split(best, 1)]))
      best = rest;
  Complex phi0 = amplitudes_[split(best, 0)], phi1 = amplitudes_[split(best, 1)];
  const double norm = std::sqrt(std::norm(phi0) + std::norm(phi1));
  phi0 /= norm;
  phi1 /= norm;
  std::vector<Complex> out(half);
  double total = 0;
  for (std::size_t rest = 0; rest < half; ++rest) {
    out[rest] = std::conj(phi0) * amplitudes_[split(rest, 0)] + std::conj(phi1) * amplitudes_[split(rest, 1)];
    total += std::norm(out[rest]);
  }
  if (std::abs(total - 1) > 1e-9) throw std::invalid_argument("removing a qubit that is entangled");
  amplitudes_ = std::move(out);
  --num_qubits_;
}

void DenseState::add_qubit() {
  std::vector<Complex> out(amplitudes_.size() * 2);
  for (std::size_t index = 0; index < amplitudes_.size(); ++index) out[index << 1] = amplitudes_[index];
  amplitudes_ = std::move(out);
  ++num_qubits_;
}

}  // namespace stab_test
