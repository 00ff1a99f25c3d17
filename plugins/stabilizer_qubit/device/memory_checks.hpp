// Requests checked against the memory this process can still have, before allocating: a too-large
// tableau or shot buffer is a clear OUT_OF_MEMORY error naming the bytes, never a bad_alloc or the OOM
// killer halfway through.
#pragma once

#include <qrt/sdk/error.hpp>
#include <qrt/sdk/memory_budget.hpp>

#include <cstdint>
#include <string>
#include <string_view>

namespace qrt::stab {

// Below this the budget is not consulted (reading it costs a few /proc reads).
inline constexpr std::uint64_t kCheckBytesFrom = std::uint64_t{64} << 20;

inline void require_memory(std::uint64_t bytes, const std::string& what) {
  if (bytes < kCheckBytesFrom) return;
  if (auto why = qrt::sdk::memory_shortfall(bytes, what)) throw qrt::sdk::Error(QRT_ERROR_OUT_OF_MEMORY, *why);
}

// The tableau of n qubits: destabilizer and stabilizer blocks of n rows, each 2 * ceil(n / 64) words.
inline std::uint64_t tableau_bytes(std::uint64_t n) {
  const std::uint64_t words_per_row = 2 * ((n + 63) / 64);
  const std::uint64_t words = qrt::sdk::saturating_product(2 * n, words_per_row);
  const std::uint64_t bytes = qrt::sdk::saturating_product(words, sizeof(std::uint64_t));
  return bytes > UINT64_MAX - 2 * n ? UINT64_MAX : bytes + 2 * n;  // + the signs
}

// Sampled expval/var keep one value per shot (8 bytes).
inline void require_shot_memory(std::uint64_t shots, std::string_view operation) {
  require_memory(qrt::sdk::saturating_product(shots, sizeof(double)),
                 std::string(operation) + ": " + std::to_string(shots) + " shots (8 bytes each for the shot values)");
}

}  // namespace qrt::stab
