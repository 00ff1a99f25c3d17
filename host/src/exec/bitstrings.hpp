// Classical bits as text, in Qiskit's order: registers separated by spaces, the last-declared
// register leftmost, and within a register its highest bit leftmost.
#pragma once

#include <qrt/program/program.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace qrt::exec {

std::string format_clbits(const program::Program& program, const std::vector<std::uint8_t>& clbits);

// `index` over `num_qubits` qubits with qubit 0 rightmost.
std::string format_basis_state(std::uint64_t index, std::size_t num_qubits);

// Whether `if (creg == value)` holds for these bits.
bool condition_holds(const program::Condition& condition, const std::vector<std::uint8_t>& clbits);

}  // namespace qrt::exec
