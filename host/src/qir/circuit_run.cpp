#include "qir/circuit_run.hpp"

#include "qir/shot_loop.hpp"

#include <qrt/circuit_runner.hpp>
#include <qrt/device_type.hpp>
#include <qrt/program/error.hpp>

#include <algorithm>
#include <chrono>
#include <map>
#include <random>

namespace qrt::qir {
namespace {

// One shot's output for the classical bits `bits` (the creg's bitstring: clbit 0 rightmost).
ShotOutput shot_for(const StraightLineCircuit& circuit, const std::string& bits) {
  ShotOutput shot;
  shot.events.reserve(circuit.records.size());
  for (const RecordStep& step : circuit.records) {
    std::string value = step.value;
    if (step.clbit) value = bits[bits.size() - 1 - *step.clbit] == '1' ? "1" : "0";
    shot.events.push_back({step.kind, std::move(value), step.label, step.labelled});
  }
  return shot;
}

// What the JIT path reports when the device cannot hold the program's qubits (QubitMap::check_id).
void check_qubit_limit(const program::Program& model, Device& device) {
  const std::uint64_t limit = device.type().capabilities().max_qubits;
  if (limit != 0 && model.num_qubits > limit)
    throw Error(ErrorCode::OutOfRange, "qubit id " + std::to_string(model.num_qubits - 1) + " is beyond " +
                                           device.name() + "'s limit of " + std::to_string(limit) + " qubits");
}

// As the runtime words it: the QIS function whose operation failed, then the device's message.
std::string error_text(const StraightLineCircuit& circuit, const std::exception& e) {
  const auto* at = dynamic_cast<const program::Error*>(&e);
  if (!at) return e.what();
  if (at->line() >= 1 && at->line() <= circuit.functions.size())
    return circuit.functions[at->line() - 1] + ": " + at->message();
  return at->message();
}

}  // namespace

RunResult run_circuit(const StraightLineCircuit& circuit, Device& device, const RunOptions& options, std::uint64_t seed,
                      exec::SeedUse device_seed) {
  const auto start = std::chrono::steady_clock::now();
  RunResult result;
  result.device_name = device.name();
  result.canonical_kwargs = device.canonical_kwargs();
  if (options.progress) options.progress->set_shots(0, options.shots);
  if (options.shots == 0) return result;
  std::map<std::string, std::uint64_t> counts;
  try {
    check_qubit_limit(circuit.program, device);
    qrt::RunOptions run;
    run.shots = options.shots;
    run.seed = seed;
    run.seed_optional = device_seed == exec::SeedUse::IfSupported;
    run.progress = options.progress;
    counts = run_program(circuit.program, device, run).counts;
  } catch (const StoppedError&) {
    throw;
  } catch (const std::exception& e) {
    // Every shot would fail alike: the first ends the run, or (stop_on_failure off) each is reported.
    ShotOutput failed;
    failed.failed = true;
    failed.error = error_text(circuit, e);
    const std::uint64_t shots = options.stop_on_failure ? 1 : options.shots;
    for (std::uint64_t k = 0; k < shots; ++k) {
      if (options.on_shot) options.on_shot(k, failed);
      result.shots.push_back(failed);
    }
    result.run_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return result;
  }
  // Sampled counts in a random order are distributed as independent shots are.
  std::vector<const std::string*> order;
  order.reserve(options.shots);
  for (const auto& [bits, count] : counts) order.insert(order.end(), count, &bits);
  const std::string none;
  order.resize(options.shots, &none);  // a circuit without measurements has no bits to count
  std::mt19937_64 shuffle(shot_seed(seed, options.shots));
  std::shuffle(order.begin(), order.end(), shuffle);
  std::map<const std::string*, ShotOutput> outputs;
  result.shots.reserve(order.size());
  for (std::uint64_t k = 0; k < order.size(); ++k) {
    if (options.progress && options.progress->stop_requested())  // between two shots, as the JIT path stops
      throw stopped_error(k, options.shots, options.progress->done());
    if (options.progress) options.progress->set_shots(k, options.shots);
    auto it = outputs.find(order[k]);
    if (it == outputs.end()) it = outputs.emplace(order[k], shot_for(circuit, *order[k])).first;
    if (options.on_shot) options.on_shot(k, it->second);
    result.shots.push_back(it->second);
  }
  if (options.progress) options.progress->set_shots(options.shots, options.shots);
  result.run_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return result;
}

}  // namespace qrt::qir
