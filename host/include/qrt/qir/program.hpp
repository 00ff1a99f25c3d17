// qrt::qir — running compiled quantum programs (QIR: LLVM IR calling __quantum__qis__* and
// __quantum__rt__*) on any qrt device. Built as its own library (libqrt_qir), the only part of qrt that
// links LLVM.
//
//   qrt::qir::Program program = qrt::qir::Program::load("teleport.ll");   // parse, verify, link, JIT
//   qrt::qir::RunOptions options;  options.shots = 100;  options.seed = 7;
//   qrt::qir::RunResult result = qrt::qir::run(program, options);         // one ShotOutput per shot
//
// Two paths (docs/qir.md): a straight-line entry point (the base profile: constant gate, measurement,
// reset and output calls, no branch on a result) is read into the program model, not compiled, and runs
// like an OpenQASM circuit (fused; sampled once for all shots when every measurement is terminal). Any
// other program is compiled by LLVM's JIT and runs shot by shot. Program::lowered() says which.
//
// A Program is compiled once and may run many shots, on one thread at a time per run; several runs may go
// on at once on different threads (each thread drives its own pooled device).
#pragma once

#include <qrt/execution_progress.hpp>
#include <qrt/load_program.hpp>
#include <qrt/runtime.hpp>
#include <qrt/shot_output.hpp>

#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace qrt::qir {

// Thrown for programs that cannot run: unreadable, malformed (with LLVM's file:line:col), failing
// verification, without a usable entry point, or declaring runtime functions qrt does not provide.
class ProgramError : public ProgramLoadError {
 public:
  using ProgramLoadError::ProgramLoadError;
};

using qrt::LoadOptions;  // <qrt/load_program.hpp>: the entry point, force_jit (QRT_QIR_JIT=1)

// The shot records are the run policy's (qrt/shot_output.hpp), under their QIR names.
using qrt::EventKind;
using qrt::MetadataEntry;
using qrt::OutputEvent;
using qrt::ShotOutput;

struct RunOptions;
struct RunResult;
struct ProgramInternals;  // the front end's own code

class Program {
 public:
  static Program load(const std::filesystem::path& file, const LoadOptions& options = {});
  // A module given as its bytes (IR text or bitcode); `name` stands for its file in messages and file().
  static Program load_bytes(std::string bytes, const std::filesystem::path& name, const LoadOptions& options = {});
  Program(Program&&) noexcept;
  Program& operator=(Program&&) noexcept;
  ~Program();

  const std::filesystem::path& file() const;
  const std::string& entry_name() const;
  const std::vector<MetadataEntry>& metadata() const;
  // From the entry point's required_num_qubits / required_num_results attributes (0 when absent).
  std::uint64_t required_qubits() const;
  std::uint64_t required_results() const;
  // Seconds spent parsing+verifying (and reading a straight-line entry point) and compiling (JIT, 0 when
  // lowered) the module.
  double load_seconds() const;
  double compile_seconds() const;
  // True when the entry point was read into the program model and runs as a circuit (no JIT code);
  // false when it was compiled. jit_reason() says why it was compiled (empty when lowered).
  bool lowered() const;
  const std::string& jit_reason() const;

 private:
  struct Impl;
  explicit Program(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
  friend struct ProgramInternals;
};

struct RunOptions {
  // Config string: for run(program, options) only. An isolated device (isolate=true, or the runtime's
  // global switch) runs a compiled program whole in its worker process (see run below).
  std::string device = "statevector.qubit";
  std::uint64_t shots = 1;
  std::optional<std::uint64_t> seed;  // shot k runs with a seed derived from (seed, k)
  // The seed was picked by the caller so that the run can be repeated, not asked for by its user: a device
  // that cannot be seeded (set_seed is optional) then runs unseeded instead of refusing the run. Without a
  // seed, a device that can be seeded gets fresh per-shot seeds and one that cannot runs unseeded.
  bool seed_optional = false;
  RuntimeOptions runtime = {};  // used when the process runtime is not up yet
  bool stop_on_failure = true;  // a failed shot ends the run
  // Called after each shot (in order), e.g. to print it while later shots run.
  std::function<void(std::uint64_t shot, const ShotOutput&)> on_shot;
  // Watched and stoppable (qrt/execution_progress.hpp): total 0 (unknown for compiled code), shots done /
  // total, and each gate and measurement counted. Once a stop is requested, the running shot fails at its
  // next gate or measurement and run throws StoppedError (no on_shot for it); a program that calls no
  // runtime function (a classical loop) does not see the request: its driver has to end it otherwise.
  ExecutionProgress* progress = nullptr;
};

struct RunResult {
  std::vector<ShotOutput> shots;
  std::string device_name, canonical_kwargs;
  double run_seconds = 0;
  bool failed() const { return !shots.empty() && shots.back().failed; }
};

// Runs `options.shots` shots on the calling thread, on `device` (an Active device with no qubits allocated),
// reset between shots: shot k+1 starts from nothing shot k did. The shots run where the device does: on an
// in-process device here; on an isolated one in its worker process, with the same code and seeds, the
// shots coming back (to on_shot) as they end; a stop (options.progress) ends that worker's run even in a
// classical loop, and a worker that dies (JIT code that crashes, exit(), isolate_timeout) is an
// Error(Internal) naming the program, the device and the cause, while this process lives on.
// Applications normally call qrt::run (<qrt/run.hpp>), which decides shots and seed; this is the front
// end's own entry. Throws qrt::Error for device errors outside the program.
RunResult run(const Program& program, Device& device, const RunOptions& options);
// The same on a device of `options.device` opened from the process runtime's pool for the run.
RunResult run(const Program& program, const RunOptions& options);

// The seed of shot k of a run seeded with `seed` (splitmix64 of both: distinct, reproducible).
std::uint64_t shot_seed(std::uint64_t seed, std::uint64_t shot) noexcept;

// Text in the QIR output schema, as qir-runner prints it: START, METADATA lines, OUTPUT records and
// messages (INFO lines) in order, END\t0 (END\t1 after a failure).
inline std::string format_shot(const Program& program, const ShotOutput& shot) {
  return qrt::format_shot(program.metadata(), shot);
}

using qrt::outcome_key;

}  // namespace qrt::qir
