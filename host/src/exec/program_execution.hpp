// Executing a lowered program on a device: the part of run_program that touches the device, shared by
// the in-process path (circuit_runner.cpp) and the isolated worker process (isolation/worker_main.cpp),
// so that both run exactly the same code and give bit-identical results for the same seed.
//
// Counts come back keyed by the raw classical bits (character i = clbit i, '0' or '1'); the caller
// formats them for the program's registers (exec::format_clbits), which only the host knows.
#pragma once

#include <qrt/circuit_runner.hpp>
#include <qrt/device.hpp>
#include <qrt/error.hpp>
#include <qrt/program/lowering.hpp>

#include <complex>
#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace qrt::exec {

struct ExecutionResult {
  std::uint64_t shots = 0;
  bool dynamic = false;
  std::size_t measured_clbits = 0;
  std::map<std::string, std::uint64_t> raw_counts;  // clbit i at character i -> count
  std::vector<double> probabilities;
  std::vector<std::complex<double>> state;
  std::vector<std::pair<std::string, double>> expvals;
  std::vector<Wire> wires;  // qubit k's device wire
};

// A device error raised while executing operation `operation` of the lowered program; the host maps it
// to the statement it came from (Program::error_at(lowered.operations[operation].pos, ...)).
class OperationFailure : public Error {
 public:
  OperationFailure(std::size_t operation, ErrorCode code, const std::string& message)
      : Error(code, message), operation_(operation) {}
  std::size_t operation() const noexcept { return operation_; }

 private:
  std::size_t operation_;
};

// Runs `program` on `device` (which must have no qubits allocated) as circuit_runner.hpp describes.
// Throws OperationFailure for device errors at an operation, qrt::Error for the rest.
ExecutionResult execute(const program::LoweredProgram& program, Device& device, const RunOptions& options);

}  // namespace qrt::exec
