#include <qrt/circuit_runner.hpp>

#include "device/backend.hpp"
#include "device/instance.hpp"
#include "exec/bitstrings.hpp"
#include "exec/program_execution.hpp"

#include <qrt/device_type.hpp>
#include <qrt/error.hpp>
#include <qrt/program/lowering.hpp>

#include <chrono>

namespace qrt {
namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) { return std::chrono::duration<double>(Clock::now() - start).count(); }

// Raw counts (clbit i at character i) in the program's register format.
std::map<std::string, std::uint64_t> format_counts(const program::Program& program,
                                                   const std::map<std::string, std::uint64_t>& raw) {
  std::map<std::string, std::uint64_t> counts;
  std::vector<std::uint8_t> clbits(program.num_clbits, 0);
  for (const auto& [key, count] : raw) {
    for (std::size_t i = 0; i < clbits.size() && i < key.size(); ++i) clbits[i] = key[i] == '1';
    counts[exec::format_clbits(program, clbits)] += count;
  }
  return counts;
}

}  // namespace

program::DeviceGateSet gate_set_of(const DeviceType& type) {
  const Capabilities& caps = type.capabilities();
  return {caps.gates, caps.controlled_gates, caps.adjoint};
}

program::LoweredProgram lower_for(const program::Program& program, const program::DeviceGateSet& gates,
                                  const RunOptions& options) {
  program::LoweringOptions lowering;
  lowering.drop_measurements = options.strip_measurements;
  lowering.parameters = options.parameters;
  return program::lower(program, gates, lowering);
}

RunResult run_program(const program::Program& program, Device& device, const RunOptions& options) {
  const auto start = Clock::now();
  const program::LoweredProgram lowered = lower_for(program, gate_set_of(device.type()), options);
  const double lower_seconds = seconds_since(start);
  RunResult result = run_lowered(program, lowered, device, options);
  result.lower_seconds = lower_seconds;
  return result;
}

RunResult run_lowered(const program::Program& program, const program::LoweredProgram& lowered, Device& device,
                      const RunOptions& options) {
  RunResult result;
  const auto start = Clock::now();
  exec::ExecutionResult executed;
  try {
    // Here, operation by operation, or whole in an isolated device's worker: the backend knows which.
    executed = device::Access::backend(device, "run").run_program(lowered, options, device);
  } catch (const exec::OperationFailure& e) {
    if (e.operation() >= lowered.operations.size()) throw;
    throw program.error_at(lowered.operations[e.operation()].pos, e.what());
  }
  result.shots = executed.shots;
  result.dynamic = executed.dynamic;
  result.measured_clbits = executed.measured_clbits;
  result.counts = format_counts(program, executed.raw_counts);
  result.probabilities = std::move(executed.probabilities);
  result.state = std::move(executed.state);
  result.expvals = std::move(executed.expvals);
  result.wires = std::move(executed.wires);
  result.global_phase = lowered.global_phase;
  result.run_seconds = seconds_since(start);
  return result;
}

}  // namespace qrt
