#include "program_builder.hpp"

#include "spelling.hpp"

#include <qrt/program/gate_library.hpp>

#include <algorithm>

namespace qrt::qasm::detail {
namespace {

std::string count_of(std::size_t n, std::string_view noun) {
  return std::to_string(n) + " " + std::string(noun) + (n == 1 ? "" : "s");
}

// The same expression with every node's position in source file `file` (line 0: no line).
program::Expression in_file(const program::Expression& expression, std::uint32_t file) {
  program::Expression out;
  for (program::Expression::Node node : expression.nodes()) {
    node.pos = program::SourcePos{file, 0, 0};
    out.append(node);
  }
  return out;
}

}  // namespace

std::string ProgramBuilder::Operand::bit_name(std::uint32_t i) const {
  return reg->name + "[" + std::to_string(whole ? i : index) + "]";
}

ProgramBuilder::ProgramBuilder(const ParseOptions& options) : options_(options) {
  // The primitives come from the model's library, at the indices it gives them (Program::kGateU, kGateCX).
  const std::span<const program::GateDefinition> library = program::standard_gates();
  program_.gates.push_back(library[program::Program::kGateU]);
  program_.gates.push_back(library[program::Program::kGateCX]);
  symbols_.emplace("U", Symbol{SymbolKind::Gate, program::Program::kGateU});
  symbols_.emplace("CX", Symbol{SymbolKind::Gate, program::Program::kGateCX});
}

std::uint32_t ProgramBuilder::add_source(std::shared_ptr<const program::SourceFile> file) {
  program_.sources.push_back(std::move(file));
  return static_cast<std::uint32_t>(program_.sources.size() - 1);
}

void ProgramBuilder::fail(program::SourcePos pos, std::string message) const {
  throw program_.error_at(pos, std::move(message));
}

void ProgramBuilder::warn(program::SourcePos pos, std::string message) {
  program_.warnings.push_back(program_.diagnostic(pos, program::Severity::Warning, std::move(message)));
}

void ProgramBuilder::check_name_free(std::string_view name, program::SourcePos pos) const {
  if (auto previous = declared_as(name)) {
    fail(pos, "duplicate declaration: '" + std::string(name) + "' is already declared as " + *previous);
  }
}

std::optional<std::string> ProgramBuilder::declared_as(std::string_view name) const {
  const auto it = symbols_.find(std::string(name));
  if (it == symbols_.end()) return std::nullopt;
  const Symbol& symbol = it->second;
  std::string what;
  program::SourcePos previous;
  switch (symbol.kind) {
    case SymbolKind::QuantumRegister:
      what = "a quantum register";
      previous = program_.qregs[symbol.index].pos;
      break;
    case SymbolKind::ClassicalRegister:
      what = "a classical register";
      previous = program_.cregs[symbol.index].pos;
      break;
    case SymbolKind::Gate:
      what = "a gate";
      previous = program_.gates[symbol.index].pos;
      break;
  }
  if (previous.line > 0) return what + " at " + program_.describe(previous);
  // A gate of the standard library has a file (qelib1.inc) but no line.
  if (symbol.kind == SymbolKind::Gate && program_.gates[symbol.index].builtin &&
      program_.gates[symbol.index].kind == program::GateKind::Defined)
    return what + " in " + program_.describe(previous);
  return what;
}

void ProgramBuilder::include_standard_gates(std::shared_ptr<const program::SourceFile> file, program::SourcePos at) {
  const std::string library_name = file->name();
  const std::uint32_t source = add_source(std::move(file));
  const std::span<const program::GateDefinition> library = program::standard_gates();
  // Library index -> index in this Program: the primitives are where the library has them, the other
  // gates are appended in the library's order (after whatever the program declared before the include).
  std::vector<std::uint32_t> index(library.size());
  index[program::Program::kGateU] = program::Program::kGateU;
  index[program::Program::kGateCX] = program::Program::kGateCX;
  for (std::size_t i = 0; i < library.size(); ++i) {
    if (library[i].kind == program::GateKind::Primitive) continue;
    program::GateDefinition gate = library[i];
    if (auto previous = declared_as(gate.name)) {
      fail(at, "duplicate declaration: " + library_name + " declares the gate '" + gate.name +
                   "', which is already declared as " + *previous);
    }
    gate.pos = program::SourcePos{source, 0, 0};
    for (program::GateCall& call : gate.body) {
      call.gate = index[call.gate];
      call.pos = gate.pos;
      for (program::Expression& param : call.params) param = in_file(param, source);
    }
    index[i] = define_gate(std::move(gate));
  }
  standard_gates_included_ = true;
}

void ProgramBuilder::declare_register(bool quantum, std::string_view name, program::SourcePos pos, std::uint64_t size,
                                      program::SourcePos size_pos) {
  check_name_free(name, pos);
  if (size == 0) fail(size_pos, "register size must be at least 1");
  std::uint32_t& total = quantum ? program_.num_qubits : program_.num_clbits;
  const std::uint32_t limit = quantum ? options_.max_qubits : options_.max_clbits;
  if (size > limit || total + size > limit) {
    fail(size_pos, "register '" + std::string(name) + "' of size " + std::to_string(size) + " brings the total to " +
                       std::to_string(total + size) + (quantum ? " qubits" : " classical bits") +
                       ", over the limit of " + std::to_string(limit));
  }
  auto& registers = quantum ? program_.qregs : program_.cregs;
  registers.push_back(program::Register{std::string(name), total, static_cast<std::uint32_t>(size), pos});
  total += static_cast<std::uint32_t>(size);
  symbols_.emplace(std::string(name), Symbol{quantum ? SymbolKind::QuantumRegister : SymbolKind::ClassicalRegister,
                                             static_cast<std::uint32_t>(registers.size() - 1)});
}

std::uint32_t ProgramBuilder::define_gate(program::GateDefinition definition) {
  check_name_free(definition.name, definition.pos);
  std::uint32_t depth = 0;
  for (const program::GateCall& call : definition.body) depth = std::max(depth, program_.gates[call.gate].depth);
  definition.depth = definition.kind == program::GateKind::Defined ? depth + 1 : 0;
  if (definition.depth > options_.max_gate_depth) {
    fail(definition.pos, "gate '" + definition.name + "' nests " + std::to_string(definition.depth) +
                             " levels of gate definitions, over the limit of " +
                             std::to_string(options_.max_gate_depth));
  }
  const auto index = static_cast<std::uint32_t>(program_.gates.size());
  symbols_.emplace(definition.name, Symbol{SymbolKind::Gate, index});
  program_.gates.push_back(std::move(definition));
  return index;
}

std::uint32_t ProgramBuilder::resolve_gate(std::string_view name, program::SourcePos pos) const {
  const auto it = symbols_.find(std::string(name));
  if (it != symbols_.end() && it->second.kind == SymbolKind::Gate) return it->second.index;
  if (it != symbols_.end()) fail(pos, "'" + std::string(name) + "' is a register, not a gate");
  std::vector<std::string_view> names;
  for (const program::GateDefinition& gate : program_.gates) names.emplace_back(gate.name);
  std::string message = "unknown gate '" + std::string(name) + "'";
  if (!standard_gates_included_ && program::find_standard_gate(name)) {
    message += " (it is defined in qelib1.inc: add 'include \"qelib1.inc\";')";
  } else {
    message += did_you_mean(name, names);
  }
  fail(pos, message);
}

void ProgramBuilder::check_arity(std::uint32_t gate, std::size_t params, std::size_t qubits,
                                 program::SourcePos pos) const {
  const program::GateDefinition& g = program_.gates[gate];
  if (params != g.params.size()) {
    fail(pos,
         "gate '" + g.name + "' takes " + count_of(g.params.size(), "parameter") + ", got " + std::to_string(params));
  }
  if (qubits != g.qubits.size()) {
    fail(pos, "gate '" + g.name + "' takes " + count_of(g.qubits.size(), "qubit argument") + ", got " +
                  std::to_string(qubits));
  }
}

program::Condition ProgramBuilder::resolve_condition(std::string_view creg, program::SourcePos pos, std::uint64_t value,
                                                     program::SourcePos value_pos) {
  const auto it = symbols_.find(std::string(creg));
  if (it == symbols_.end() || it->second.kind != SymbolKind::ClassicalRegister) {
    if (it != symbols_.end() && it->second.kind == SymbolKind::QuantumRegister) {
      fail(pos, "'" + std::string(creg) + "' is a quantum register; 'if' compares a classical register");
    }
    std::vector<std::string_view> names;
    for (const program::Register& r : program_.cregs) names.emplace_back(r.name);
    fail(pos, "undeclared classical register '" + std::string(creg) + "' in 'if'" + did_you_mean(creg, names));
  }
  const program::Register& reg = program_.cregs[it->second.index];
  if (reg.size < 64 && (value >> reg.size) != 0) {
    warn(value_pos, "condition can never be true: '" + reg.name + "' has " + count_of(reg.size, "bit") +
                        ", so its value is at most " + std::to_string((std::uint64_t{1} << reg.size) - 1));
  }
  return program::Condition{it->second.index, reg.offset, reg.size, value};
}

ProgramBuilder::Operand ProgramBuilder::resolve(const Argument& arg, bool quantum) const {
  const auto it = symbols_.find(std::string(arg.name));
  const SymbolKind wanted = quantum ? SymbolKind::QuantumRegister : SymbolKind::ClassicalRegister;
  if (it == symbols_.end() || it->second.kind != wanted) {
    if (it != symbols_.end() && it->second.kind == SymbolKind::Gate) {
      fail(arg.pos, "'" + std::string(arg.name) + "' is a gate, not a register");
    }
    if (it != symbols_.end()) {
      fail(arg.pos, "'" + std::string(arg.name) + "' is a " + (quantum ? "classical" : "quantum") +
                        " register; expected a " + (quantum ? "quantum" : "classical") + " register");
    }
    std::vector<std::string_view> names;
    for (const program::Register& r : quantum ? program_.qregs : program_.cregs) names.emplace_back(r.name);
    fail(arg.pos, std::string("undeclared ") + (quantum ? "quantum" : "classical") + " register '" +
                      std::string(arg.name) + "'" + did_you_mean(arg.name, names));
  }
  Operand operand;
  operand.reg = &(quantum ? program_.qregs : program_.cregs)[it->second.index];
  operand.whole = !arg.index.has_value();
  if (arg.index) {
    if (*arg.index >= operand.reg->size) {
      fail(arg.index_pos, "index " + std::to_string(*arg.index) + " out of range for register '" + operand.reg->name +
                              "' of size " + std::to_string(operand.reg->size));
    }
    operand.index = static_cast<std::uint32_t>(*arg.index);
  }
  return operand;
}

std::uint32_t ProgramBuilder::broadcast_width(std::span<const Operand> operands, std::span<const Argument> args) const {
  const Operand* first = nullptr;
  for (std::size_t i = 0; i < operands.size(); ++i) {
    if (!operands[i].whole) continue;
    if (first == nullptr) {
      first = &operands[i];
    } else if (operands[i].reg->size != first->reg->size) {
      fail(args[i].pos, "cannot broadcast over registers of different sizes: '" + operands[i].reg->name + "' has " +
                            std::to_string(operands[i].reg->size) + " bits but '" + first->reg->name + "' has " +
                            std::to_string(first->reg->size));
    }
  }
  return first == nullptr ? 1 : first->reg->size;
}

void ProgramBuilder::push(program::Operation op, std::span<const double> params, std::span<const std::uint32_t> qubits,
                          std::span<const program::Expression> symbolic) {
  if (program_.operations.size() >= options_.max_operations) {
    fail(op.pos, "the program exceeds the limit of " + std::to_string(options_.max_operations) +
                     " operations (after register broadcasting)");
  }
  // Wide gates applied many times could still exhaust memory below the operation limit.
  if (program_.operands.size() + qubits.size() > 4 * options_.max_operations) {
    fail(op.pos, "the program's operations name more than " + std::to_string(4 * options_.max_operations) +
                     " qubits in all (4 x the operation limit)");
  }
  op.params = program::IndexRange{static_cast<std::uint32_t>(program_.parameters.size()),
                                  static_cast<std::uint32_t>(params.size())};
  op.qubits = program::IndexRange{static_cast<std::uint32_t>(program_.operands.size()),
                                  static_cast<std::uint32_t>(qubits.size())};
  for (std::size_t k = 0; k < symbolic.size(); ++k) {
    if (!symbolic[k].empty())
      program_.symbolic_arguments.push_back({static_cast<std::uint32_t>(op.params.offset + k), symbolic[k]});
  }
  program_.parameters.insert(program_.parameters.end(), params.begin(), params.end());
  program_.operands.insert(program_.operands.end(), qubits.begin(), qubits.end());
  program_.operations.push_back(op);
}

std::uint32_t ProgramBuilder::free_parameter(std::string_view name) {
  auto& names = program_.free_parameters;
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (names[i] == name) return static_cast<std::uint32_t>(i);
  }
  names.emplace_back(name);
  return static_cast<std::uint32_t>(names.size() - 1);
}

