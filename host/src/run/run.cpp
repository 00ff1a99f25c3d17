// The run policy (qrt/run.hpp): everything about a run that does not depend on the front end.
#include <qrt/run.hpp>

#include "run/deadline.hpp"

#include <qrt/distributed_readout.hpp>
#include <qrt/front_end.hpp>
#include <qrt/launcher.hpp>
#include <qrt/runtime.hpp>

#include <cstdio>
#include <random>
#include <utility>

namespace qrt {
namespace {

// A shot-by-shot program reports what each shot records: a final state is not among its results.
void refuse_final_state_outputs(const ProgramInfo& info, const RunRequest& request) {
  std::string asked;
  auto note = [&](bool set, const char* what) {
    if (set) asked += (asked.empty() ? "" : ", ") + std::string(what);
  };
  note(request.probabilities, "probabilities");
  note(request.state, "the state");
  note(!request.expvals.empty(), "expectation values");
  if (!asked.empty())
    throw RequestError(asked + " of the final state: " + info.name + " is QIR, whose result is the output it records per shot");
  if (request.strip_measurements) throw RequestError("stripping measurements applies to circuits; " + info.name + " is QIR");
  if (!request.params.empty())
    throw RequestError("parameters bind the free parameters of OpenQASM circuits; " + info.name + " is QIR");
}

std::uint64_t effective_shots(const ProgramInfo& info, const RunRequest& request, const ResolvedDevice& device) {
  if (!info.shot_by_shot) return request.shots.value_or(device.shots().value_or(0));
  if (request.shots && *request.shots == 0)
    throw RequestError("shots 0 (an analytic run) applies to circuits; " + info.name +
                       " is QIR, which runs shot by shot: ask for 1 or more shots");
  if (request.shots) return *request.shots;
  return device.shots().value_or(0) > 0 ? *device.shots() : 1;
}

RunOptions circuit_options(const RunRequest& request, const RunPlan& plan, Device& device, RunResult& result) {
  RunOptions options;
  options.shots = request.shots;
  options.seed = plan.seed;
  options.probabilities = request.probabilities;
  options.state = request.state;
  options.expvals = request.expvals;
  options.strip_measurements = request.strip_measurements;
  options.progress = plan.progress;
  // An analytic run with nothing asked reports the final-state probabilities: it must show something.
  if (!options.probabilities && !options.state && options.expvals.empty() && plan.shots == 0 && !request.leave_state_on_device)
    options.probabilities = true;
  // A device that spans MPI ranks keeps its tables for the caller to stream, instead of filling 2^n values
  // on every rank.
  if ((options.probabilities || options.state) && DistributedReadout::of(device)) {
    result.probabilities_on_device = std::exchange(options.probabilities, false);
    result.state_on_device = std::exchange(options.state, false);
  }
  return options;
}

}  // namespace

std::optional<std::uint64_t> choose_seed(std::optional<std::uint64_t> requested, const ResolvedDevice& device) {
  if (requested) return requested;
  if (device.seed()) return device.seed();
  if (launcher_rank()) return std::nullopt;  // every rank must agree: the device draws it collectively
  std::random_device entropy;
  return (static_cast<std::uint64_t>(entropy()) << 32) ^ entropy();
}

RunResult run(const LoadedProgram& program, Device& device, const RunRequest& request) {
  const ProgramInfo& info = program.info();
  if (info.shot_by_shot) refuse_final_state_outputs(info, request);
  const ResolvedDevice resolved = device.resolved();
  ExecutionProgress own_progress;
  RunResult result;
  RunPlan plan{request, 0, std::nullopt, {}, nullptr};
  plan.shots = effective_shots(info, request, resolved);
  plan.seed = choose_seed(request.seed, resolved);
  plan.progress = request.progress ? request.progress : &own_progress;
  if (!info.shot_by_shot) plan.circuit = circuit_options(request, plan, device, result);
  {
    run_policy::Deadline deadline(request.timeout, *plan.progress);
    try {
      program.front_end().run(device, plan, result);
    } catch (const StoppedError&) {
      if (!deadline.expired()) throw;
      char seconds[32];
      std::snprintf(seconds, sizeof seconds, "%g", *request.timeout);
      throw TimeoutError(info.name + ": the program did not finish within its timeout of " + seconds + " s", *request.timeout);
    }
  }
  result.seed = plan.seed;
  result.device_name = resolved.name();
  result.device_kwargs = resolved.canonical_kwargs();
  return result;
}

RunResult run(const LoadedProgram& program, Runtime& runtime, const ResolvedDevice& device, const RunRequest& request) {
  Device instance = runtime.open(device);
  return run(program, instance, request);
}

RunResult run(const LoadedProgram& program, Runtime& runtime, const DeviceSpec& device, const RunRequest& request) {
  return run(program, runtime, runtime.resolve(device), request);
}

}  // namespace qrt
