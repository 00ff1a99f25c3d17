// The runtime C API's state: one process-wide Runtime (between initialize and finalize) and, per
// thread, the current Active device with everything a running program owns on it (Catalyst's
// thread_local model). Everything here is reached only through src/capi.
#pragma once

#include <qrt/device.hpp>
#include <qrt/execution_progress.hpp>
#include <qrt/runtime.hpp>

#include "context/qubit_map.hpp"
#include "context/runtime_objects.hpp"

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace qrt::capi {
class OutputSink;
}

namespace qrt::context {

// The QIR gates the C API offers, resolved to device gate ids once per device_init.
enum class QisGate : std::size_t {
  H,
  X,
  Y,
  Z,
  S,
  T,
  SX,
  RX,
  RY,
  RZ,
  CNOT,
  CY,
  CZ,
  SWAP,
  Toffoli,
  RXX,
  RYY,
  RZZ,
  PhaseShift,
  Count
};
inline constexpr std::array<const char*, static_cast<std::size_t>(QisGate::Count)> kQisGateNames = {
    "Hadamard", "PauliX", "PauliY", "PauliZ", "S",       "T",       "SX",      "RX",      "RY",        "RZ",
    "CNOT",     "CY",     "CZ",     "SWAP",   "Toffoli", "IsingXX", "IsingYY", "IsingZZ", "PhaseShift"};

using FailureHook = void (*)(const char* message, void* context);

struct ThreadContext {
  std::uint64_t generation = 0;  // the runtime generation the device belongs to
  Device device;
  std::array<std::optional<std::uint32_t>, static_cast<std::size_t>(QisGate::Count)> gate_ids{};
  QubitMap qubits;                    // QIR qubit ids (static and dynamic) -> device wires
  RuntimeObjects objects;             // arrays, strings, tuples, callables the program created
  std::vector<std::uint8_t> results;  // static result slot -> 0/1 (2: never written)
  std::string last_error;

  // Set by a driver (capi/program_driver.hpp) for the runs it drives; null otherwise.
  capi::OutputSink* sink = nullptr;
  FailureHook failure_hook = nullptr;
  void* failure_context = nullptr;
  ExecutionProgress* progress = nullptr;  // counts the driven program's operations; its stop flag ends it
  bool driven = false;                    // inside begin_shot..end_shot
  // Set while `device` is lent by a driver (capi::DeviceLoan): dropping it moves it back there.
  Device* lender = nullptr;
  // Set by a driver whose programs must stay on the device it lent (the isolation worker's): why
  // __quantum__rt__device_init is refused.
  const char* device_init_refusal = nullptr;

  // Sets the device and resolves the QIS gate ids against it.
  void adopt_device(Device new_device, std::uint64_t new_generation);
  // Releases the device (a lent one goes back to its lender) and forgets its qubits, objects and results.
  void drop_device() noexcept;
  void clear_program_state() noexcept;  // forgets qubits, objects and results, keeps the device
};

ThreadContext& this_thread();

// Process-wide runtime. initialize/finalize throw Error(State) on misuse.
void initialize();
// Starts the runtime with `options` unless it is up already (drivers: the QIR front end).
void ensure_initialized(const RuntimeOptions& options);
void finalize();
// True between initialize and finalize.
bool is_initialized();
// The runtime if initialized, and its generation; throws Error(State) otherwise.
std::shared_ptr<Runtime> current_runtime(std::uint64_t* generation);
// The generation of a device a driver lent to the thread (capi::DeviceLoan): it belongs to whoever lent it,
// not to the process runtime, and stays current whatever initialize/finalize do.
inline constexpr std::uint64_t kLentGeneration = ~std::uint64_t{0};
// True while `generation` is the live one, or a lent device's (one relaxed atomic load: used on every gate).
bool is_current(std::uint64_t generation) noexcept;

}  // namespace qrt::context
