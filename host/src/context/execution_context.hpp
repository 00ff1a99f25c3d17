// The runtime C API's state: one process-wide Runtime (between initialize and finalize) and, per
// thread, the current Active device with its qubit arrays and result slots (Catalyst's thread_local
// model). Everything here is reached only through src/capi.
#pragma once

#include <qrt/device.hpp>
#include <qrt/runtime.hpp>

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

struct QirArray {
  std::vector<struct QUBIT*> elements;
};

namespace qrt::context {

// The QIR gates the C API offers, resolved to device gate ids once per device_init.
enum class QisGate : std::size_t { H, X, Y, Z, S, T, RX, RY, RZ, CNOT, CZ, SWAP, Toffoli, Count };
inline constexpr std::array<const char*, static_cast<std::size_t>(QisGate::Count)> kQisGateNames = {
    "Hadamard", "PauliX", "PauliY", "PauliZ", "S", "T", "RX", "RY", "RZ", "CNOT", "CZ", "SWAP", "Toffoli"};

struct ThreadContext {
  std::uint64_t generation = 0;  // the runtime generation the device belongs to
  Device device;
  std::array<std::optional<std::uint32_t>, static_cast<std::size_t>(QisGate::Count)> gate_ids{};
  std::unordered_map<QirArray*, std::unique_ptr<QirArray>> arrays;
  std::vector<std::uint8_t> results;  // result slot -> 0/1 (2: never written)
  std::string last_error;

  void drop_device() noexcept;  // releases the device and forgets its arrays and results
};

ThreadContext& this_thread();

// Process-wide runtime. initialize/finalize throw Error(State) on misuse.
void initialize();
void finalize();
// The runtime if initialized, and its generation; throws Error(State) otherwise.
std::shared_ptr<Runtime> current_runtime(std::uint64_t* generation);
// True while `generation` is the live one (one relaxed atomic load: used on every gate).
bool is_current(std::uint64_t generation) noexcept;

}  // namespace qrt::context
