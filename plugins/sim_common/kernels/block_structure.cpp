#include "kernels/block_structure.hpp"

#include <algorithm>
#include <bit>
#include <numeric>

namespace qrt::sv {

namespace {

// Union-find over the 2 * dim nodes: rows 0..dim-1, columns dim..2*dim-1.
struct Pieces {
  std::vector<std::size_t> parent;
  explicit Pieces(std::size_t nodes) : parent(nodes) { std::iota(parent.begin(), parent.end(), std::size_t{0}); }
  std::size_t root(std::size_t x) {
    while (parent[x] != x) x = parent[x] = parent[parent[x]];
    return x;
  }
  void join(std::size_t a, std::size_t b) { parent[root(a)] = root(b); }
};

struct Piece {
  std::vector<std::size_t> rows, columns;
};

// Packs the pieces (largest first) into dim / size bins of `size`, first fit; false when one does not fit.
bool pack(const std::vector<Piece>& pieces, std::size_t dim, std::size_t size, PermutedBlocks& out) {
  std::vector<std::size_t> fill(dim / size, 0);
  out.block_size = size;
  out.rows.assign(dim, 0);
  out.columns.assign(dim, 0);
  for (const Piece& piece : pieces) {
    const auto bin =
        std::find_if(fill.begin(), fill.end(), [&](std::size_t used) { return used + piece.rows.size() <= size; });
    if (bin == fill.end()) return false;
    const std::size_t at = static_cast<std::size_t>(bin - fill.begin()) * size + *bin;
    std::copy(piece.rows.begin(), piece.rows.end(), out.rows.begin() + static_cast<std::ptrdiff_t>(at));
    std::copy(piece.columns.begin(), piece.columns.end(), out.columns.begin() + static_cast<std::ptrdiff_t>(at));
    *bin += piece.rows.size();
  }
  return true;
}

}  // namespace

std::optional<PermutedBlocks> find_permuted_blocks(std::span<const Complex> matrix, std::size_t dim) {
  if (dim < 2 || !std::has_single_bit(dim) || matrix.size() != dim * dim) return std::nullopt;
  Pieces links(2 * dim);
  for (std::size_t r = 0; r < dim; ++r)
    for (std::size_t c = 0; c < dim; ++c)
      if (std::abs(matrix[r * dim + c]) > kNegligibleEntry) links.join(r, dim + c);
  std::vector<Piece> by_root(2 * dim);
  for (std::size_t r = 0; r < dim; ++r) by_root[links.root(r)].rows.push_back(r);
  for (std::size_t c = 0; c < dim; ++c) by_root[links.root(dim + c)].columns.push_back(c);
  std::vector<Piece> pieces;
  std::size_t largest = 0;
  for (Piece& piece : by_root) {
    if (piece.rows.empty() && piece.columns.empty()) continue;
    if (piece.rows.size() != piece.columns.size()) return std::nullopt;
    largest = std::max(largest, piece.rows.size());
    pieces.push_back(std::move(piece));
  }
  std::stable_sort(pieces.begin(), pieces.end(),
                   [](const Piece& a, const Piece& b) { return a.rows.size() > b.rows.size(); });
  PermutedBlocks out;
  for (std::size_t size = std::bit_ceil(largest); size < dim; size *= 2)
    if (pack(pieces, dim, size, out)) return out;
  return std::nullopt;
}

}  // namespace qrt::sv
