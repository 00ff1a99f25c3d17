// What runs a device instance: the one interface behind qrt::Device. Two implementations, chosen in one
// place (the pool, when it creates an instance): the plugin's instance in this process, called through
// its ABI table (exec/in_process_backend.hpp), and an instance in a worker process
// (isolation/isolated_backend.hpp). Device checks the arguments every backend shares (control values,
// matrix sizes, postselect, max_qubits) and then forwards each call here, once, through this table; no
// other code asks which backend it has.
//
// One thread at a time calls a backend (the thread that holds its Device). Errors are qrt::Error naming
// the device and the operation.
#pragma once

#include "device/execution_result.hpp"

#include <qrt/device_api.h>
#include <qrt/observable.hpp>

#include <complex>
#include <cstdint>
#include <map>
#include <span>
#include <vector>

namespace qrt {

struct RunOptions;
class Device;
namespace program {
struct LoweredProgram;
}

namespace device {

class CompiledRun;

class Backend {
 public:
  virtual ~Backend() = default;

  virtual std::vector<Wire> allocate(std::size_t count) = 0;
  virtual void release_qubits(std::span<const Wire> wires) = 0;
  virtual std::size_t num_qubits() = 0;
  // The calls as the ABI spells them (Device builds them from its arguments, checked).
  virtual void apply_gate(const qrt_gate_call& gate) = 0;
  virtual void apply_matrix(const qrt_matrix_call& call) = 0;
  // postselect: -1 for none, else 0 or 1.
  virtual int measure(Wire wire, int postselect) = 0;
  virtual void reset_wire(Wire wire) = 0;
  virtual double expval(const Observable& observable) = 0;
  virtual double var(const Observable& observable) = 0;
  virtual std::vector<double> probs(std::span<const Wire> wires) = 0;
  virtual std::vector<std::uint8_t> sample(std::span<const Wire> wires) = 0;
  virtual std::map<std::uint64_t, std::uint64_t> counts(std::span<const Wire> wires) = 0;
  virtual std::vector<std::complex<double>> state() = 0;
  virtual std::size_t state_size() = 0;
  // Throws Error(InvalidArgument) unless `out` holds exactly the state's amplitudes.
  virtual void state_into(std::span<std::complex<double>> out) = 0;
  virtual void set_shots(std::uint64_t shots) = 0;
  virtual std::uint64_t shots() = 0;
  virtual void set_seed(std::uint64_t seed) = 0;
  virtual std::uint64_t memory_bytes() = 0;

  // The plugin's own handle and table, and an extension of it: null where the plugin's code is not in
  // this process (extensions do not cross the worker protocol).
  virtual qrt_device* native_handle() const noexcept = 0;
  virtual const qrt_device_functions* functions() const noexcept = 0;
  virtual const void* extension(const char* id) const noexcept = 0;

  // Runs a whole lowered program on `self` (the Device holding this backend, which must have no qubits
  // allocated): exec::execute here, operation by operation, or the program shipped whole to the worker,
  // which runs exec::execute there. Throws OperationFailure for a device error at an operation.
  virtual ExecutionResult run_program(const program::LoweredProgram& program, const RunOptions& options,
                                      Device& self) = 0;
  // Runs a compiled program (compiled_run.hpp) where the device is: here, or rebuilt in the worker.
  virtual void run_compiled(CompiledRun& run, Device& self) = 0;

  // Back to the state of a freshly created instance (every qubit freed; shots and seed as its kwargs
  // set them): between the shots of a compiled program, and by the pool when a lease ends. Returns what
  // the instance holds afterwards (memory_bytes; 0 when the device cannot tell). Throws the device's
  // error when it cannot be reset; it must then not be reused.
  virtual std::uint64_t reset() = 0;
  // For an instance that sits in the pool: false when it can no longer serve (its worker process died
  // meanwhile). Does not block.
  virtual bool usable() const noexcept { return true; }
  // Applies what the instance deferred (the extension qrt.synchronize/1) where the plugin's code is in
  // this process; nothing elsewhere (a worker synchronizes at the end of each run it executes).
  virtual void synchronize() {}
};

}  // namespace device
}  // namespace qrt
