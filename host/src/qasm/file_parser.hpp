// The recursive-descent parser. A ParseSession parses the main file and, through `include`, the files it
// names; a FileParser parses the tokens of one file and hands each statement to the ProgramBuilder.
#pragma once

#include "lexer.hpp"
#include "program_builder.hpp"

#include <qrt/qasm/parser.hpp>

#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace qrt::qasm::detail {

class ParseSession {
 public:
  explicit ParseSession(const ParseOptions& options) : builder_(options) {}

  // Parses a whole file. `path` (canonical, may be empty for strings) guards against cyclic includes;
  // `directory` is the base of its relative includes.
  void parse_source(std::shared_ptr<const program::SourceFile> file, const std::filesystem::path& path,
                    const std::filesystem::path& directory, bool is_main);
  // `include "name";` found in a file whose folder is `directory`; `pos` is the string token.
  void include(std::string_view name, program::SourcePos pos, const std::filesystem::path& directory);

  ProgramBuilder& builder() noexcept { return builder_; }
  program::Program finish() && { return std::move(builder_).finish(); }

 private:
  ProgramBuilder builder_;
  std::vector<std::filesystem::path> include_stack_;  // canonical paths of the files being parsed
  bool qelib1_included_ = false;
};

// Reads a whole file, enforcing ParseOptions::max_file_bytes. Returns nullopt with `error` set on failure.
std::optional<std::string> read_text_file(const std::filesystem::path& path, std::size_t max_bytes, std::string& error);

class FileParser {
 public:
  FileParser(ParseSession& session, std::uint32_t file, const program::SourceFile& source,
             std::filesystem::path directory);
  void parse(bool is_main);

 private:
  using Statement = void (FileParser::*)();
  using QuantumOperation = void (FileParser::*)(const std::optional<program::Condition>&);
  struct StatementRule {
    TokenKind keyword;
    Statement parse;
  };
  struct QuantumOperationRule {
    TokenKind keyword;
    QuantumOperation parse;
  };
  static const StatementRule kStatements[];
  static const QuantumOperationRule kQuantumOperations[];

  // Tokens.
  const Token& peek() const noexcept { return tokens_[next_]; }
  // The name token of a `gate NAME` / `opaque NAME` definition after the current position, if any.
  const Token* later_definition_of(std::string_view name) const noexcept;
  // Whether `identifier` appears in the definition whose name token is `name` (up to its closing brace).
  bool body_mentions(const Token* name, std::string_view identifier) const noexcept;
  const Token& advance() noexcept;
  bool accept(TokenKind kind) noexcept;
  const Token& expect(TokenKind kind, std::string_view context);
  program::SourcePos pos(const Token& token) const noexcept {
    return program::SourcePos{file_, token.line, token.column};
  }
  [[noreturn]] void fail(const Token& token, std::string message) const;
  std::uint64_t integer_value(const Token& token) const;
  double real_value(const Token& token) const;

  // Statements (parse_statements.cpp).
  void statement();
  void header();
  void misplaced_header();
  void include_statement();
  void qreg_declaration();
  void creg_declaration();
  void register_declaration(bool quantum);
  void opaque_declaration();
  void barrier_statement();
  void if_statement();
  bool quantum_operation(const std::optional<program::Condition>& condition);
  void gate_application(const std::optional<program::Condition>& condition);
  void measure_statement(const std::optional<program::Condition>& condition);
  void reset_statement(const std::optional<program::Condition>& condition);
  Argument argument();
  std::vector<Argument> argument_list();

  // Gate definitions (parse_gate_definition.cpp).
  void gate_definition();
  std::vector<std::string> formal_list(std::vector<program::SourcePos>& positions, std::string_view what);
  void check_formals(const program::GateDefinition& gate, const std::vector<program::SourcePos>& param_pos,
                     const std::vector<program::SourcePos>& qubit_pos) const;
  void body_statement(program::GateDefinition& gate, const Token& open_brace);
  std::vector<std::uint32_t> body_qubits(const program::GateDefinition& gate, std::string_view applied);

  // Expressions (parse_expression.cpp). `params` are the names in scope: the enclosing gate's
  // parameters, or none at the top level.
  program::Expression expression(const std::vector<std::string>& params, const program::GateDefinition* gate);
  double constant_expression();
  // A top-level gate argument: its value; or, when it uses a free parameter (ParseOptions::free_parameters),
  // NaN and its expression in `symbolic` (left empty otherwise).
  double top_level_argument(program::Expression& symbolic);
  std::uint32_t sum(program::Expression& e);
  std::uint32_t product(program::Expression& e);
  std::uint32_t unary(program::Expression& e);
  std::uint32_t power(program::Expression& e);
  std::uint32_t primary(program::Expression& e);
  std::uint32_t identifier_operand(program::Expression& e, const Token& name);

  ParseSession& session_;
  ProgramBuilder& builder_;
  std::uint32_t file_;
  std::filesystem::path directory_;
  std::vector<Token> tokens_;
  std::size_t next_ = 0;
  // The expression being parsed: names in scope, the gate being defined (for messages), nesting depth.
  const std::vector<std::string>* scope_ = nullptr;
  const program::GateDefinition* scope_gate_ = nullptr;
  std::uint32_t expression_depth_ = 0;
};

}  // namespace qrt::qasm::detail
