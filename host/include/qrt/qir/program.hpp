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
#include <qrt/runtime.hpp>

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
class ProgramError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct LoadOptions {
  std::string entry;  // the entry point's name; empty: the one function marked entry_point / EntryPoint
  // Compile with the JIT even when the entry point is straight-line (for tests and comparisons). The
  // environment variable QRT_QIR_JIT=1 does the same for every load.
  bool force_jit = false;
};

// One entry-point attribute, printed as a METADATA record (value empty for a flag such as entry_point).
struct MetadataEntry {
  std::string key;
  std::optional<std::string> value;
};

enum class EventKind { Result, Bool, Int, Double, Tuple, Array, Message };
struct OutputEvent {
  EventKind kind;
  std::string value;  // as the output schema spells it; the text of a message
  std::string label;  // empty when the program gave none
  bool labelled = false;
};

struct ShotOutput {
  std::vector<OutputEvent> events;  // records and messages, in program order
  bool failed = false;
  std::string error;  // why the shot failed (the runtime's message)
};

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
  // Config string. An isolated device (isolate=true, or the runtime's global switch) runs a compiled
  // program whole in its worker process: the JIT code never runs in this process (see run below).
  std::string device = "statevector.qubit";
  std::uint64_t shots = 1;
  std::optional<std::uint64_t> seed;        // shot k runs with a seed derived from (seed, k)
  RuntimeOptions runtime = {};              // used when the process runtime is not up yet
  bool stop_on_failure = true;              // a failed shot ends the run
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

// Runs `options.shots` shots on the calling thread, on one device opened through the process runtime's
// pool and reset between shots (shot k+1 starts from nothing shot k did). A compiled program on an
// isolated device runs in the device's worker process, with the same code and seeds, and its shots come
// back (to on_shot) as they end; a stop (options.progress) ends that worker's run even in a classical loop,
// and a worker that dies (JIT code that crashes, exit(), isolate_timeout) is an Error(Internal) naming the
// program, the device and the cause, while this process lives on. Throws qrt::Error for device errors
// outside the program (unknown device, bad kwargs).
RunResult run(const Program& program, const RunOptions& options);

// The seed of shot k of a run seeded with `seed` (splitmix64 of both: distinct, reproducible).
std::uint64_t shot_seed(std::uint64_t seed, std::uint64_t shot) noexcept;

// Text in the QIR output schema, as qir-runner prints it: START, METADATA lines, OUTPUT records and
// messages (INFO lines) in order, END\t0 (END\t1 after a failure).
std::string format_shot(const Program& program, const ShotOutput& shot);

// A shot's records (messages left out) as one line, arrays as [..] and tuples as (..), e.g. "1,[0,1],(2,3.5)":
// the key of the histogram of a run's outcomes (`qrt run -o json`, `qrt batch`, the Python package's counts).
std::string outcome_key(const ShotOutput& shot);

}  // namespace qrt::qir
