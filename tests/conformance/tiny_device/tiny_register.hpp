// The state of tiny.qubit: a dense vector over its live qubits, position 0 (the first allocated) being
// the most significant bit. Written independently of the conformance kit's reference simulator.
#pragma once

#include <array>
#include <cmath>
#include <complex>
#include <cstddef>
#include <cstdint>
#include <random>
#include <span>
#include <vector>

namespace tiny {

using Complex = std::complex<double>;
using Matrix2 = std::array<Complex, 4>;  // row-major

class Register {
 public:
  std::size_t size() const { return num_qubits_; }
  const std::vector<Complex>& amplitudes() const { return amplitudes_; }
  void clear() { num_qubits_ = 0, amplitudes_ = {1.0}; }

  // New qubits in |0>, appended as the least significant positions.
  void add(std::size_t count) {
    std::vector<Complex> grown(amplitudes_.size() << count);
    for (std::size_t i = 0; i < amplitudes_.size(); ++i) grown[i << count] = amplitudes_[i];
    amplitudes_ = std::move(grown);
    num_qubits_ += count;
  }

  // m on `target`, where each control position holds its value.
  void apply(const Matrix2& m, std::size_t target, std::span<const std::size_t> controls,
             std::span<const std::uint8_t> values) {
    const std::size_t t = bit(target);
    for (std::size_t i = 0; i < amplitudes_.size(); ++i) {
      if (i & t) continue;
      bool active = true;
      for (std::size_t c = 0; c < controls.size(); ++c)
        active = active && ((i & bit(controls[c])) != 0) == (values[c] != 0);
      if (!active) continue;
      const Complex a = amplitudes_[i], b = amplitudes_[i | t];
      amplitudes_[i] = m[0] * a + m[1] * b;
      amplitudes_[i | t] = m[2] * a + m[3] * b;
    }
  }

  double probability_of_one(std::size_t position) const {
    double p = 0.0;
    for (std::size_t i = 0; i < amplitudes_.size(); ++i)
      if (i & bit(position)) p += std::norm(amplitudes_[i]);
    return p;
  }

  // Projects `position` onto `outcome` and renormalises.
  void collapse(std::size_t position, int outcome) {
    const double p = outcome ? probability_of_one(position) : 1.0 - probability_of_one(position);
    for (std::size_t i = 0; i < amplitudes_.size(); ++i)
      amplitudes_[i] = ((i & bit(position)) != 0) == (outcome != 0) ? amplitudes_[i] / std::sqrt(p) : 0.0;
  }

  // Drops `position`, which must hold `outcome` with certainty (collapse first).
  void remove(std::size_t position, int outcome) {
    std::vector<Complex> shrunk(amplitudes_.size() / 2);
    const std::size_t low = bit(position) - 1;
    for (std::size_t j = 0; j < shrunk.size(); ++j) {
      const std::size_t i = ((j & ~low) << 1) | (outcome ? bit(position) : 0) | (j & low);
      shrunk[j] = amplitudes_[i];
    }
    amplitudes_ = std::move(shrunk);
    --num_qubits_;
  }

  // The bits of `positions` in basis state `index`, first position most significant.
  std::size_t outcome(std::size_t index, std::span<const std::size_t> positions) const {
    std::size_t o = 0;
    for (std::size_t p : positions) o = (o << 1) | ((index & bit(p)) ? 1 : 0);
    return o;
  }

 private:
  std::size_t bit(std::size_t position) const { return std::size_t{1} << (num_qubits_ - 1 - position); }

  std::size_t num_qubits_ = 0;
  std::vector<Complex> amplitudes_{1.0};
};

}  // namespace tiny
