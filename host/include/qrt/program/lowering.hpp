// Lowering a Program to the gate set of one device.
//
//   qrt::program::DeviceGateSet device{caps.gates, caps.controlled_gates, caps.adjoint};
//   qrt::program::LoweredProgram lowered = qrt::program::lower(program, device);
//   // once: std::vector<gate id> ids = map lowered.gate_names through the device's capability list
//   // per run: for (const auto& op : lowered.operations) switch (op.kind) { ... }
//
// Each qelib1 gate maps directly to a native gate where the device has one (h -> Hadamard, cx -> CNOT,
// sdg -> S with the adjoint flag, cu1/cp -> ControlledPhaseShift, rzz -> IsingZZ, c3x -> PauliX with three
// control wires, ...; several alternatives per gate, first match wins). Otherwise the gate is expanded
// through its definition, recursively, down to U and CX; U becomes QubitUnitary, or Rot / PhaseShift-RY-
// PhaseShift / RZ-RY-RZ / RZ-RX-RZ, whichever the device has. Gates the file defines itself are always
// expanded (a user's `h` is not Hadamard). An opaque gate is passed through by name if the device
// reports that name (exactly, else case-insensitively), and is an error otherwise. The choice is made
// once per (gate, number of control wires), so lowering is linear in the size of the output.
//
// Conventions (all exact, global phase included):
//  - U(θ,φ,λ) = [[cos θ/2, -e^{iλ} sin θ/2], [e^{iφ} sin θ/2, e^{i(φ+λ)} cos θ/2]] (Qiskit's matrix;
//    the OpenQASM paper's U is this times e^{-i(φ+λ)/2}). With it, qelib1's bodies give the textbook
//    matrices: h = Hadamard, x = PauliX, u1(λ) = p(λ) = PhaseShift(λ), cu1 = ControlledPhaseShift,
//    ccx = Toffoli, cswap = CSWAP, crz = CRZ, rx = RX, ry = RY, ...
//  - qelib1's rz(φ) is u1(φ) = diag(1, e^{iφ}) = e^{iφ/2}·RZ(φ): it lowers to PhaseShift(φ), or to RZ(φ)
//    with a global phase of φ/2. Likewise u3(θ,φ,λ) = e^{i(φ+λ)/2}·Rot(λ,θ,φ), rzz(θ) = e^{iθ/2}·IsingZZ(θ),
//    rxx(θ) = e^{-iθ/2}·IsingXX(θ), ch = e^{iπ/4}·CH, sx = sdg·h·sdg = RX(π/2) = e^{-iπ/4}·SX and
//    sxdg = e^{iπ/4}·SX†; csx is exactly controlled-SX, c3sqrtx exactly 3-controlled SX.
//  - PennyLane matrices: GlobalPhase(φ) = e^{-iφ}·I, Rot(a,b,c) = RZ(c)·RY(b)·RZ(a), wire lists with the
//    first wire as the most significant bit (as in device_api.h).
//  - Qiskit's shipped qelib1.inc defines c4x wrongly (its body is not a 4-controlled X); the built-in
//    library corrects that body, so c4x is exactly C⁴X both expanded and mapped.
//
// Free parameters: a program that has them is lowered at the values LoweringOptions::parameters gives.
//
// Global phase: a phase that arises under control wires (e.g. a controlled u3) is always realised
// exactly, with PhaseShift/ControlledPhaseShift/GlobalPhase on the control wires. A phase of a whole
// top-level gate cannot be observed; it is not emitted but summed into LoweredProgram::global_phase, so
// that   program unitary = e^{i·global_phase} × (product of the lowered operations)   exactly. For a
// conditional gate the phase is emitted as a GlobalPhase operation under the same condition when the
// device has GlobalPhase, and dropped otherwise.
#pragma once

#include <qrt/program/parameters.hpp>
#include <qrt/program/program.hpp>

#include <complex>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace qrt::program {

