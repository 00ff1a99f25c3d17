// Applying a local Clifford to a tableau: every row's Pauli on the gate's qubits is replaced by its
// image under conjugation. One template for all gates, instantiated per arity and picked from a table.
#include "tableau/tableau.hpp"

#include <array>

namespace qrt::stab {

namespace {

template <unsigned Arity>
void conjugate_rows(PauliBlock& block, const LocalClifford& gate, std::span<const std::size_t> columns) {
  std::array<std::size_t, Arity> offset{};  // index of the qubit's x word; its z word follows
  std::array<unsigned, Arity> shift{};
  for (unsigned q = 0; q < Arity; ++q) {
    offset[q] = 2 * word_of(columns[q]);
    shift[q] = shift_of(columns[q]);
  }
  std::uint8_t* signs = block.signs();
  for (std::size_t r = 0; r < block.rows(); ++r) {
    Word* w = block.row_words(r);
    unsigned local = 0;
    for (unsigned q = 0; q < Arity; ++q)
      local |= static_cast<unsigned>(((w[offset[q]] >> shift[q]) & 1u) | (((w[offset[q] + 1] >> shift[q]) & 1u) << 1))
               << (2 * q);
    const PauliImage image = gate.image(local);
    for (unsigned q = 0; q < Arity; ++q) {
      const Word mask = Word{1} << shift[q];
      const Word x = (image.pauli >> (2 * q)) & 1u, z = (image.pauli >> (2 * q + 1)) & 1u;
      w[offset[q]] = (w[offset[q]] & ~mask) | (x << shift[q]);
      w[offset[q] + 1] = (w[offset[q] + 1] & ~mask) | (z << shift[q]);
    }
    signs[r] ^= image.negated;
  }
}

using RowKernel = void (*)(PauliBlock&, const LocalClifford&, std::span<const std::size_t>);
constexpr std::array<RowKernel, LocalClifford::kMaxArity> kKernelByArity{&conjugate_rows<1>, &conjugate_rows<2>};

}  // namespace

void Tableau::apply(const LocalClifford& gate, std::span<const std::size_t> columns) {
  const RowKernel kernel = kKernelByArity[gate.arity() - 1];
  // Destabiliser signs never influence a result, but keeping them exact costs nothing here.
  kernel(destabilizers_, gate, columns);
  kernel(stabilizers_, gate, columns);
}

}  // namespace qrt::stab
