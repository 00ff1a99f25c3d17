// The semantic half of parsing: declarations, name resolution, arity checks and register broadcasting.
// The parser calls it statement by statement; it owns the Program under construction.
#pragma once

#include <qrt/program/program.hpp>
#include <qrt/qasm/parser.hpp>

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>

namespace qrt::qasm::detail {

// An operand as written: `name` or `name[index]`.
struct Argument {
  std::string_view name;
  program::SourcePos pos;
  std::optional<std::uint64_t> index;
  program::SourcePos index_pos;
};

class ProgramBuilder {
 public:
  explicit ProgramBuilder(const ParseOptions& options);

  const program::Program& program() const noexcept { return program_; }
  const ParseOptions& options() const noexcept { return options_; }
  std::uint32_t add_source(std::shared_ptr<const program::SourceFile> file);
  [[noreturn]] void fail(program::SourcePos pos, std::string message) const;
  void warn(program::SourcePos pos, std::string message);

  // Declarations.
  void check_name_free(std::string_view name, program::SourcePos pos) const;
  // `include "qelib1.inc"` at `at`: adds the model's standard gates (program::standard_gates()), their
  // positions in `file` (the library's name, no text). A name the program already declared is an error.
  void include_standard_gates(std::shared_ptr<const program::SourceFile> file, program::SourcePos at);
  void declare_register(bool quantum, std::string_view name, program::SourcePos pos, std::uint64_t size,
                        program::SourcePos size_pos);
  // Checks the nesting limit, sets the definition's depth and adds it to the gate table.
  std::uint32_t define_gate(program::GateDefinition definition);

  // Lookups.
  std::uint32_t resolve_gate(std::string_view name, program::SourcePos pos) const;
  bool has_symbol(std::string_view name) const { return symbols_.count(std::string(name)) != 0; }
  void check_arity(std::uint32_t gate, std::size_t params, std::size_t qubits, program::SourcePos pos) const;
  program::Condition resolve_condition(std::string_view creg, program::SourcePos pos, std::uint64_t value,
                                       program::SourcePos value_pos);

  // Statements, broadcast over whole-register arguments.
  // `symbolic`: empty, or one expression per parameter (empty ones for constants) to record as
  // Program::symbolic_arguments of every broadcast operation.
  void apply_gate(std::uint32_t gate, std::span<const double> params, std::span<const Argument> args,
                  const std::optional<program::Condition>& condition, program::SourcePos pos,
                  std::span<const program::Expression> symbolic = {});
  // The index of a free parameter in Program::free_parameters (added on first use).
  std::uint32_t free_parameter(std::string_view name);
  void measure(const Argument& qubit, const Argument& bit, const std::optional<program::Condition>& condition,
               program::SourcePos pos);
  void reset(const Argument& qubit, const std::optional<program::Condition>& condition, program::SourcePos pos);
  void barrier(std::span<const Argument> args, program::SourcePos pos);

  program::Program finish() && { return std::move(program_); }

 private:
  enum class SymbolKind : std::uint8_t { QuantumRegister, ClassicalRegister, Gate };
  struct Symbol {
    SymbolKind kind;
    std::uint32_t index;
  };
  // A resolved argument: one bit (`whole` false) or a whole register.
  struct Operand {
    const program::Register* reg = nullptr;
    std::uint32_t index = 0;  // when !whole
    bool whole = false;
    std::uint32_t at(std::uint32_t i) const { return reg->offset + (whole ? i : index); }
    std::string bit_name(std::uint32_t i) const;
  };

  // What `name` is already declared as ("a gate at f.qasm:3:6"), or nullopt when it is free.
  std::optional<std::string> declared_as(std::string_view name) const;
  Operand resolve(const Argument& arg, bool quantum) const;
  // The broadcast width of `operands` (1 when none is a whole register). Throws on size mismatch.
  std::uint32_t broadcast_width(std::span<const Operand> operands, std::span<const Argument> args) const;
  void push(program::Operation op, std::span<const double> params, std::span<const std::uint32_t> qubits,
            std::span<const program::Expression> symbolic = {});

  const ParseOptions& options_;
  program::Program program_;
  std::unordered_map<std::string, Symbol> symbols_;  // gates and registers share one namespace
  bool standard_gates_included_ = false;
};

}  // namespace qrt::qasm::detail
