// Argument checks shared by the measurement and observable entry points. Each throws qrt::sv::Error
// with a message that starts with the operation's name.
#pragma once

#include <cstddef>
#include <span>
#include <string_view>

namespace qrt::sv {

// Largest register these routines accept: keeps every index and mask inside 64 bits.
inline constexpr std::size_t kMaxQubits = 62;

// state must be non-null and num_qubits <= kMaxQubits.
void check_state(const void* state, std::size_t num_qubits, std::string_view operation);
// qubit < num_qubits.
void check_qubit(std::size_t qubit, std::size_t num_qubits, std::string_view operation);
// Every qubit < num_qubits and none listed twice.
void check_qubits(std::span<const std::size_t> qubits, std::size_t num_qubits, std::string_view operation);
// threads >= 1.
void check_threads(int threads, std::string_view operation);

}  // namespace qrt::sv
