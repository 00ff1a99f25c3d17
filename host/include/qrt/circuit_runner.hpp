// Running a parsed OpenQASM program on a device: lower it to the device's gates, execute it, and
// collect what was asked for. Bit order everywhere is Qiskit's: qubit k is bit k of an index, and a
// bitstring is written with the highest bit leftmost (see bitstrings.hpp for classical registers).
//
// Measurements. A circuit whose measurements are all terminal (no gate, reset or measure on a qubit
// after it was measured, no `if`, no reset of a used qubit) runs once: its unitary part is applied and
// `shots` samples of the measured qubits become counts. Any other circuit is dynamic: it runs once per
// shot, op by op, measuring with collapse and evaluating `if` on the classical bits, and the device's
// wires are reset between shots. A dynamic circuit needs shots > 0.
#pragma once

#include <qrt/device.hpp>
#include <qrt/execution_progress.hpp>
#include <qrt/program/lowering.hpp>
#include <qrt/program/parameters.hpp>
#include <qrt/program/program.hpp>
#include <qrt/shot_output.hpp>
#include <qrt/tensor.hpp>

#include <complex>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

namespace qrt {

struct RunOptions {
  std::optional<std::uint64_t> shots;  // overrides the device's `shots`; 0 = analytic
  std::optional<std::uint64_t> seed;   // overrides the device's seed
  // The seed was picked by the caller so that the run can be repeated, not asked for by its user: a device
  // that cannot be seeded (set_seed is optional) then runs unseeded instead of refusing the run.
  bool seed_optional = false;
  bool probabilities = false;  // final-state probabilities of all qubits
  bool state = false;          // final state vector (global phase of the program included)
  // Observables: Pauli words over all qubits (dense, rightmost letter = qubit 0, or sparse "Z0 Z3"), or
  // Hamiltonians in the text form of hamiltonian.hpp ("0.5*Z0 Z1 - 0.2*X3"), each one expval call.
  std::vector<std::string> expvals;
  // Delete every measure, reset and conditional operation first (the convention of the QASMBench
  // reference probabilities).
  bool strip_measurements = false;
  // The values of the program's free parameters (qrt/program/parameters.hpp): every one of them and
  // nothing else; the program is lowered at them, not copied.
  program::ParameterBinding parameters;
  // Optional, not owned, host-side only: told the operation count and progress, and asked to stop at
  // operation boundaries (a stopped run throws StoppedError). For an isolated device the worker
  // reports its progress back and a stop hangs up on it (see execution_progress.hpp).
  ExecutionProgress* progress = nullptr;
};

// One device a program opened itself (a Catalyst program's device_init): the device it asked for and the qrt
// device that served it.
struct DeviceInit {
  std::string library, name, kwargs;  // as the program passed them
  std::uint64_t shots = 0;            // the shots the device ran with
  std::string config;                 // the qrt config opened (mapped, or the run's device replacing it)
  std::string device;                 // the qrt device's name
  std::string canonical_kwargs;       // its canonical kwargs (the pool key's kwargs part)
  std::optional<std::uint64_t> seed;  // the seed given to the device, if the run was seeded
};

// What a run gives back: circuits fill the outputs they were asked for; shot-by-shot programs (compiled
// QIR) fill shot_outputs, and counts with the histogram of their outcome keys. qrt::run (<qrt/run.hpp>)
// fills every field; run_program / run_lowered only the circuit's.
struct RunResult {
  std::uint64_t shots = 0;
  bool dynamic = false;  // ran shot by shot
  std::size_t measured_clbits = 0;
  std::map<std::string, std::uint64_t> counts;  // classical-register bitstring (QIR: outcome key) -> count
  std::vector<double> probabilities;            // index: qubit k = bit k
  std::vector<std::complex<double>> state;      // same indexing
  std::vector<std::pair<std::string, double>> expvals;
  double lower_seconds = 0, run_seconds = 0;
  // For reading the device after the run (it keeps its wires until it is released): qubit k's device
  // wire (an isolated device's too: its worker keeps them), and the program's global phase (included in `state`).
  std::vector<Wire> wires;
  double global_phase = 0;

  // --- what qrt::run adds ---
  // The circuit that ran, its free parameters bound (null for compiled code): for reports of its size.
  std::shared_ptr<const program::Program> circuit;
  std::optional<std::uint64_t> seed;  // the seed the run used (unset: the device drew its own)
  std::string device_name;            // the device that ran it, and its canonical kwargs
  std::string device_kwargs;
  // Shot-by-shot programs: each shot's records and messages, in shot order. A failed shot ends the run
  // (it is the last one) and failure() says why.
  std::vector<ShotOutput> shot_outputs;
  bool failed() const { return !shot_outputs.empty() && shot_outputs.back().failed; }
  // Programs whose entry returns values (Catalyst): the values in order, the devices the program opened itself,
  // what it printed (print_string, print_tensor, print_state), main's exit status (the runtime examples' form).
  std::vector<Tensor> values;
  std::vector<DeviceInit> devices;
  std::string printed;
  int exit_status = 0;
  // Probabilities and state were asked for but left on the device, to be streamed from it (a device that
  // spans MPI ranks, see <qrt/distributed_readout.hpp>): read them with DistributedReadout::of(device).
  bool probabilities_on_device = false, state_on_device = false;
};

// Throws qrt::program::Error (quoting the statement) for program errors found while lowering or running,
// and qrt::Error for device errors and impossible requests (e.g. a dynamic circuit without shots).
RunResult run_program(const program::Program& program, Device& device, const RunOptions& options);

// run_program in two steps, for a program run many times on one device type (Executor::submit does
// this for a Program submitted repeatedly): lowering depends only on the program, the device's gate
// set, options.strip_measurements and options.parameters, so its result can be reused. run_lowered leaves lower_seconds
// at 0 (the Executor fills it in when it lowered the program for that run).
program::DeviceGateSet gate_set_of(const DeviceType& type);
program::LoweredProgram lower_for(const program::Program& program, const program::DeviceGateSet& gates,
                                  const RunOptions& options);
RunResult run_lowered(const program::Program& program, const program::LoweredProgram& lowered, Device& device,
                      const RunOptions& options);

// Whether the program runs shot by shot (measures mid-circuit, see above): it then needs shots > 0 and
// has no final-state probabilities, state or expectation values.
bool is_dynamic(const program::LoweredProgram& program);

// The final state of the run that left `device` as it is (run_program or run_lowered, its wires still
// allocated), indexed as RunResult::state (qubit k = bit k, `global_phase` included), written into `out`
// (Device::state_size() amplitudes) in place: no intermediate copy of the 2^n amplitudes.
void final_state_into(Device& device, double global_phase, std::span<std::complex<double>> out);

}  // namespace qrt
