// qrt::catalyst — running what PennyLane Catalyst's `qjit` compiles (LLVM IR calling Catalyst's runtime
// C API, __catalyst__rt__* / __catalyst__qis__*) on any qrt device, with devices from qrt's pool.
// Built as its own library (libqrt_catalyst, beside the QIR front end; both are the only parts of qrt
// that link LLVM).
//
//   auto program = qrt::catalyst::Program::load("circuit.ll");        // parse, verify, link, JIT: once
//   std::vector<qrt::catalyst::Tensor> args = {qrt::catalyst::Tensor::scalar(ElementType::F64, 0.3)};
//   qrt::catalyst::CallResult r = program.call(args);                 // setup, jit_<name>, teardown
//   double e = r.results[0].get<double>(0);
//
// A module is loaded and compiled once; call() then only runs it (a variational loop calls it thousands
// of times). Calls may run on several threads at once, each on its own pooled devices. docs/catalyst.md
// tells the calling convention, the device mapping and what is refused.
#pragma once

#include <qrt/catalyst/tensor.hpp>
#include <qrt/circuit_runner.hpp>
#include <qrt/device_spec.hpp>
#include <qrt/execution_progress.hpp>
#include <qrt/loaded_program.hpp>
#include <qrt/pool_policy.hpp>
#include <qrt/qir/program.hpp>
#include <qrt/runtime.hpp>

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace qrt::catalyst {

// A module that cannot run: unreadable, malformed, newer-LLVM syntax or bitcode qrt does not read, failing
// verification, no (or an ambiguous) entry point, an entry whose signature is not memref descriptors,
// runtime functions qrt does not provide or declares differently. A qir::ProgramError, so that code
// handling QIR load failures handles these too.
class ProgramError : public qir::ProgramError {
 public:
  using qir::ProgramError::ProgramError;
};

// A call that failed while it ran: the program's own failure (fail_cstr, assert_bool: the program's
// message), a device error, a refused device or kwarg, Sample at shots 0... code() says which kind.
class CallError : public Error {
 public:
  using Error::Error;
};

// A function the module may call beyond Catalyst's runtime as qrt provides it: a runtime of your own for
// functions qrt does not implement (OQD's __catalyst__oqd__*, test doubles). `signature` is LLVM's
// spelling with opaque pointers ("void (ptr)", "double (i64, ptr)"); `address` must have exactly that
// C signature and stay valid while the Program lives. Added functions come before qrt's own.
struct ExtraFunction {
  std::string name, signature;
  void* address = nullptr;
};

struct LoadOptions {
  // The jit_ function to call, as "jit_NAME" or "NAME"; empty: the module's only one.
  std::string entry;
  std::vector<ExtraFunction> functions;
  // Compile with LLVM's optimising code generator (-O2) instead of its fast one (-O0, the default): for
  // modules whose classical code, not their device calls, takes the time.
  bool optimize = false;
};

// A memref parameter or result of the entry: its rank, and its element type where the IR shows it
// (how the entry or the runtime functions it calls use the buffer; opaque pointers do not carry it).
struct MemrefInfo {
  std::size_t rank = 0;
  std::optional<ElementType> type;
};

// How the module is called.
enum class EntryForm {
  Jit,   // setup(), jit_<name>(memrefs...) returning a struct of memrefs, teardown(): what qjit emits
  Main,  // i32 main(): Catalyst's runtime examples, which run and print by themselves
};

enum class PrintTo { Stdout, Collect };

struct CallOptions {
  // The qrt device replacing the device of every device_init (`qrt run -d CONFIG`); unset: each device_init's
  // Catalyst device mapped onto a qrt device.
  std::optional<DeviceSpec> device;
  std::optional<std::uint64_t> shots;  // replaces every device_init's shots
  std::optional<std::uint64_t> seed;   // replaces the module's seed (initialize(seed*))
  // print_string / print_tensor / print_state: to stdout as they happen (as Catalyst prints), or into
  // CallResult::printed.
  PrintTo print = PrintTo::Stdout;
  RuntimeOptions runtime = {};  // used when the process runtime is not up yet
  // Counts each gate and measurement; once a stop is requested the call fails at the next one
  // (StoppedError).
  ExecutionProgress* progress = nullptr;
};

using qrt::DeviceInit;  // one device_init the call made (<qrt/circuit_runner.hpp>)

struct CallResult {
  std::vector<Tensor> results;  // one per returned memref, in order (none for EntryForm::Main)
  int exit_status = 0;          // main's return value (EntryForm::Main)
  std::string printed;          // with PrintTo::Collect
  std::vector<DeviceInit> devices;
  std::optional<std::uint64_t> seed;  // the seed the run used (CallOptions::seed, else the module's)
  double seconds = 0;
};

class Program {
 public:
  static Program load(const std::filesystem::path& file, const LoadOptions& options = {});
  Program(Program&&) noexcept;
  Program& operator=(Program&&) noexcept;
  ~Program();

  const std::filesystem::path& file() const;
  EntryForm form() const;
  const std::string& entry_name() const;  // "jit_NAME", or "main"
  const std::vector<MemrefInfo>& arguments() const;
  const std::vector<MemrefInfo>& results() const;  // every result's type is known (load refuses otherwise)
  double load_seconds() const;                     // parse, verify, analyse
  double compile_seconds() const;                  // JIT

  // Runs setup, the entry with `args`, teardown (or main). Throws qrt::Error(InvalidArgument) naming the
  // argument for a wrong count, rank or element type, CallError when the run fails, StoppedError when
  // CallOptions::progress asked it to stop. Nothing the run allocated outlives the call: returned buffers
  // are copied into the result and freed with the allocator the module used.
  CallResult call(std::span<const Tensor> args, const CallOptions& options = {}) const;

  // Modules compiled by this process so far (each load compiles once; calls compile nothing).
  static std::uint64_t compilations() noexcept;

  struct Impl;  // the analysed entry and the compiled module (host/src/catalyst)

  // Arguments from their JSON text (the CLI's --arg values, in order): the element type from the IR where
  // it shows one, else from the value (see tensor_from_json). Throws qrt::Error(InvalidArgument) naming
  // the argument.
  std::vector<Tensor> arguments_from_json(std::span<const std::string> texts) const;

 private:
  explicit Program(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

// The catalyst::Program behind a LoadedProgram of this front end (qrt::load_program of qjit output); null for
// another front end's: for what only Catalyst programs have (their entry's argument and result types).
const Program* program_of(const LoadedProgram& program) noexcept;

// The document `qrt run -o json` prints for a call: file, front_end "catalyst", entry, results (one JSON
// value each: tensor_to_json), types (each result's dtype and shape), exit_status (main only), devices
// (per device_init: the Catalyst device asked for, the qrt device that served it, shots, seed), seed,
// printed (the output collected with PrintTo::Collect), pool (the pool's statistics), timings.
std::string call_json(const Program& program, const CallResult& result, const PoolStats& pool);
// The same document for a run through qrt::run (<qrt/run.hpp>): `info` is the LoadedProgram's.
std::string run_json(const ProgramInfo& info, const qrt::RunResult& result, const PoolStats& pool);
// The text `qrt run` prints: one line per result (its JSON value).
std::string call_text(const CallResult& result);
std::string values_text(const std::vector<Tensor>& values);

}  // namespace qrt::catalyst
