#include "batch_line.hpp"

#include "json_text.hpp"
#include "result_output.hpp"
#include "shot_output_json.hpp"

#include <qrt/executor.hpp>
#include <qrt/program/parameters.hpp>

#include <boost/json.hpp>

namespace qrt::cli {
namespace {

boost::json::object label_json(const RunLabel& label, const std::filesystem::path& file) {
  boost::json::object doc{{"index", label.index}, {"file", file.string()}};
  if (!label.binding.empty()) {
    boost::json::object params;
    for (const auto& [name, value] : label.binding) params[name] = value;
    doc["params"] = std::move(params);
  }
  if (label.seed) doc["seed"] = *label.seed;
  return doc;
}

}  // namespace

boost::json::object run_line(const RunLabel& label, BatchPrograms& programs, const BatchRunSettings& settings,
                             Device& device, ExecutionProgress& stop) {
  const auto [program, load_seconds] = programs.get(label.file);
  RunRequest request;
  request.shots = settings.shots;
  request.seed = label.seed;
  request.seed_optional = settings.seeds_optional;
  request.timeout = settings.timeout;
  request.progress = &stop;
  if (stop.stop_requested())
    throw CancelledError("run #" + std::to_string(label.index) + " was stopped before it started");
  // A grid point binds the names of every file's parameters: each file takes its own.
  if (program.circuit()) request.params = program::used_parameters(*program.circuit(), label.binding);
  boost::json::object doc = label_json(label, programs.files()[label.file]);
  if (program.info().opens_own_devices) {
    const RunResult r = run(program, settings.own_devices_replaced_by, request);
    doc["status"] = "ok";
    for (auto& [key, value] : own_devices_summary(program, r)) doc[key] = std::move(value);
    return doc;
  }
  const RunResult r = run(program, device, request);

  if (program.info().shot_by_shot) {
    if (r.failed()) throw Error(ErrorCode::FailedPrecondition, failure_text(r));
    doc["status"] = "ok";
    for (auto& [key, value] : shot_run_summary(program, r)) doc[key] = std::move(value);
    if (boost::json::array messages = messages_json(r); !messages.empty()) doc["messages"] = std::move(messages);
    return doc;
  }
  const program::Program& circuit = *r.circuit;
  doc["status"] = "ok";
  doc["qubits"] = circuit.num_qubits;
  doc["clbits"] = circuit.num_clbits;
  doc["gates"] = circuit.gate_count();
  doc["shots"] = r.shots;
  doc["dynamic"] = r.dynamic;
  if (r.shots > 0) {
    boost::json::object counts;
    for (const auto& [bits, c] : r.counts) counts[bits] = c;
    doc["counts"] = std::move(counts);
  }
  if (!r.probabilities.empty()) add_probabilities(doc, r.probabilities, circuit.num_qubits, settings.top);
  if (!program.info().warnings.empty()) {
    boost::json::array warnings;
    for (const auto& w : program.info().warnings) warnings.push_back(boost::json::string(w));
    doc["warnings"] = std::move(warnings);
  }
  doc["timings"] = {{"parse_s", load_seconds}, {"lower_s", r.lower_seconds}, {"run_s", r.run_seconds}};
  return doc;
}

BatchOutcome failure_line(const RunLabel& label, const std::filesystem::path& file, std::exception_ptr error) {
  boost::json::object doc = label_json(label, file);
  BatchOutcome::Status status = BatchOutcome::Status::Failed;
  try {
    std::rethrow_exception(error);
  } catch (const CancelledError&) {
    status = BatchOutcome::Status::Cancelled;
    doc["status"] = "cancelled";
  } catch (const TimeoutError& e) {
    doc["status"] = "error";
    doc["error"] = e.what();
  } catch (const StoppedError&) {  // Ctrl-C stopped it midway: no result
    status = BatchOutcome::Status::Cancelled;
    doc["status"] = "cancelled";
  } catch (const std::exception& e) {
    doc["status"] = "error";
    doc["error"] = e.what();
  } catch (...) {
    doc["status"] = "error";
    doc["error"] = "an exception that is not a std::exception";
  }
  return {status, json_text(doc)};
}

BatchOutcome take_line(std::future<boost::json::object>& future, const RunLabel& label,
                       const std::filesystem::path& file) {
  try {
    return {BatchOutcome::Status::Ok, json_text(future.get())};
  } catch (...) {
    return failure_line(label, file, std::current_exception());
  }
}

}  // namespace qrt::cli
