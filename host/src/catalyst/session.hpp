// The state of one call of a Catalyst program on the calling thread: what Catalyst's runtime keeps in its
// ExecutionContext (the seed, the memory the module allocated, the recorder) and per device (the current
// device, its qubit registers, observables, the tape), plus what qrt reports (device_init records,
// printed output). The runtime functions (runtime_*.cpp) reach it through Session::current(); Program::call
// creates one per call and ends it however the call ends, so nothing of a call outlives it.
//
// Failures: a runtime function that fails records the error and longjmps back to the driver (call.cpp).
// JIT code has no destructors to skip, and every runtime function runs its body inside guarded(), whose
// frame holds nothing with a destructor when it jumps.
#pragma once

#include "catalyst/gate_table.hpp"
#include "catalyst/tape.hpp"

#include <qrt/catalyst/program.hpp>
#include <qrt/device.hpp>
#include <qrt/observable.hpp>

#include <array>
#include <csetjmp>
#include <cstdint>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <unordered_set>
#include <vector>

namespace qrt::catalyst {

using QubitId = std::intptr_t;  // a QUBIT* is the device wire's id, as in Catalyst

// A register Catalyst's code indexes with array_get_element_ptr_1d (its QirArray).
struct QubitRegister {
  std::vector<QubitId> ids;
};

class Session {
 public:
  // `generation`: the process runtime's (context/execution_context.hpp), which `runtime` is.
  Session(const CallOptions& options, std::shared_ptr<Runtime> runtime, std::uint64_t generation);
  ~Session();  // releases the device, frees what the module left allocated
  Session(const Session&) = delete;
  Session& operator=(const Session&) = delete;

  // The calling thread's session; Error(State) outside a call.
  static Session& current();
  // Installs `session` as the calling thread's (nullptr: none); returns the one it replaces.
  static Session* set_current(Session* session) noexcept;

  // --- failures (see the header comment) ---
  std::jmp_buf jump{};
  void record_failure(ErrorCode code, std::string message) noexcept;
  [[noreturn]] void raise() noexcept;  // longjmp to the driver
  ErrorCode failure_code = ErrorCode::Internal;
  std::string failure;

  // --- lifecycle: initialize / finalize / device_init / device_release ---
  void initialize(const std::uint32_t* seed);
  void finalize();
  void device_init(std::string_view library, std::string_view name, std::string_view kwargs,
                   std::optional<std::int64_t> shots, bool auto_qubit_management);
  void device_release();
  // The active device, with any qubit releases still pending applied first; Error(State) when none.
  Device& device();
  bool has_device() const noexcept { return static_cast<bool>(device_); }
  std::optional<std::uint32_t> gate_id(Gate gate) const noexcept { return gate_ids_[static_cast<std::size_t>(gate)]; }
  bool auto_qubit_management() const noexcept { return auto_qubits_; }
  std::uint64_t shots() const noexcept { return shots_; }
  std::mt19937_64& random();  // __catalyst__rt__random_double: seeded by the run's seed

  // --- qubits ---
  QubitRegister* allocate_register(std::size_t count);
  QubitRegister& register_at(void* handle);  // Error(InvalidArgument) for a pointer qrt did not hand out
  void release_register(void* handle);
  QubitId allocate_qubit();
  void release_qubit(QubitId id);
  // The allocated wires in allocation order (after device(): pending releases are applied there).
  const std::vector<Wire>& live_wires() const noexcept { return live_; }

  // --- operations, counted for progress (and a requested stop) ---
  void count_operation();
  bool stopped = false;                  // the call failed because a stop was requested
  std::uint64_t operations_applied = 0;  // state-changing operations since the device was initialized

  // --- observables (ObsIdType keys are indices) ---
  std::intptr_t add_observable(Observable observable);
  const Observable& observable(std::intptr_t key) const;

  // --- the recorder (toggle_recorder) and its tape, for Gradient ---
  bool recording = false;  // the recorder's switch (survives device_init, as in Catalyst)
  Tape tape;
  void start_tape();

  // --- memory the module allocates (_mlir_memref_to_llvm_alloc, malloc, ...) ---
  void* allocate(std::size_t size, std::size_t alignment);
  void free(void* pointer);  // Error(InvalidArgument) for a pointer qrt did not allocate
  bool owns(const void* pointer) const noexcept { return allocations_.count(const_cast<void*>(pointer)) != 0; }

  // --- output ---
  void print(std::string_view text);
  CallResult& result() noexcept { return result_; }

  const CallOptions& options() const noexcept { return options_; }
  // The active device's config (to open another instance of it: Gradient's helper).
  const DeviceSpec& device_spec() const { return *spec_; }
  Runtime& runtime() noexcept { return *runtime_; }

 private:
  void release_device_state() noexcept;

  const CallOptions& options_;
  std::shared_ptr<Runtime> runtime_;
  std::uint64_t generation_;
  CallResult result_;
  std::optional<std::uint64_t> seed_;  // the run's seed, once known
  std::optional<std::mt19937_64> random_;

  Device device_;
  std::optional<DeviceSpec> spec_;
  std::uint64_t shots_ = 0;
  bool auto_qubits_ = false;
  std::array<std::optional<std::uint32_t>, kGateCount> gate_ids_{};
  std::vector<std::unique_ptr<QubitRegister>> registers_;
  std::vector<Wire> live_;
  // Released qubits not yet given back to the device: a qnode releases its register just before
  // device_release, which resets the whole device anyway, and a state-vector device releases a qubit by
  // measuring it out (a pass over the state each). Any other use of the device applies them first.
  std::vector<Wire> pending_release_;
  std::vector<Observable> observables_;
  std::unordered_set<void*> allocations_;
};

// The RESULT* of a measurement outcome: the address of a constant, valid for the whole process.
const bool* result_pointer(bool outcome) noexcept;

// Runs a runtime function's body: an exception becomes the call's failure (the message prefixed with the
// function's name) and the jump back to the driver.
template <class R, class Body>
R guarded(const char* function, Body&& body) noexcept {
  Session* session = nullptr;
  try {
    session = &Session::current();
    return body(*session);
  } catch (const Error& e) {
    if (session) session->record_failure(e.code(), std::string(function) + ": " + e.what());
  } catch (const std::bad_alloc&) {
    if (session) session->record_failure(ErrorCode::OutOfMemory, std::string(function) + ": out of memory");
  } catch (const std::exception& e) {
    if (session) session->record_failure(ErrorCode::Internal, std::string(function) + ": " + e.what());
  }
  if (!session) std::abort();  // JIT code runs only inside Program::call, which installs a session
  session->raise();
}

}  // namespace qrt::catalyst
