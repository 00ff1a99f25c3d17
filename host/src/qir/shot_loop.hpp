// The shots of a compiled program on one device, on the calling thread: what qir::run does for a JIT
// program in process, and what an isolated device's worker does with the same program (worker_runner.hpp),
// so that both run the same code with the same seeds. Shot k runs the entry point once on the device
// (lent to the thread's runtime C API, capi::DeviceLoan), seeded with shot_seed(base_seed, k) as
// device_seed says; the device is reset between shots, so shot k+1 starts from nothing shot k did.
#pragma once

#include "qir/shot_runner.hpp"

#include <qrt/device.hpp>
#include <qrt/execution_progress.hpp>
#include <qrt/qir/program.hpp>

#include <cstdint>
#include <functional>

namespace qrt::qir {

struct ShotLoop {
  EntryFunction entry = nullptr;
  std::uint64_t required_qubits = 0, required_results = 0;
  std::uint64_t shots = 1, base_seed = 0;
  exec::SeedUse device_seed = exec::SeedUse::Required;  // a seed the run was not asked for is IfSupported
  bool stop_on_failure = true;
};

// Runs the shots; on_shot(k, shot) after each, in order (a failed shot included; with stop_on_failure
// it is the last). `progress` (may be null): shots done / total and the operations; a stop it requests
// ends the run with StoppedError (stopped_error's words).
void run_shots(const ShotLoop& loop, Device& device, ExecutionProgress* progress,
               const std::function<void(std::uint64_t shot, ShotOutput&& output)>& on_shot);

// "stopped in shot K+1 of N after D operations (a stop was requested); there is no result".
StoppedError stopped_error(std::uint64_t shot, std::uint64_t shots, std::uint64_t operations);

}  // namespace qrt::qir
