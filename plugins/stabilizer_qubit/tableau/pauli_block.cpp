#include "tableau/pauli_block.hpp"

#include <algorithm>
#include <utility>

namespace qrt::stab {

namespace {

std::size_t grown(std::size_t current, std::size_t needed) {
  return needed <= current ? current : std::max(needed, current + current / 2);
}

}  // namespace

void PauliBlock::reallocate(std::size_t row_capacity, std::size_t block_capacity) {
  const std::size_t stride = 2 * block_capacity;
  std::vector<Word> words(row_capacity * stride, Word{0});
  const std::size_t used = 2 * blocks();
  for (std::size_t r = 0; r < rows_; ++r)
    std::copy(words_.begin() + static_cast<std::ptrdiff_t>(r * stride_),
              words_.begin() + static_cast<std::ptrdiff_t>(r * stride_ + used),
              words.begin() + static_cast<std::ptrdiff_t>(r * stride));
  words_ = std::move(words);
  signs_.resize(row_capacity, 0);
  row_capacity_ = row_capacity;
  stride_ = stride;
}

void PauliBlock::clear_columns_from(std::size_t column) {
  const std::size_t first_block = word_of(column);
  const Word keep = column % kWordBits ? bit_of(column) - 1 : Word{0};
  for (std::size_t r = 0; r < rows_; ++r) {
    Word* w = row_words(r);
    w[2 * first_block] &= keep;
    w[2 * first_block + 1] &= keep;
    std::fill(w + 2 * (first_block + 1), w + 2 * blocks(), Word{0});
  }
}

void PauliBlock::resize(std::size_t rows, std::size_t columns) {
  if (columns < columns_ && columns_ > 0) clear_columns_from(columns);
  for (std::size_t r = rows; r < rows_; ++r) {
    std::fill_n(row_words(r), 2 * blocks(), Word{0});
    signs_[r] = 0;
  }
  const std::size_t block_capacity = stride_ / 2;
  if (rows > row_capacity_ || words_for(columns) > block_capacity) {
    rows_ = std::min(rows_, rows);
    reallocate(grown(row_capacity_, rows), grown(block_capacity, words_for(columns)));
  }
  rows_ = rows;
  columns_ = columns;
}

void PauliBlock::swap_rows(std::size_t a, std::size_t b) {
  if (a == b) return;
  std::swap_ranges(row_words(a), row_words(a) + 2 * blocks(), row_words(b));
  std::swap(signs_[a], signs_[b]);
}

void PauliBlock::swap_columns(std::size_t a, std::size_t b) {
  if (a == b) return;
  for (std::size_t r = 0; r < rows_; ++r) {
    PauliRef p = row(r);
    const bool xa = p.x(a), za = p.z(a);
    p.set(a, p.x(b), p.z(b));
    p.set(b, xa, za);
  }
}

}  // namespace qrt::stab
