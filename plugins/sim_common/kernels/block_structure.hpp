// Dense matrices that are block diagonal once their rows and columns are reordered. The fused blocks
// of reversible and Clifford+T circuits have that form: a CNOT or Toffoli network with phases is a
// monomial matrix (one nonzero in each row and column: blocks of 1), and with a Hadamard on one or two
// of its qubits, blocks of 2 or 4 (the transpiled adders and controlled swaps of QASMBench fuse into
// 3-qubit blocks that are one of these about two times in three). A kernel that multiplies only the
// blocks does dim x block_size complex multiply-adds a group instead of dim x dim.
#pragma once

#include "kernels/qubit_op.hpp"

#include <cstddef>
#include <optional>
#include <span>
#include <vector>

namespace qrt::sv {

// Entries of at most this modulus are taken as zero. A fused block is a product of gate matrices, and
// its entries that are zero exactly come out of the product as rounding of about 1e-16: dropping them
// changes the result by no more than that rounding did.
inline constexpr double kNegligibleEntry = 1e-14;

struct PermutedBlocks {
  std::size_t block_size = 0;  // a power of two below the matrix's dimension
  // Position p of the reordered matrix is row rows[p] and column columns[p] of the original; positions
  // [b * block_size, (b + 1) * block_size) are block b. Entries outside the blocks are negligible.
  std::vector<std::size_t> rows, columns;
};

// The smallest power-of-two block size below dim (dim x dim row-major `matrix`, dim a power of two)
// into whose blocks the matrix's connected pieces (rows and columns linked by non-negligible entries)
// pack, first-fit, largest first; nullopt when there is none (every row linked to every column
// through some path, or a piece with more rows than columns, which a unitary never has).
std::optional<PermutedBlocks> find_permuted_blocks(std::span<const Complex> matrix, std::size_t dim);

}  // namespace qrt::sv
