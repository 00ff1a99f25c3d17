// What running a lowered program on a device gives back (Backend::run_program): the same whether it ran
// here (exec::execute) or in an isolated device's worker process, which sends it back field by field.
//
// Counts come keyed by the raw classical bits (character i = clbit i, '0' or '1'); the caller formats them
// for the program's registers (exec::format_clbits), which only the host knows.
#pragma once

#include <qrt/error.hpp>
#include <qrt/observable.hpp>

#include <complex>
#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace qrt::device {

struct ExecutionResult {
  std::uint64_t shots = 0;
  bool dynamic = false;
  std::size_t measured_clbits = 0;
  std::map<std::string, std::uint64_t> raw_counts;  // clbit i at character i -> count
  std::vector<double> probabilities;
  std::vector<std::complex<double>> state;
  std::vector<std::pair<std::string, double>> expvals;
  std::vector<Wire> wires;  // qubit k's device wire (still allocated after the run, until the lease ends)
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

}  // namespace qrt::device
