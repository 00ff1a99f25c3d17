// Executing a lowered program on a device operation by operation: what the in-process backend's
// run_program does (in_process_backend.hpp), in the host or in an isolated device's worker process, so
// that both run exactly the same code and give bit-identical results for the same seed.
#pragma once

#include "device/execution_result.hpp"

#include <qrt/circuit_runner.hpp>
#include <qrt/device.hpp>
#include <qrt/program/lowering.hpp>

namespace qrt::exec {

using device::ExecutionResult;
using device::OperationFailure;

// Runs `program` on `device` (which must have no qubits allocated) as circuit_runner.hpp describes.
// Throws OperationFailure for device errors at an operation, qrt::Error for the rest.
ExecutionResult execute(const program::LoweredProgram& program, Device& device, const RunOptions& options);

}  // namespace qrt::exec
