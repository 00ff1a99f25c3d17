// A stack of Pauli rows over the same qubits, bit-packed (see pauli_row.hpp), with their signs.
//
// Rows and columns grow and shrink in place: storage keeps spare capacity (x1.5 on growth) so that
// allocating qubits one at a time costs amortised O(rows * columns / 64) words copied. Invariant:
// every bit outside the live rows x columns is zero, so word loops may run over whole blocks.
#pragma once

#include "tableau/pauli_row.hpp"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace qrt::stab {

class PauliBlock {
 public:
  PauliBlock() = default;
  PauliBlock(std::size_t rows, std::size_t columns) { resize(rows, columns); }

  std::size_t rows() const { return rows_; }
  std::size_t columns() const { return columns_; }
  std::size_t blocks() const { return words_for(columns_); }

  // New rows and columns are zero (identity, sign +); removed ones are cleared.
  void resize(std::size_t rows, std::size_t columns);

  PauliRef row(std::size_t r) { return {&words_[r * stride_], &signs_[r], blocks()}; }
  PauliCRef row(std::size_t r) const { return {&words_[r * stride_], &signs_[r], blocks()}; }
  // Raw access for the gate kernels: the row's interleaved x/z words and the sign array.
  Word* row_words(std::size_t r) { return &words_[r * stride_]; }
  std::uint8_t* signs() { return signs_.data(); }

  void swap_rows(std::size_t a, std::size_t b);
  // Exchanges two qubits' bits in every row.
  void swap_columns(std::size_t a, std::size_t b);

  std::size_t memory_bytes() const { return words_.capacity() * sizeof(Word) + signs_.capacity(); }

 private:
  void reallocate(std::size_t row_capacity, std::size_t block_capacity);
  void clear_columns_from(std::size_t column);

  std::size_t rows_ = 0, columns_ = 0;
  std::size_t row_capacity_ = 0;
  std::size_t stride_ = 0;  // words per row in storage: 2 * block capacity
  std::vector<Word> words_;
  std::vector<std::uint8_t> signs_;
};

}  // namespace qrt::stab
