#include <qrt/program/program.hpp>

#include <algorithm>

namespace qrt::program {
namespace {

const Register* find_register(const std::vector<Register>& registers, std::string_view name) noexcept {
  const auto it = std::find_if(registers.begin(), registers.end(), [&](const Register& r) { return r.name == name; });
  return it == registers.end() ? nullptr : &*it;
}

}  // namespace

Program Program::declarations_only() const {
  Program out;
  out.num_qubits = num_qubits;
  out.num_clbits = num_clbits;
  out.qregs = qregs;
  out.cregs = cregs;
  out.gates = gates;
  out.warnings = warnings;
  out.sources = sources;
  return out;
}

std::optional<std::uint32_t> Program::find_gate(std::string_view name) const noexcept {
  for (std::size_t i = 0; i < gates.size(); ++i) {
    if (gates[i].name == name) return static_cast<std::uint32_t>(i);
  }
  return std::nullopt;
}

const Register* Program::find_qreg(std::string_view name) const noexcept { return find_register(qregs, name); }
const Register* Program::find_creg(std::string_view name) const noexcept { return find_register(cregs, name); }

std::size_t Program::gate_count() const noexcept {
  return static_cast<std::size_t>(
      std::count_if(operations.begin(), operations.end(), [](const Operation& op) { return op.kind == OpKind::Gate; }));
}

std::string Program::describe(SourcePos pos) const {
  std::string out = pos.file < sources.size() ? sources[pos.file]->name() : std::string("<unknown>");
  if (pos.line > 0) out += ':' + std::to_string(pos.line) + ':' + std::to_string(pos.column);
  return out;
}

Diagnostic Program::diagnostic(SourcePos pos, Severity severity, std::string message) const {
  Diagnostic d;
  d.severity = severity;
  d.line = pos.line;
  d.column = pos.column;
  d.message = std::move(message);
  if (pos.file < sources.size()) {
    d.file = sources[pos.file]->name();
    d.source_line = std::string(sources[pos.file]->line(pos.line));
  } else {
    d.file = "<unknown>";
  }
  return d;
}

Error Program::error_at(SourcePos pos, std::string message) const {
  return Error(diagnostic(pos, Severity::Error, std::move(message)));
}

}  // namespace qrt::program
