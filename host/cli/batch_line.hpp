// One run of `qrt batch` and its output line: the run's label (index, file, parameters, seed), then what the
// run gave (circuits: counts, probabilities; compiled QIR: the histogram of its shots' records), or why it
// gave nothing.
#pragma once

#include "batch_programs.hpp"
#include "batch_ranks.hpp"

#include <qrt/run.hpp>

#include <boost/json/object.hpp>

#include <cstdint>
#include <exception>
#include <filesystem>
#include <future>
#include <optional>

namespace qrt::cli {

// What identifies run i in its output line, whatever its outcome.
struct RunLabel {
  std::size_t index;
  std::size_t file;  // index into BatchPrograms::files()
  ParameterBinding binding;
  std::optional<std::uint64_t> seed;  // derived from the batch's base seed (unset only under mpirun without one)
};

struct BatchRunSettings {
  std::optional<std::uint64_t> shots;
  std::optional<std::size_t> top;  // probabilities kept (unset: all 2^n)
  std::optional<double> timeout;   // seconds per program
  bool seeds_optional = false;     // the derived seeds only report the batch (RunRequest::seed_optional)
  // For programs that open their own devices (Catalyst): the device replacing theirs (-d given), or none.
  std::optional<DeviceSpec> own_devices_replaced_by;
};

// Runs on a worker: the program run on `device`, and the result as JSON (serialised in parallel too).
// A QIR run whose shot failed throws its failure (the line reports it as the run's error).
// `stop`: the run's progress, whose stop Ctrl-C requests (the run then ends as "cancelled").
boost::json::object run_line(const RunLabel& label, BatchPrograms& programs, const BatchRunSettings& settings,
                             Device& device, ExecutionProgress& stop);

// The line of a run that produced no result: "status": "error" (with its message: a timeout too) or
// "cancelled" (never started, or stopped by Ctrl-C).
BatchOutcome failure_line(const RunLabel& label, const std::filesystem::path& file, std::exception_ptr error);

// The line of a finished run, from its future.
BatchOutcome take_line(std::future<boost::json::object>& future, const RunLabel& label,
                       const std::filesystem::path& file);

}  // namespace qrt::cli
