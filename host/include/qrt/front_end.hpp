// For front ends (host/src/qasm, host/src/qir, host/src/catalyst): what a loaded program must do so that
// qrt::run (<qrt/run.hpp>) can run it. The run policy decides everything that does not depend on the
// language (shots, seed, outputs, timeout, stop) and hands the front end a RunPlan; the front end executes
// it on the device and fills the result.
#pragma once

#include <qrt/circuit_runner.hpp>
#include <qrt/device.hpp>
#include <qrt/device_spec.hpp>
#include <qrt/loaded_program.hpp>

#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace qrt {

struct RunRequest;

// What the policy decided for one run.
struct RunPlan {
  const RunRequest& request;
  std::uint64_t shots = 0;            // effective: the request's, else the device's, else the program's default
  std::optional<std::uint64_t> seed;  // effective (unset only under an MPI launcher without one)
  // The seed was chosen by the policy only to report it (no request or device asked for one): a device
  // without set_seed runs without it instead of refusing it.
  bool seed_optional = false;
  RunOptions circuit;                     // for circuits: shots, seed, outputs, progress, as exec takes them
  ExecutionProgress* progress = nullptr;  // never null: the request's, or the policy's own (for the timeout)
};

class FrontEndProgram {
 public:
  virtual ~FrontEndProgram() = default;
  virtual const ProgramInfo& info() const = 0;
  // The circuit in the program model, when the front end reads the program as one; null for compiled code.
  virtual const std::shared_ptr<const program::Program>& circuit() const;
  // Runs the program on `device` as `plan` says: fills the result's outputs (counts, probabilities, state,
  // expvals, shot outputs, run_seconds). Throws as qrt::run documents.
  virtual void run(Device& device, const RunPlan& plan, RunResult& result) const = 0;
  // For a program that opens its own devices (ProgramInfo::opens_own_devices): runs it, `device` replacing
  // each of its devices when given. The default refuses (the program needs a device).
  virtual void run_on_own_devices(const std::optional<DeviceSpec>& device, const RunPlan& plan,
                                  RunResult& result) const;
  // The entry's arguments from JSON (LoadedProgram::arguments_from_json). The default takes none.
  virtual std::vector<Tensor> arguments_from_json(std::span<const std::string> texts) const;
};

}  // namespace qrt
