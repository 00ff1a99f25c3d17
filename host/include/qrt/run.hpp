// qrt::run — the one way a program runs. Every caller (`qrt run`, `qrt batch`, `qrt grad`'s forward runs,
// Python's run/submit/Device, the Executor) hands a loaded program, a device and a RunRequest to run() and
// gets a RunResult back; what a run reports, its defaults (shots, seed), what it refuses, its timeout and
// stop all live here, once, whatever the front end.
//
//   qrt::LoadedProgram program = qrt::load_program("bell.qasm");        // <qrt/load_program.hpp>: by content
//   qrt::RunRequest request;  request.shots = 1000;  request.seed = 7;
//   qrt::RunResult result = qrt::run(program, runtime, qrt::DeviceSpec::parse("statevector.qubit"), request);
//
// Threads: run() may be called from many threads at once, each with its own Device (or with a spec: each
// call then borrows its own instance from the pool). A LoadedProgram is shared freely.
#pragma once

#include <qrt/circuit_runner.hpp>
#include <qrt/device.hpp>
#include <qrt/device_spec.hpp>
#include <qrt/execution_progress.hpp>
#include <qrt/loaded_program.hpp>
#include <qrt/shot_output.hpp>
#include <qrt/tensor.hpp>

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace qrt {

class Runtime;

struct RunRequest {
  // Shots: unset takes the device's own `shots` kwarg (0 when it has none: an analytic run). A program that
  // runs shot by shot (compiled QIR, a circuit that measures mid-circuit) needs at least 1: unset then means
  // the device's shots, else 1.
  std::optional<std::uint64_t> shots;
  // Unset: the device's own `seed` kwarg, else a fresh random seed (reported in RunResult::seed), except
  // under an MPI launcher, where every rank must agree: the seed then stays unset and the device draws it.
  std::optional<std::uint64_t> seed;
  // The caller picked `seed` only to report it (a batch's seeds derived from a fresh base): a device without
  // set_seed then runs unseeded instead of refusing it, as with a seed the policy picks itself.
  bool seed_optional = false;

  // What the run reports besides counts (which every run with shots > 0 gives). Circuits only. With none of
  // these asked and no shots, the final-state probabilities are reported (an analytic run must show
  // something). A program whose final state is not defined (it measures mid-circuit) refuses them, and so
  // does a device without a state vector the state, unless `final_state_if_defined`, which leaves out quietly
  // what cannot be had (for callers that take whatever a run has, as Python's qrt.run).
  bool probabilities = false;
  bool state = false;
  std::vector<std::string> expvals;  // Pauli words, one letter per qubit, rightmost = qubit 0 (or sparse, "Z0 Z3")
  bool final_state_if_defined = false;
  // Report nothing, not even the analytic default: the final state stays on the device for the caller to read
  // (Device::state, probs, expval...), as Python's qrt.Device does.
  bool leave_state_on_device = false;
  // Deletes every measure, reset and conditional first (the QASMBench reference probabilities' convention).
  bool strip_measurements = false;

  // Values of the program's free parameters (every free parameter must be bound; unknown names are refused).
  ParameterBinding params;
  // The entry's arguments, for programs whose entry takes some (Catalyst); LoadedProgram::arguments_from_json
  // reads them from JSON with the types the program shows.
  std::vector<Tensor> arguments;

  // Seconds the run may take; past them it is stopped at its next operation and run() throws TimeoutError.
  std::optional<double> timeout;
  // Optional, not owned: progress of the run, and stopping it (a stopped run throws StoppedError).
  ExecutionProgress* progress = nullptr;
  // Shot-by-shot programs with per-shot output (QIR): called after each shot, in order, on the running
  // thread (to print shots as they finish).
  std::function<void(std::uint64_t shot, const ShotOutput&)> on_shot;
};

// A run that passed RunRequest::timeout (it was stopped, as by ExecutionProgress::request_stop).
class TimeoutError : public StoppedError {
 public:
  TimeoutError(const std::string& what, double seconds) : StoppedError(what, 0), seconds_(seconds) {}
  double seconds() const noexcept { return seconds_; }

 private:
  double seconds_;
};

// The seed a run uses: `requested`, else the device's own `seed` kwarg, else a fresh random one; unset under
// an MPI launcher without either (every rank must agree, so the device draws it). Callers that show the seed
// before the run (`qrt run` prints a random one) choose it here and pass it in the request.
std::optional<std::uint64_t> choose_seed(std::optional<std::uint64_t> requested, const ResolvedDevice& device);

// Runs `program` on `device` (an Active device; it keeps its wires after the run, for reading it out, until
// it is released or reset). Throws qrt::program::Error for program errors (quoting the statement),
// qrt::Error for device errors and requests the program cannot satisfy (InvalidArgument), StoppedError /
// TimeoutError for a run stopped early. A shot-by-shot program whose shot fails is not an exception: the
// result says so (RunResult::failed()).
RunResult run(const LoadedProgram& program, Device& device, const RunRequest& request);

// The same on a device borrowed from `runtime`'s pool for the run (and given back, reset, after it).
RunResult run(const LoadedProgram& program, Runtime& runtime, const ResolvedDevice& device, const RunRequest& request);
RunResult run(const LoadedProgram& program, Runtime& runtime, const DeviceSpec& device, const RunRequest& request);

// A program that opens its own devices (ProgramInfo::opens_own_devices: a Catalyst program, one device per
// device_init, from the process runtime's pool): `device`, when given, replaces each of them (`qrt run -d`).
// Any other program runs on a device of `device` (required) from the process runtime.
RunResult run(const LoadedProgram& program, const std::optional<DeviceSpec>& device, const RunRequest& request);

}  // namespace qrt
