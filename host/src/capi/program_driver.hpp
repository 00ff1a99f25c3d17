// What a front end that runs compiled programs (the QIR front end, host/src/qir) needs from the runtime
// C API beyond runtime.h: the table of functions a program may call, a per-thread sink for recorded
// output, a per-thread failure hook, and shot boundaries on the calling thread's device.
//
// Everything here acts on the calling thread's ThreadContext (context/execution_context.hpp). A driver
// thread runs one program at a time; several driver threads run programs at once on their own devices.
#pragma once

#include "exec/seeding.hpp"

#include <qrt/execution_progress.hpp>
#include <qrt/runtime.hpp>

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

namespace qrt::capi {

// One function a compiled program may call. A name may appear several times with different signatures
// (e.g. record_output with and without a label); each entry's address has exactly that signature.
struct ProgramFunction {
  const char* name;       // e.g. "__quantum__qis__h__body"
  const char* signature;  // LLVM's spelling of the function type with opaque pointers, e.g. "void (ptr, ptr)",
                          // "i1 (ptr)", "ptr (i64)", "void (double, ptr)", "i64 (ptr)", "void ()"
  void* address;
};
// Every function the runtime provides to compiled programs (QIR base, adaptive and full profiles).
std::span<const ProgramFunction> program_functions() noexcept;

// What a program records (QIR output schema) and the messages it prints.
enum class RecordKind { Result, Bool, Int, Double, Tuple, Array };
class OutputSink {
 public:
  virtual ~OutputSink() = default;
  // value is already formatted as the output schema spells it ("0"/"1" for results, "true"/"false",
  // integers, doubles with full precision, a count for tuples and arrays); label may be empty.
  virtual void record(RecordKind kind, std::string_view value, std::string_view label) = 0;
  virtual void message(std::string_view text) = 0;
};
// Installs the calling thread's sink (nullptr: records and messages go to stdout as qir-runner prints them).
void set_output_sink(OutputSink* sink) noexcept;

// Called on the calling thread, instead of the process-wide error handler, when a runtime function fails
// or the program calls __quantum__rt__fail. The message is valid during the call. The hook must not
// return (it longjmps back to the driver); the runtime calls it only when no C++ object with a
// non-trivial destructor is live in its own frames.
using FailureHook = void (*)(const char* message, void* context);
void set_failure_hook(FailureHook hook, void* context) noexcept;

// Installs the calling thread's progress (nullptr: none): each gate and measurement the program calls
// counts one operation, and once a stop is requested the next one fails the shot with StoppedError.
void set_progress(ExecutionProgress* progress) noexcept;

// Lends `device` (a lease its driver holds) to the calling thread as its current device for driven runs,
// until the loan ends; then it is back in `device`, also when the program switched the thread to a device
// of its own (__quantum__rt__device_init) meanwhile, which is then released. A lent device belongs to its
// driver, not to the process runtime (context::kLentGeneration): initialize/finalize do not touch it.
class DeviceLoan {
 public:
  explicit DeviceLoan(Device& device);
  ~DeviceLoan();
  DeviceLoan(const DeviceLoan&) = delete;
  DeviceLoan& operator=(const DeviceLoan&) = delete;
};

// While `reason` is set (null: no longer), a program's __quantum__rt__device_init on the calling thread
// fails its shot with `reason`: for a driver whose programs must stay on the device it lends them (the
// isolation worker's, which has no runtime to open others from). `reason` must outlive the setting.
void refuse_device_init(const char* reason) noexcept;

// Shot boundaries on the calling thread. begin_shot makes the thread's current device (opened by the
// driver with __quantum__rt__device_init or qrt::Runtime) ready for one run of a program: every wire in
// |0>, `required_qubits` wires addressable statically (QUBIT* value = wire id, null = wire 0) and
// `required_results` result slots, no results written, the program's random draws seeded with `seed` and
// the device too, as `device_seed` says (exec/seeding.hpp: a seed the run was not asked for is dropped on
// a device without set_seed). end_shot frees
// whatever the program left allocated (arrays, tuples, strings, callables, dynamic qubits and results),
// so that the next shot starts from nothing the previous one did.
void begin_shot(std::size_t required_qubits, std::size_t required_results, std::uint64_t seed,
                exec::SeedUse device_seed = exec::SeedUse::Required);
void end_shot() noexcept;
// Records what the older array/tuple_start_record_output calls still hold (end_shot calls it).
void flush_open_containers() noexcept;

}  // namespace qrt::capi
