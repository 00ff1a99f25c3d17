#include "exec/bitstrings.hpp"

namespace qrt::exec {

std::string format_clbits(const program::Program& program, const std::vector<std::uint8_t>& clbits) {
  std::string text;
  for (auto reg = program.cregs.rbegin(); reg != program.cregs.rend(); ++reg) {
    if (!text.empty()) text += ' ';
    for (std::uint32_t bit = reg->size; bit-- > 0;) text += clbits[reg->offset + bit] ? '1' : '0';
  }
  return text;
}

std::string format_basis_state(std::uint64_t index, std::size_t num_qubits) {
  std::string text(num_qubits, '0');
  for (std::size_t k = 0; k < num_qubits && k < 64; ++k)
    if ((index >> k) & 1u) text[num_qubits - 1 - k] = '1';
  return text;
}

bool condition_holds(const program::Condition& condition, const std::vector<std::uint8_t>& clbits) {
  std::uint64_t value = 0;
  for (std::uint32_t bit = 0; bit < condition.size; ++bit) {
    if (!clbits[condition.offset + bit]) continue;
    if (bit >= 64) return false;  // an upper bit set: larger than any 64-bit value
    value |= std::uint64_t{1} << bit;
  }
  return value == condition.value;
}

}  // namespace qrt::exec
