#include "exec/program_execution.hpp"

#include "exec/bitstrings.hpp"
#include "exec/seeding.hpp"

#include <qrt/device_type.hpp>
#include <qrt/hamiltonian.hpp>

#include <algorithm>
#include <cmath>

namespace qrt::exec {
namespace {

using program::LoweredKind;
using program::LoweredOperation;
using program::LoweredProgram;

// A lowered program bound to one device: gate names resolved to ids, qubits to device wires.
class BoundCircuit {
 public:
  BoundCircuit(const LoweredProgram& program, Device& device, std::vector<Wire> wires)
      : program_(program), device_(device), wires_(std::move(wires)) {
    for (const auto& name : program.gate_names) {
      auto id = device.gate_id(name);
      if (!id) throw Error(ErrorCode::Unsupported, device.name() + " does not offer the gate " + name);
      gate_ids_.push_back(*id);
    }
  }

  // Applies a Gate or Matrix operation.
  void apply(const LoweredOperation& op) {
    map(program_.targets(op), targets_);
    map(program_.controls(op), controls_);
    auto values = program_.control_states(op);
    if (op.kind == LoweredKind::Gate)
      device_.apply(gate_ids_[op.gate], program_.params(op), targets_, controls_, values, op.adjoint);
    else device_.apply_matrix(program_.matrix(op), targets_, controls_, values, op.adjoint);
  }

  Wire wire(std::uint32_t qubit) const { return wires_[qubit]; }
  const std::vector<Wire>& wires() const { return wires_; }

 private:
  void map(std::span<const std::uint32_t> qubits, std::vector<Wire>& out) const {
    out.clear();
    for (std::uint32_t q : qubits) out.push_back(wires_[q]);
  }

  const LoweredProgram& program_;
  Device& device_;
  std::vector<Wire> wires_;
  std::vector<std::uint32_t> gate_ids_;
  std::vector<Wire> targets_, controls_;  // reused buffers: no allocation per operation
};

// Whether the program must run shot by shot (see circuit_runner.hpp).
bool is_dynamic(const LoweredProgram& program) {
  std::vector<std::uint8_t> touched(program.num_qubits, 0), measured(program.num_qubits, 0);
  for (const auto& op : program.operations) {
    if (op.condition) return true;
    auto targets = program.targets(op);
    switch (op.kind) {
      case LoweredKind::Barrier: break;
      case LoweredKind::Reset:
        if (touched[targets[0]]) return true;  // resetting a fresh qubit is a no-op
        break;
      case LoweredKind::Measure:
        if (measured[targets[0]]) return true;
        measured[targets[0]] = touched[targets[0]] = 1;
        break;
      case LoweredKind::Gate:
      case LoweredKind::Matrix:
        for (auto q : targets) {
          if (measured[q]) return true;
          touched[q] = 1;
        }
        for (auto q : program.controls(op)) {
          if (measured[q]) return true;
          touched[q] = 1;
        }
        break;
    }
  }
  return false;
}

// Classical bits as the raw counts key: character i is clbit i.
void bits_to_key(const std::vector<std::uint8_t>& clbits, std::string& key) {
  key.resize(clbits.size());
  for (std::size_t i = 0; i < clbits.size(); ++i) key[i] = clbits[i] ? '1' : '0';
}

// Counts applied operations for an observer, if any, and stops the run when it asks; checked at every
// operation boundary (a relaxed load and a relaxed store, no clock).
class Tally {
 public:
  Tally(ExecutionProgress* progress, std::uint64_t total) : progress_(progress) {
    if (progress_) progress_->begin(total);
  }
  void stop_if_asked() const {
    if (progress_ && progress_->stop_requested()) throw StoppedError(done_, progress_->total());
  }
  void applied() {
    if (progress_) progress_->set_done(++done_);
  }