void ProgramBuilder::apply_gate(std::uint32_t gate, std::span<const double> params, std::span<const Argument> args,
                                const std::optional<program::Condition>& condition, program::SourcePos pos,
                                std::span<const program::Expression> symbolic) {
  std::vector<Operand> operands;
  operands.reserve(args.size());
  for (const Argument& arg : args) operands.push_back(resolve(arg, true));
  const std::uint32_t width = broadcast_width(operands, args);
  std::vector<std::uint32_t> qubits(operands.size());
  program::Operation op;
  op.kind = program::OpKind::Gate;
  op.gate = gate;
  op.condition = condition;
  op.pos = pos;
  for (std::uint32_t i = 0; i < width; ++i) {
    for (std::size_t j = 0; j < operands.size(); ++j) {
      qubits[j] = operands[j].at(i);
      for (std::size_t k = 0; k < j; ++k) {
        if (qubits[k] == qubits[j]) {
          fail(args[j].pos, "qubit " + operands[j].bit_name(i) + " is used twice in one application of '" +
                                program_.gates[gate].name + "'");
        }
      }
    }
    push(op, params, qubits, symbolic);
  }
}

void ProgramBuilder::measure(const Argument& qubit, const Argument& bit,
                             const std::optional<program::Condition>& condition, program::SourcePos pos) {
  const Operand q = resolve(qubit, true);
  const Operand c = resolve(bit, false);
  if (q.whole != c.whole) {
    fail(q.whole ? bit.pos : qubit.pos, "measure needs a register on both sides or a single bit on both sides ('" +
                                            std::string(qubit.name) + "' and '" + std::string(bit.name) + "')");
  }
  if (q.whole && q.reg->size != c.reg->size) {
    fail(bit.pos, "cannot measure register '" + q.reg->name + "' of size " + std::to_string(q.reg->size) +
                      " into register '" + c.reg->name + "' of size " + std::to_string(c.reg->size));
  }
  program::Operation op;
  op.kind = program::OpKind::Measure;
  op.condition = condition;
  op.pos = pos;
  const std::uint32_t width = q.whole ? q.reg->size : 1;
  for (std::uint32_t i = 0; i < width; ++i) {
    const std::uint32_t target = q.at(i);
    op.clbit = c.at(i);
    push(op, {}, std::span<const std::uint32_t>(&target, 1));
  }
}

