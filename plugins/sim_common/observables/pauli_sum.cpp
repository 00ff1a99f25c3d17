#include "observables/pauli_sum.hpp"

#include "measure/bits.hpp"
#include "observables/pauli_kernels.hpp"

#include <algorithm>
#include <map>
#include <utility>

namespace qrt::sv {

namespace {

// A group's diagonal takes the transform when building it from sign tables would cost more: M tables
// cost M products per amplitude, the transform block_bits / 2 butterflies (of two amplitudes each).
bool prefers_transform(std::size_t patterns, std::size_t block_bits) { return 2 * patterns > block_bits; }

}  // namespace

std::size_t PauliSum::word_count() const {
  std::size_t count = 0;
  for (const PauliGroup& group : groups) count += group.signs.size();
  return count;
}

bool is_pauli_word(const CompiledTerm& term) { return term.dense.empty(); }

PauliSum group_pauli_words(std::span<const CompiledTerm* const> terms, std::size_t num_qubits) {
  PauliSum sum;
  sum.num_qubits = num_qubits;
  sum.block_bits = std::min(kPauliSumBlockBits, num_qubits);
  const bits::Index block_mask = bits::low_mask(sum.block_bits);

  // flip -> (sign -> weight), ordered so that the groups and their words come out in a fixed order.
  std::map<std::uint64_t, std::map<std::uint64_t, std::complex<double>>> by_flip;
  for (const CompiledTerm* term : terms) {
    const PauliMasks& word = term->pauli;
    // (-i)^y: P|i> = i^y (-1)^parity(i & s) |i ^ f> read from the target's side (see pauli_sum.hpp).
    by_flip[word.flip][word.sign] += term->coefficient * i_power(3 * word.y_count);
  }

  std::map<std::uint64_t, std::uint32_t> table_of;  // low sign mask -> sign table
  for (auto& [flip, words] : by_flip) {
    PauliGroup group;
    group.flip = flip;
    std::map<std::uint64_t, std::uint32_t> pattern_index;
    for (const auto& [sign, weight] : words) {
      const std::uint64_t low = sign & block_mask;
      const auto [it, added] = pattern_index.emplace(low, static_cast<std::uint32_t>(group.patterns.size()));
      if (added) group.patterns.push_back(low);
      group.signs.push_back(sign);
      group.imaginary = group.imaginary || weight.imag() != 0.0;
      group.high_signs |= sign & ~block_mask;
      group.weights.push_back(weight);
      group.pattern_of.push_back(it->second);
    }
    group.transform = prefers_transform(group.patterns.size(), sum.block_bits);
    for (const std::uint64_t low : group.transform ? std::vector<std::uint64_t>{} : group.patterns) {
      const auto [it, added] = table_of.emplace(low, static_cast<std::uint32_t>(table_of.size()));
      if (added) {
        for (bits::Index e = 0; e < 2 * sum.block_size(); ++e)  // each amplitude's sign twice (re, im)
          sum.sign_tables.push_back(bits::parity((e / 2) & low) ? -1.0 : 1.0);
      }
      group.pattern_table.push_back(it->second);
    }
    sum.groups.push_back(std::move(group));
  }
  return sum;
}

}  // namespace qrt::sv