 private:
  ExecutionProgress* progress_;
  std::uint64_t done_ = 0;
};

// Runs the operations of one pass; a device error names the operation it happened at.
template <class Step>
void for_each_operation(const LoweredProgram& program, Tally& tally, Step&& step) {
  std::size_t index = 0;
  try {
    for (; index < program.operations.size(); ++index) {
      tally.stop_if_asked();
      step(program.operations[index]);
      tally.applied();
    }
  } catch (const OperationFailure&) {
    throw;
  } catch (const StoppedError&) {
    throw;
  } catch (const Error& e) {
    throw OperationFailure(index, e.code(), e.what());
  }
}

void run_terminal(const LoweredProgram& program, BoundCircuit& circuit, Device& device, ExecutionResult& result,
                  ExecutionProgress* progress) {
  std::vector<std::pair<std::uint32_t, std::uint32_t>> measured;  // (qubit, clbit)
  Tally tally(progress, program.operations.size());
  for_each_operation(program, tally, [&](const LoweredOperation& op) {
    switch (op.kind) {
      case LoweredKind::Gate:
      case LoweredKind::Matrix: circuit.apply(op); break;
      case LoweredKind::Measure: measured.emplace_back(program.targets(op)[0], op.clbit); break;
      case LoweredKind::Reset:
      case LoweredKind::Barrier: break;
    }
  });
  result.measured_clbits = measured.size();
  if (result.shots == 0 || measured.empty()) return;
  std::vector<Wire> wires;
  wires.reserve(measured.size());
  for (auto [qubit, clbit] : measured) wires.push_back(circuit.wire(qubit));
  std::vector<std::uint8_t> samples = device.sample(wires);
  std::vector<std::uint8_t> clbits(program.num_clbits, 0);
  std::string key;
  for (std::size_t row = 0; row < result.shots; ++row) {
    for (std::size_t c = 0; c < measured.size(); ++c) clbits[measured[c].second] = samples[row * measured.size() + c];
    bits_to_key(clbits, key);
    ++result.raw_counts[key];
  }
}

// Back to |0...0> for the next shot. A device without reset cannot run a dynamic circuit at all: the
// message says why the user's circuit needs a reset they never wrote.
void reset_between_shots(const BoundCircuit& circuit, Device& device) {
  try {
    for (Wire w : circuit.wires()) device.reset_wire(w);
  } catch (const Error& e) {
    if (e.code() != ErrorCode::Unsupported) throw;
    throw Error(ErrorCode::Unsupported,
                std::string(e.what()) +
                    ". The circuit measures mid-circuit or uses `if`, so it runs shot by shot, and each shot "
                    "ends by resetting every qubit to |0>: run it on a device that offers reset "
                    "(e.g. statevector.qubit)");
  }
}

void run_dynamic(const LoweredProgram& program, BoundCircuit& circuit, Device& device, ExecutionResult& result,
                 ExecutionProgress* progress) {
  if (result.shots == 0)
    throw Error(ErrorCode::FailedPrecondition,
                "the circuit measures or resets qubits mid-circuit or uses `if`: it needs shots > 0 "
                "(e.g. --shots 1000)");
  std::vector<std::uint8_t> clbits(program.num_clbits, 0);
  std::size_t measures = 0;
  for (const auto& op : program.operations) measures += op.kind == LoweredKind::Measure;
  result.measured_clbits = measures;
  std::string key;
  Tally tally(progress, program.operations.size() * result.shots);
  for (std::uint64_t shot = 0; shot < result.shots; ++shot) {
    std::fill(clbits.begin(), clbits.end(), std::uint8_t{0});
    for_each_operation(program, tally, [&](const LoweredOperation& op) {
      if (op.condition && !condition_holds(*op.condition, clbits)) return;
      switch (op.kind) {
        case LoweredKind::Gate:
        case LoweredKind::Matrix: circuit.apply(op); break;
        case LoweredKind::Measure:
          clbits[op.clbit] = static_cast<std::uint8_t>(device.measure(circuit.wire(program.targets(op)[0])));
          break;
        case LoweredKind::Reset: device.reset_wire(circuit.wire(program.targets(op)[0])); break;
        case LoweredKind::Barrier: break;
      }
    });
    bits_to_key(clbits, key);
    ++result.raw_counts[key];
    reset_between_shots(circuit, device);
  }
}

}  // namespace

ExecutionResult execute(const LoweredProgram& lowered, Device& device, const RunOptions& options) {
  ExecutionResult result;
  if (options.shots) device.set_shots(*options.shots);
  if (options.seed)
    seed_device(device, *options.seed, options.seed_optional ? SeedUse::IfSupported : SeedUse::Required);
  result.shots = device.shots();
  if (device.num_qubits() != 0)
    throw Error(ErrorCode::State, device.name() + ": the device already has qubits allocated");
  BoundCircuit circuit(lowered, device, device.allocate(lowered.num_qubits));
  result.dynamic = is_dynamic(lowered);
  if (result.dynamic) {
    if (options.probabilities || options.state || !options.expvals.empty())
      throw Error(ErrorCode::FailedPrecondition,
                  "the circuit measures mid-circuit: final-state probabilities, state and expectation values "
                  "are not defined for it (ask for counts with --shots)");
    run_dynamic(lowered, circuit, device, result, options.progress);
  } else {
    run_terminal(lowered, circuit, device, result, options.progress);
  }
  // Gates the device queued are applied now, in this run, whether or not anything is read below.
  device.synchronize();

  result.wires = circuit.wires();
  std::vector<Wire> high_first(circuit.wires().rbegin(), circuit.wires().rend());  // qubit n-1 ... qubit 0
  if (options.probabilities) result.probabilities = device.probs(high_first);
  if (options.state) {
    result.state.resize(device.state_size());
    final_state_into(device, lowered.global_phase, result.state);
  }
  for (const auto& word : options.expvals)  // a word (dense, sparse, any case) or a Hamiltonian, reported as given
    result.expvals.emplace_back(word, device.expval(Hamiltonian::parse(word).observable(high_first)));
  return result;
}

}  // namespace qrt::exec

namespace qrt {

// The device's order is allocation order with the first wire most significant, so qubit k sits at bit
// n-1-k: reversing the n index bits (pairs of amplitudes swapped in place) gives Qiskit's indexing.
bool is_dynamic(const program::LoweredProgram& program) { return exec::is_dynamic(program); }

void final_state_into(Device& device, double global_phase, std::span<std::complex<double>> out) {
  device.state_into(out);
  std::size_t n = 0;
  while ((std::size_t{1} << n) < out.size()) ++n;
  const std::complex<double> phase = std::polar(1.0, global_phase);
  for (std::size_t i = 0; i < out.size(); ++i) {
    std::size_t reversed = 0;
    for (std::size_t k = 0; k < n; ++k) reversed |= ((i >> k) & 1u) << (n - 1 - k);
    if (i < reversed) std::swap(out[i], out[reversed]);
  }
  if (global_phase != 0)
    for (auto& amplitude : out) amplitude *= phase;
}

}  // namespace qrt