void ProgramBuilder::reset(const Argument& qubit, const std::optional<program::Condition>& condition,
                           program::SourcePos pos) {
  const Operand q = resolve(qubit, true);
  program::Operation op;
  op.kind = program::OpKind::Reset;
  op.condition = condition;
  op.pos = pos;
  const std::uint32_t width = q.whole ? q.reg->size : 1;
  for (std::uint32_t i = 0; i < width; ++i) {
    const std::uint32_t target = q.at(i);
    push(op, {}, std::span<const std::uint32_t>(&target, 1));
  }
}

void ProgramBuilder::barrier(std::span<const Argument> args, program::SourcePos pos) {
  std::vector<std::uint32_t> qubits;
  std::vector<bool> seen(program_.num_qubits, false);
  for (const Argument& arg : args) {
    const Operand q = resolve(arg, true);
    const std::uint32_t width = q.whole ? q.reg->size : 1;
    for (std::uint32_t i = 0; i < width; ++i) {
      const std::uint32_t qubit = q.at(i);
      if (!seen[qubit]) qubits.push_back(qubit);
      seen[qubit] = true;
    }
  }
  program::Operation op;
  op.kind = program::OpKind::Barrier;
  op.pos = pos;
  push(op, {}, qubits);
}

}  // namespace qrt::qasm::detail
