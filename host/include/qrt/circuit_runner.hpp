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
#include <qrt/program/program.hpp>

#include <complex>
#include <cstdint>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

namespace qrt {

struct RunOptions {
  std::optional<std::uint64_t> shots;  // overrides the device's `shots`; 0 = analytic
  std::optional<std::uint64_t> seed;   // overrides the device's seed
  bool probabilities = false;          // final-state probabilities of all qubits
  bool state = false;                  // final state vector (global phase of the program included)
  std::vector<std::string> expvals;    // Pauli words over all qubits, rightmost letter = qubit 0
  // Delete every measure, reset and conditional operation first (the convention of the QASMBench
  // reference probabilities).
  bool strip_measurements = false;
  // Optional, not owned, host-side only: told the operation count and progress, and asked to stop at
  // operation boundaries (a stopped run throws StoppedError). For an isolated device the worker
  // reports its progress back and a stop hangs up on it (see execution_progress.hpp).
  ExecutionProgress* progress = nullptr;
};

struct RunResult {
  std::uint64_t shots = 0;
  bool dynamic = false;                            // ran shot by shot
  std::size_t measured_clbits = 0;
  std::map<std::string, std::uint64_t> counts;     // classical-register bitstring -> count
  std::vector<double> probabilities;               // index: qubit k = bit k
  std::vector<std::complex<double>> state;         // same indexing
  std::vector<std::pair<std::string, double>> expvals;
  double lower_seconds = 0, run_seconds = 0;
  // For reading the device after the run (it keeps its wires until it is released): qubit k's device
  // wire (an isolated device's too: its worker keeps them), and the program's global phase (included in `state`).
  std::vector<Wire> wires;
  double global_phase = 0;
};

// Throws qrt::program::Error (quoting the statement) for program errors found while lowering or running,
// and qrt::Error for device errors and impossible requests (e.g. a dynamic circuit without shots).
RunResult run_program(const program::Program& program, Device& device, const RunOptions& options);

// run_program in two steps, for a program run many times on one device type (Executor::submit does
// this for a Program submitted repeatedly): lowering depends only on the program, the device's gate
// set and options.strip_measurements, so its result can be reused. run_lowered leaves lower_seconds
// at 0 (the Executor fills it in when it lowered the program for that run).
program::DeviceGateSet gate_set_of(const DeviceType& type);
program::LoweredProgram lower_for(const program::Program& program, const program::DeviceGateSet& gates, const RunOptions& options);
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
