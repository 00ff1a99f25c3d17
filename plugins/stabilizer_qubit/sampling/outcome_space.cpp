#include "sampling/outcome_space.hpp"

#include "tableau/pauli_string.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <stdexcept>

namespace qrt::stab {

namespace {

// The lowest qubit with an X part (part 0) or a Z part (part 1); `none` when there is none.
std::size_t lowest_set(PauliCRef p, unsigned part, std::size_t none) {
  for (std::size_t b = 0; b < p.blocks; ++b)
    if (const Word w = p.words[2 * b + part]) return b * kWordBits + static_cast<std::size_t>(std::countr_zero(w));
  return none;
}

// The affine outcome space over all n qubits: every outcome is offset + a combination of generators.
struct FullSpace {
  std::vector<Word> offset;                   // words_for(n)
  std::vector<std::vector<Word>> generators;  // X parts of the X-reduced stabilisers, words_for(n)
};

// Gaussian elimination by insertion: each stabiliser is reduced against the rows kept so far (their
// pivot bits are tested in insertion order, which is enough since a row never has the pivots of
// rows kept before it). Rows with an X part left become X pivots; Z-only rows become constraints
// z . b = sign on the outcome b. Tests one row's bits at a time, so memory is read row by row.
FullSpace reduce(const Tableau& tableau) {
  const std::size_t n = tableau.num_qubits();
  const PauliBlock& stabilizers = tableau.stabilizers();
  std::vector<PauliString> x_rows, z_rows;
  std::vector<std::size_t> x_pivots, z_pivots;
  PauliString row(n);
  for (std::size_t i = 0; i < n; ++i) {
    row.ref().copy_from(stabilizers.row(i));
    for (std::size_t k = 0; k < x_rows.size(); ++k)
      if (row.cref().x(x_pivots[k])) multiply_into(row.ref(), x_rows[k].cref());
    std::size_t pivot = lowest_set(row.cref(), 0, n);
    if (pivot < n) {
      x_rows.push_back(row);
      x_pivots.push_back(pivot);
      continue;
    }
    for (std::size_t k = 0; k < z_rows.size(); ++k)
      if (row.cref().z(z_pivots[k])) multiply_into(row.ref(), z_rows[k].cref());
    pivot = lowest_set(row.cref(), 1, n);
    if (pivot == n) throw std::logic_error("stabilizer tableau: dependent stabilisers");
    z_rows.push_back(row);
    z_pivots.push_back(pivot);
  }

  // Back-substitution in reverse insertion order: row k only has pivots of rows kept after it, which
  // are already solved; free bits stay 0.
  FullSpace space;
  space.offset.assign(words_for(n), Word{0});
  for (std::size_t k = z_rows.size(); k-- > 0;) {
    const PauliCRef z = z_rows[k].cref();
    Word parity = 0;
    for (std::size_t w = 0; w < z.blocks; ++w) parity ^= z.words[2 * w + 1] & space.offset[w];
    const bool bit = ((std::popcount(parity) & 1) != 0) != (*z.sign != 0);
    assign_bit(space.offset.data(), z_pivots[k], bit);
  }
  for (const PauliString& x : x_rows) {
    std::vector<Word> bits(words_for(n));
    for (std::size_t w = 0; w < bits.size(); ++w) bits[w] = x.cref().words[2 * w];
    space.generators.push_back(std::move(bits));
  }
  return space;
}

std::vector<Word> project(const std::vector<Word>& full, std::span<const std::size_t> columns) {
  std::vector<Word> bits(words_for(columns.size()), Word{0});
  for (std::size_t i = 0; i < columns.size(); ++i)
    if (test_bit(full.data(), columns[i])) flip_bit(bits.data(), i);
  return bits;
}

bool is_zero(const std::vector<Word>& bits) {
  return std::all_of(bits.begin(), bits.end(), [](Word w) { return w == 0; });
}

}  // namespace

OutcomeSpace::OutcomeSpace(const Tableau& tableau, std::span<const std::size_t> columns) : num_bits_(columns.size()) {
  const FullSpace full = reduce(tableau);
  offset_ = project(full.offset, columns);
  for (const auto& g : full.generators) {
    std::vector<Word> projected = project(g, columns);
    if (!is_zero(projected)) generators_.push_back(std::move(projected));
  }
}

void OutcomeSpace::draw(std::mt19937_64& rng, std::span<Word> outcome) const {
  std::copy(offset_.begin(), offset_.end(), outcome.begin());
  for (std::size_t first = 0; first < generators_.size(); first += kWordBits) {
    Word choice = rng();
    if (generators_.size() - first < kWordBits) choice &= (Word{1} << (generators_.size() - first)) - 1;
    for (; choice; choice &= choice - 1) {
      const std::vector<Word>& g = generators_[first + static_cast<std::size_t>(std::countr_zero(choice))];
      for (std::size_t w = 0; w < g.size(); ++w) outcome[w] ^= g[w];
    }
  }
}

void OutcomeSpace::sample(std::mt19937_64& rng, std::size_t shots, std::span<std::uint8_t> out) const {
  if (out.size() != shots * num_bits_) throw std::invalid_argument("OutcomeSpace::sample: output size mismatch");
  std::vector<Word> outcome(offset_.size());
  for (std::size_t s = 0; s < shots; ++s) {
    draw(rng, outcome);
    std::uint8_t* row = out.data() + s * num_bits_;
    for (std::size_t i = 0; i < num_bits_; ++i) row[i] = static_cast<std::uint8_t>(test_bit(outcome.data(), i));
  }
}

void OutcomeSpace::probabilities(std::span<double> out) const {
  if (num_bits_ > kMaxProbabilityBits || out.size() != (std::size_t{1} << num_bits_))
    throw std::invalid_argument("OutcomeSpace::probabilities: output size mismatch");
  // Probability indices put columns[0] first (most significant): reverse the bit order.
  const auto index_of = [this](const std::vector<Word>& bits) {
    std::size_t index = 0;
    for (std::size_t i = 0; i < num_bits_; ++i)
      index |= static_cast<std::size_t>(test_bit(bits.data(), i)) << (num_bits_ - 1 - i);
    return index;
  };
  // An independent basis of the projected generators (XOR basis keyed by the highest set bit).
  std::vector<std::size_t> basis_by_top_bit(num_bits_, 0);
  std::vector<std::size_t> basis;
  for (const auto& g : generators_) {
    std::size_t v = index_of(g);
    while (v) {
      const std::size_t top = static_cast<std::size_t>(std::bit_width(v)) - 1;
      if (!basis_by_top_bit[top]) {
        basis_by_top_bit[top] = v;
        basis.push_back(v);
        break;
      }
      v ^= basis_by_top_bit[top];
    }
  }
  std::fill(out.begin(), out.end(), 0.0);
  const double p = std::ldexp(1.0, -static_cast<int>(basis.size()));
  // Gray code: consecutive combinations differ in one basis vector.
  std::size_t value = index_of(offset_);
  out[value] = p;
  for (std::size_t step = 1; step < (std::size_t{1} << basis.size()); ++step) {
    value ^= basis[static_cast<std::size_t>(std::countr_zero(step))];
    out[value] = p;
  }
}

}  // namespace qrt::stab
