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

// What a program that is not a circuit gives instead of a final state.
std::string results_of(const ProgramInfo& info) {
  return info.opens_own_devices ? " is a Catalyst program, whose results are what its entry returns"
                                : " is QIR, whose result is the output it records per shot";
}

// A compiled program reports what it records or returns: a final state is not among its results.
void refuse_final_state_outputs(const ProgramInfo& info, const RunRequest& request) {
  std::string asked;
  auto note = [&](bool set, const char* what) {
    if (set) asked += (asked.empty() ? "" : ", ") + std::string(what);
  };
  note(request.probabilities, "probabilities");
  note(request.state, "the state");
  note(!request.expvals.empty(), "expectation values");
  if (!asked.empty()) throw RequestError(asked + " of the final state: " + info.name + results_of(info));
  if (request.strip_measurements)
    throw RequestError("stripping measurements applies to circuits; " + info.name + results_of(info));
  if (!request.params.empty())
    throw RequestError("parameters bind the free parameters of OpenQASM circuits; " + info.name + results_of(info));
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
  options.seed_optional = plan.seed_optional;
  options.probabilities = request.probabilities;
  options.state = request.state;
  options.expvals = request.expvals;
  options.strip_measurements = request.strip_measurements;
  options.progress = plan.progress;
  // An analytic run with nothing asked reports the final-state probabilities: it must show something.
  if (!options.probabilities && !options.state && options.expvals.empty() && plan.shots == 0 &&
      !request.leave_state_on_device)
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

namespace {

// The deadline around a front end's run: a stop it asked for becomes a TimeoutError.
template <class Run>
void run_with_deadline(const ProgramInfo& info, const RunRequest& request, ExecutionProgress& progress, Run&& run) {
  run_policy::Deadline deadline(request.timeout, progress);
  try {
    run();
  } catch (const StoppedError&) {
    if (!deadline.expired()) throw;
    char seconds[32];
    std::snprintf(seconds, sizeof seconds, "%g", *request.timeout);
    throw TimeoutError(info.name + ": the program did not finish within its timeout of " + seconds + " s",
                       *request.timeout);
  }
}

void refuse_arguments_unless_taken(const ProgramInfo& info, const RunRequest& request) {
  if (!request.arguments.empty() && !info.opens_own_devices)
    throw RequestError("arguments apply to programs whose entry takes some (Catalyst's); " + info.name + " takes none");
}

}  // namespace

RunResult run(const LoadedProgram& program, Device& device, const RunRequest& request) {
  const ProgramInfo& info = program.info();
  if (info.opens_own_devices)
    throw RequestError(info.name +
                       " opens its own devices (device_init): run it with a device config that replaces "
                       "them, or none");
  refuse_arguments_unless_taken(info, request);
  if (info.shot_by_shot) refuse_final_state_outputs(info, request);
  const ResolvedDevice resolved = device.resolved();
  ExecutionProgress own_progress;
  RunResult result;
  RunPlan plan{request, 0, std::nullopt, false, {}, nullptr};
  plan.shots = effective_shots(info, request, resolved);
  plan.seed = choose_seed(request.seed, resolved);
  plan.seed_optional = request.seed ? request.seed_optional : !resolved.seed();
  plan.progress = request.progress ? request.progress : &own_progress;
  if (!info.shot_by_shot) plan.circuit = circuit_options(request, plan, device, result);
  run_with_deadline(info, request, *plan.progress, [&] { program.front_end().run(device, plan, result); });
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

RunResult run(const LoadedProgram& program, const std::optional<DeviceSpec>& device, const RunRequest& request) {
  const ProgramInfo& info = program.info();
  if (!info.opens_own_devices) {
    if (!device) throw RequestError(info.name + " runs on a device: give one");
    return run(program, *process_runtime(), *device, request);
  }
  refuse_final_state_outputs(info, request);
  ExecutionProgress own_progress;
  RunResult result;
  // The program's own devices keep their shots and seed unless the request replaces them.
  RunPlan plan{
      request, request.shots.value_or(0), request.seed, false, {}, request.progress ? request.progress : &own_progress};
  run_with_deadline(info, request, *plan.progress,
                    [&] { program.front_end().run_on_own_devices(device, plan, result); });
  return result;
}

}  // namespace qrt