// What lowering needs to know about a device (fill from qrt::Capabilities).
struct DeviceGateSet {
  std::vector<std::string> gates;  // native gate names in PennyLane spelling; "QubitUnitary" = matrices
  bool controlled_gates = false;   // any native gate accepts extra control wires
  bool adjoint = false;            // any native gate accepts the adjoint flag
};

struct LoweringOptions {
  // Guards against exponential gate nesting: at most this many lowered operations, 4x as many gate
  // applications visited while expanding (empty bodies cost time too) and 8x as many wires in all.
  std::size_t max_operations = std::size_t{1} << 24;
  // Leave out every measure, reset and conditional operation (the convention of the QASMBench reference
  // probabilities): the lowered program is the circuit's unconditional unitary part and its barriers.
  bool drop_measurements = false;
  // The values of the program's free parameters (qrt/program/parameters.hpp): every one of them, and
  // nothing else. The program itself is not copied.
  ParameterBinding parameters;
};

enum class LoweredKind : std::uint8_t {
  Gate,     // gate_names[gate](params) on wires, with controls / adjoint
  Matrix,   // QubitUnitary: matrix (2^k x 2^k, row-major) on wires, with controls
  Measure,  // measure wires[0] -> clbit
  Reset,    // reset wires[0]
  Barrier,  // barrier on wires (no effect on the state)
};

struct LoweredOperation {
  LoweredKind kind = LoweredKind::Gate;
  bool adjoint = false;
  std::uint32_t gate = 0;   // Gate: index into LoweredProgram::gate_names
  IndexRange params;        // Gate: into LoweredProgram::parameters
  IndexRange wires;         // targets, in the native gate's wire order: into LoweredProgram::wires
  IndexRange controls;      // extra control wires (on top of the gate's own): into control_wires and
                            // control_values (same range; every value is 1 at present)
  IndexRange matrix;        // Matrix: into LoweredProgram::matrices
  std::uint32_t clbit = 0;  // Measure
  std::optional<Condition> condition;
  SourcePos pos;  // the top-level statement this came from (Program::error_at works with it)
};

struct LoweredProgram {
  std::uint32_t num_qubits = 0;
  std::uint32_t num_clbits = 0;
  std::vector<std::string> gate_names;  // distinct native names used by Gate operations, first use first
  std::vector<LoweredOperation> operations;
  std::vector<double> parameters;
  std::vector<std::uint32_t> wires;
  std::vector<std::uint32_t> control_wires;
  std::vector<std::uint8_t> control_values;
  std::vector<std::complex<double>> matrices;
  // Radians, in (-π, π]: see "Global phase" above.
  double global_phase = 0.0;

  std::string_view gate_name(const LoweredOperation& op) const { return gate_names.at(op.gate); }
  std::span<const double> params(const LoweredOperation& op) const noexcept {
    return {parameters.data() + op.params.offset, op.params.count};
  }
  std::span<const std::uint32_t> targets(const LoweredOperation& op) const noexcept {
    return {wires.data() + op.wires.offset, op.wires.count};
  }
  std::span<const std::uint32_t> controls(const LoweredOperation& op) const noexcept {
    return {control_wires.data() + op.controls.offset, op.controls.count};
  }
  std::span<const std::uint8_t> control_states(const LoweredOperation& op) const noexcept {
    return {control_values.data() + op.controls.offset, op.controls.count};
  }
  std::span<const std::complex<double>> matrix(const LoweredOperation& op) const noexcept {
    return {matrices.data() + op.matrix.offset, op.matrix.count};
  }
};

// Throws qrt::program::Error (quoting the statement) when a gate can be neither mapped nor expanded to the
// device's gates — naming the gate, what it would need and the device's gate list — and for failures
// of expansion (parameter evaluation, max_operations).
LoweredProgram lower(const Program& program, const DeviceGateSet& device, const LoweringOptions& options = {});

}  // namespace qrt::program
