// Refusing a large allocation before it is made, with a message naming the bytes and the binding
// limit (qrt::sdk::memory_shortfall), instead of a bad_alloc or the OOM killer later.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace qrt::sv {

// Below this size the memory budget is not consulted (reading it costs a few /proc reads).
inline constexpr std::uint64_t kCheckMemoryFrom = std::uint64_t{64} << 20;

// Why `bytes` for `what` cannot be allocated; empty when they can (or are below kCheckMemoryFrom).
// For callers that must agree with other processes before throwing (statevector.mpi's ranks).
std::string memory_problem(std::uint64_t bytes, const std::string& what);

// The same as an error: qrt::sdk::Error (out of memory) with memory_problem's message.
void require_memory(std::uint64_t bytes, const std::string& what);

// Shot-based results draw every shot's outcome first (8 bytes a shot): refuses what cannot fit, up front.
void require_shot_memory(std::uint64_t shots, std::string_view operation);

}  // namespace qrt::sv
