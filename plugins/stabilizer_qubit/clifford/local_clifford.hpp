// A Clifford unitary on one or two qubits, stored as its action by conjugation: U P U^dagger = +-P'
// for each of the 4^k local Paulis P. That table is all a tableau needs to apply the gate, and it
// is derived from the unitary itself, so every gate (named, adjoint, controlled or an explicit
// matrix) goes through the same checked path.
//
// Local Pauli index: bits (x0, z0, x1, z1) from the least significant, qubit 0 being the gate's first
// wire; (x, z) = (1, 1) is Y.
#pragma once

#include <array>
#include <complex>
#include <cstdint>
#include <optional>
#include <span>

namespace qrt::stab {

using Complex = std::complex<double>;

struct PauliImage {
  std::uint8_t pauli = 0;    // local Pauli index of P'
  std::uint8_t negated = 0;  // 1: U P U^dagger = -P'
};

class LocalClifford {
 public:
  static constexpr unsigned kMaxArity = 2;

  // From a 2^arity x 2^arity unitary (row-major, first wire = most significant index bit). nullopt
  // when it does not map every Pauli to a Pauli, i.e. it is not a Clifford. The unitary is trusted
  // to be unitary (see is_unitary).
  static std::optional<LocalClifford> from_unitary(std::span<const Complex> unitary, unsigned arity);

  unsigned arity() const { return arity_; }
  const PauliImage& image(unsigned local_pauli) const { return images_[local_pauli]; }

 private:
  unsigned arity_ = 1;
  std::array<PauliImage, 16> images_{};
};

// U U^dagger = I to within `tolerance` (entrywise), for a dim x dim row-major matrix.
bool is_unitary(std::span<const Complex> matrix, std::size_t dim, double tolerance = 1e-9);

}  // namespace qrt::stab
