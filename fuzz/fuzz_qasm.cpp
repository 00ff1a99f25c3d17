// libFuzzer target: the OpenQASM 2.0 front-end. parse_string() with free parameters, then, for what
// parses, binds them (every free parameter a value; lowering with the binding, and bind()), lower()
// against two fixed device gate sets and expand_to_primitives(), so that binding, lowering and expansion
// are fuzzed too.
// Any input may be rejected, but only with qrt::program::Error; what is accepted must be self-consistent
// (every index in range), since devices trust those indices.
//
// Limits keep legitimately exponential programs (gates nested 2^depth deep, huge registers) cheap, and
// max_include_depth = 0 rejects every include except the built-in qelib1.inc before any file is looked
// up: the fuzzer never reads the disk (`include "/etc/passwd";` is an error, not a read).
#include "fuzz_check.hpp"

#include <qrt/program/expansion.hpp>
#include <qrt/program/lowering.hpp>
#include <qrt/program/parameters.hpp>
#include <qrt/qasm/parser.hpp>

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace {

using qrt::program::LoweredKind;
using qrt::program::LoweredProgram;
using qrt::program::OpKind;
using qrt::program::Program;

constexpr std::size_t kMaxOperations = 20000;
constexpr std::size_t kMaxLoweredOperations = 50000;

qrt::qasm::ParseOptions parse_options() {
  qrt::qasm::ParseOptions options;
  options.max_qubits = 4096;
  options.max_clbits = 4096;
  options.max_operations = kMaxOperations;
  options.max_include_depth = 0;   // only the built-in qelib1.inc: no file is ever opened
  options.free_parameters = true;  // the parameter-sweep extension
  return options;
}

const qrt::program::DeviceGateSet& native_device() {
  static const qrt::program::DeviceGateSet device{{"Identity",    "PauliX",
                                                   "PauliY",      "PauliZ",
                                                   "Hadamard",    "S",
                                                   "T",           "SX",
                                                   "PhaseShift",  "RX",
                                                   "RY",          "RZ",
                                                   "Rot",         "CNOT",
                                                   "CY",          "CZ",
                                                   "CH",          "SWAP",
                                                   "ISWAP",       "CSWAP",
                                                   "Toffoli",     "ControlledPhaseShift",
                                                   "CRX",         "CRY",
                                                   "CRZ",         "CRot",
                                                   "IsingXX",     "IsingYY",
                                                   "IsingZZ",     "MultiRZ",
                                                   "GlobalPhase", "my_opaque"},
                                                  true,
                                                  true};
  return device;
}

const qrt::program::DeviceGateSet& matrix_device() {
  static const qrt::program::DeviceGateSet device{{"QubitUnitary", "CNOT"}, false, false};
  return device;
}

bool in_range(qrt::program::IndexRange range, std::size_t pool_size) {
  return std::size_t{range.offset} + range.count <= pool_size;
}

void check_program(const Program& program) {
  QRT_FUZZ_CHECK(program.gates.size() >= 2, "the gate table lacks U and CX");
  for (const auto& op : program.operations) {
    QRT_FUZZ_CHECK(in_range(op.qubits, program.operands.size()), "qubit range out of the pool");
    QRT_FUZZ_CHECK(in_range(op.params, program.parameters.size()), "parameter range out of the pool");
    for (std::uint32_t qubit : program.qubits(op)) QRT_FUZZ_CHECK(qubit < program.num_qubits, "qubit out of range");
    if (op.kind == OpKind::Gate) {
      QRT_FUZZ_CHECK(op.gate < program.gates.size(), "gate index out of range");
      const auto& gate = program.gates[op.gate];
      QRT_FUZZ_CHECK(op.params.count == gate.params.size(), "parameter count differs from the gate's");
      QRT_FUZZ_CHECK(op.qubits.count == gate.qubits.size(), "qubit count differs from the gate's");
    }
    if (op.kind == OpKind::Measure) QRT_FUZZ_CHECK(op.clbit < program.num_clbits, "clbit out of range");
    if (op.condition) {
      QRT_FUZZ_CHECK(op.condition->creg < program.cregs.size(), "condition register out of range");
      QRT_FUZZ_CHECK(std::size_t{op.condition->offset} + op.condition->size <= program.num_clbits,
                     "condition bits out of range");
    }
    (void)program.describe(op.pos);  // messages quote the statement: the position must resolve
  }
  for (const auto& argument : program.symbolic_arguments) {
    QRT_FUZZ_CHECK(argument.parameter < program.parameters.size(), "symbolic argument out of the pool");
    for (const auto& node : argument.expression.nodes())
      if (node.op == qrt::program::Expression::Op::Parameter)
        QRT_FUZZ_CHECK(node.operand[0] < program.free_parameters.size(), "free parameter index out of range");
  }
  for (const auto& warning : program.warnings) (void)warning.format();
}

void check_lowered(const LoweredProgram& lowered, const Program& program) {
  QRT_FUZZ_CHECK(lowered.num_qubits == program.num_qubits, "lowering changed the qubit count");
  QRT_FUZZ_CHECK(lowered.operations.size() <= kMaxLoweredOperations, "lowering exceeded max_operations");
  QRT_FUZZ_CHECK(lowered.control_values.size() == lowered.control_wires.size(), "control pools differ in size");
  for (const auto& op : lowered.operations) {
    QRT_FUZZ_CHECK(in_range(op.wires, lowered.wires.size()), "wire range out of the pool");
    QRT_FUZZ_CHECK(in_range(op.controls, lowered.control_wires.size()), "control range out of the pool");
    QRT_FUZZ_CHECK(in_range(op.params, lowered.parameters.size()), "parameter range out of the pool");
    QRT_FUZZ_CHECK(in_range(op.matrix, lowered.matrices.size()), "matrix range out of the pool");
    for (std::uint32_t wire : lowered.targets(op)) QRT_FUZZ_CHECK(wire < lowered.num_qubits, "wire out of range");
    for (std::uint32_t wire : lowered.controls(op)) QRT_FUZZ_CHECK(wire < lowered.num_qubits, "control out of range");
    if (op.kind == LoweredKind::Gate) QRT_FUZZ_CHECK(op.gate < lowered.gate_names.size(), "gate name out of range");
    if (op.kind == LoweredKind::Matrix) {
      const std::size_t dimension = std::size_t{1} << op.wires.count;
      QRT_FUZZ_CHECK(op.wires.count < 16 && op.matrix.count == dimension * dimension, "matrix of the wrong size");
    }
    if (op.kind == LoweredKind::Measure) QRT_FUZZ_CHECK(op.clbit < lowered.num_clbits, "clbit out of range");
  }
}

void check_expanded(const Program& expanded) {
  check_program(expanded);
  for (const auto& op : expanded.operations) {
    if (op.kind != OpKind::Gate) continue;
    QRT_FUZZ_CHECK(op.gate == Program::kGateU || op.gate == Program::kGateCX, "expansion left a non-primitive gate");
  }
  QRT_FUZZ_CHECK(expanded.operations.size() <= kMaxLoweredOperations, "expansion exceeded max_operations");
}

void check_rejection(const qrt::program::Error& error) {
  QRT_FUZZ_CHECK(!error.message().empty(), "an error without a message");
  (void)error.diagnostic().format();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const qrt::qasm::ParseOptions options = parse_options();
  qrt::program::LoweringOptions lowering;
  lowering.max_operations = kMaxLoweredOperations;
  const std::string_view source(reinterpret_cast<const char*>(data), size);
  Program program;
  try {
    program = qrt::qasm::parse_string(source, "fuzz.qasm", options);
  } catch (const qrt::program::Error& error) {
    check_rejection(error);
    return 0;
  }
  check_program(program);
  // Every free parameter a value of its own (a binding may still fail: ln(theta) at a negative value).
  for (std::size_t k = 0; k < program.free_parameters.size(); ++k)
    lowering.parameters.emplace(program.free_parameters[k], 0.5 - 0.75 * static_cast<double>(k));
  for (const qrt::program::DeviceGateSet* device : {&native_device(), &matrix_device()}) {
    try {
      check_lowered(qrt::program::lower(program, *device, lowering), program);
    } catch (const qrt::program::Error& error) {
      check_rejection(error);
    }
  }
  try {
    const Program bound = qrt::program::bind(program, lowering.parameters);
    check_program(bound);
    check_expanded(qrt::program::expand_to_primitives(bound, kMaxLoweredOperations));
  } catch (const qrt::program::Error& error) {
    check_rejection(error);
  }
  return 0;
}
