#include "file_parser.hpp"

#include <charconv>

namespace qrt::qasm::detail {

const FileParser::StatementRule FileParser::kStatements[] = {
    {TokenKind::KwOpenqasm, &FileParser::misplaced_header}, {TokenKind::KwInclude, &FileParser::include_statement},
    {TokenKind::KwQreg, &FileParser::qreg_declaration},     {TokenKind::KwCreg, &FileParser::creg_declaration},
    {TokenKind::KwGate, &FileParser::gate_definition},      {TokenKind::KwOpaque, &FileParser::opaque_declaration},
    {TokenKind::KwBarrier, &FileParser::barrier_statement}, {TokenKind::KwIf, &FileParser::if_statement},
};

// What may follow `if (...)`, and what may stand alone as a quantum operation.
const FileParser::QuantumOperationRule FileParser::kQuantumOperations[] = {
    {TokenKind::KwU, &FileParser::gate_application},        {TokenKind::KwCX, &FileParser::gate_application},
    {TokenKind::Identifier, &FileParser::gate_application}, {TokenKind::KwMeasure, &FileParser::measure_statement},
    {TokenKind::KwReset, &FileParser::reset_statement},
};

FileParser::FileParser(ParseSession& session, std::uint32_t file, const program::SourceFile& source,
                       std::filesystem::path directory)
    : session_(session),
      builder_(session.builder()),
      file_(file),
      directory_(std::move(directory)),
      tokens_(tokenize(source)) {}

const Token& FileParser::advance() noexcept {
  const Token& token = tokens_[next_];
  if (token.kind != TokenKind::End) ++next_;
  return token;
}

bool FileParser::accept(TokenKind kind) noexcept {
  if (peek().kind != kind) return false;
  advance();
  return true;
}

namespace {

// The column just past `token`: where a missing ';' belongs (a string token's text lacks its quotes).
std::uint32_t column_after(const Token& token) {
  const auto quotes = token.kind == TokenKind::String ? 2u : 0u;
  return token.column + static_cast<std::uint32_t>(token.text.size()) + quotes;
}

}  // namespace

const Token& FileParser::expect(TokenKind kind, std::string_view context) {
  if (peek().kind != kind) {
    const std::string what = "expected " + describe(kind) + (context.empty() ? "" : " " + std::string(context));
    // `h q[0]` then a new line: the ';' is missing at the end of this statement's line, not on the next.
    const Token* last = next_ > 0 ? &tokens_[next_ - 1] : nullptr;
    if (kind == TokenKind::Semicolon && last && (peek().kind == TokenKind::End || peek().line > last->line)) {
      const std::string next = peek().kind == TokenKind::End
                                   ? "the end of the file"
                                   : describe(peek()) + " on line " + std::to_string(peek().line);
      builder_.fail(program::SourcePos{file_, last->line, column_after(*last)}, what + ", before " + next);
    }
    fail(peek(), what + ", got " + describe(peek()));
  }
  return advance();
}

void FileParser::fail(const Token& token, std::string message) const { builder_.fail(pos(token), std::move(message)); }

std::uint64_t FileParser::integer_value(const Token& token) const {
  std::uint64_t value = 0;
  const auto [end, error] = std::from_chars(token.text.data(), token.text.data() + token.text.size(), value);
  if (error != std::errc() || end != token.text.data() + token.text.size()) {
    fail(token, "integer '" + std::string(token.text) + "' is too large");
  }
  return value;
}

double FileParser::real_value(const Token& token) const {
  double value = 0.0;
  const auto [end, error] = std::from_chars(token.text.data(), token.text.data() + token.text.size(), value);
  if (error == std::errc::result_out_of_range) {
    // Underflow (1e-400) is a harmless zero; overflow is not a usable angle.
    const auto e = token.text.find_first_of("eE");
    if (e != std::string_view::npos && e + 1 < token.text.size() && token.text[e + 1] == '-') return 0.0;
    fail(token, "number '" + std::string(token.text) + "' is out of range");
  }
  if (error != std::errc() || end != token.text.data() + token.text.size()) {
    fail(token, "malformed number '" + std::string(token.text) + "'");
  }
  return value;
}

void FileParser::parse(bool is_main) {
  if (peek().kind == TokenKind::KwOpenqasm) {
    header();
  } else if (is_main && peek().kind == TokenKind::End) {
    // Nothing but whitespace and comments: running it would report a 0-qubit circuit as a success.
    fail(peek(), "the program is empty: an OpenQASM 2.0 program starts with 'OPENQASM 2.0;' and declares its qubits");
  } else if (is_main) {
    builder_.warn(pos(peek()), "missing 'OPENQASM 2.0;' header; reading the file as OpenQASM 2.0");
  }
  while (peek().kind != TokenKind::End) statement();
}

void FileParser::statement() {
  const TokenKind kind = peek().kind;
  for (const StatementRule& rule : kStatements) {
    if (rule.keyword == kind) return (this->*rule.parse)();
  }
  if (!quantum_operation(std::nullopt)) fail(peek(), "expected a statement, got " + describe(peek()));
}

bool FileParser::quantum_operation(const std::optional<program::Condition>& condition) {
  const TokenKind kind = peek().kind;
  for (const QuantumOperationRule& rule : kQuantumOperations) {
    if (rule.keyword == kind) {
      (this->*rule.parse)(condition);
      return true;
    }
  }
  return false;
}

void FileParser::header() {
  advance();
  const Token& version = peek();
  if (version.kind != TokenKind::Real && version.kind != TokenKind::Integer) {
    fail(version, "expected a version number after 'OPENQASM', got " + describe(version));
  }
  advance();
  if (real_value(version) != 2.0) {
    fail(version, "unsupported OpenQASM version '" + std::string(version.text) + "' (this parser reads OpenQASM 2.0)");
  }
  expect(TokenKind::Semicolon, "after the OPENQASM version");
}

void FileParser::misplaced_header() {
  fail(peek(), "the 'OPENQASM 2.0;' header must be the first statement of the file");
}

void FileParser::include_statement() {
  advance();
  const Token& name = expect(TokenKind::String, "(the file name) after 'include'");
  expect(TokenKind::Semicolon, "after the include");
  session_.include(name.text, pos(name), directory_);
}

void FileParser::qreg_declaration() { register_declaration(true); }
void FileParser::creg_declaration() { register_declaration(false); }

void FileParser::register_declaration(bool quantum) {
  const std::string_view keyword = advance().text;
  const Token& name = expect(TokenKind::Identifier, "(the register name) after '" + std::string(keyword) + "'");
  expect(TokenKind::LeftBracket, "after the register name");
  const Token& size = expect(TokenKind::Integer, "(the register size)");
  expect(TokenKind::RightBracket, "after the register size");
  expect(TokenKind::Semicolon, "after the register declaration");
  builder_.declare_register(quantum, name.text, pos(name), integer_value(size), pos(size));
}

void FileParser::opaque_declaration() {
  advance();
  const Token& name = expect(TokenKind::Identifier, "(the gate name) after 'opaque'");
  builder_.check_name_free(name.text, pos(name));
  program::GateDefinition gate;
  gate.name = std::string(name.text);
  gate.kind = program::GateKind::Opaque;
  gate.pos = pos(name);
  std::vector<program::SourcePos> param_pos;
  std::vector<program::SourcePos> qubit_pos;
  if (accept(TokenKind::LeftParen) && !accept(TokenKind::RightParen)) {
    gate.params = formal_list(param_pos, "parameter");
    expect(TokenKind::RightParen, "after the parameter list");
  }
  gate.qubits = formal_list(qubit_pos, "qubit argument");
  expect(TokenKind::Semicolon, "after the opaque declaration");
  check_formals(gate, param_pos, qubit_pos);
  builder_.define_gate(std::move(gate));
}

void FileParser::barrier_statement() {
  const Token& keyword = advance();
  std::vector<Argument> args = argument_list();
  expect(TokenKind::Semicolon, "after the barrier");
  builder_.barrier(args, pos(keyword));
}

void FileParser::if_statement() {
  advance();
  expect(TokenKind::LeftParen, "after 'if'");
  const Token& creg = expect(TokenKind::Identifier, "(a classical register) in 'if'");
  expect(TokenKind::EqualEqual, "after the register in 'if'");
  const Token& value = expect(TokenKind::Integer, "(the value to compare with) in 'if'");
  expect(TokenKind::RightParen, "to close 'if ('");
  const program::Condition condition =
      builder_.resolve_condition(creg.text, pos(creg), integer_value(value), pos(value));
  if (!quantum_operation(condition)) {
    fail(peek(), "expected a gate, 'measure' or 'reset' after 'if (...)', got " + describe(peek()));
  }
}

void FileParser::gate_application(const std::optional<program::Condition>& condition) {
  const Token& name = advance();
  const std::uint32_t gate = name.kind == TokenKind::KwU    ? program::Program::kGateU
                             : name.kind == TokenKind::KwCX ? program::Program::kGateCX
                                                            : builder_.resolve_gate(name.text, pos(name));
  std::vector<double> params;
  std::vector<program::Expression> symbolic;  // stays empty unless an argument uses a free parameter
  if (accept(TokenKind::LeftParen) && !accept(TokenKind::RightParen)) {
    do {
      program::Expression expression;
      params.push_back(top_level_argument(expression));
      if (!expression.empty() || !symbolic.empty()) symbolic.resize(params.size());
      if (!expression.empty()) symbolic.back() = std::move(expression);
    } while (accept(TokenKind::Comma));
    expect(TokenKind::RightParen, "after the gate parameters");
  }
  const std::vector<Argument> args = argument_list();
  expect(TokenKind::Semicolon, "after the gate arguments");
  builder_.check_arity(gate, params.size(), args.size(), pos(name));
  if (!symbolic.empty()) symbolic.resize(params.size());
  builder_.apply_gate(gate, params, args, condition, pos(name), symbolic);
}

void FileParser::measure_statement(const std::optional<program::Condition>& condition) {
  const Token& keyword = advance();
  const Argument qubit = argument();
  expect(TokenKind::Arrow, "after the measured qubit");
  const Argument bit = argument();
  expect(TokenKind::Semicolon, "after the measurement");
  builder_.measure(qubit, bit, condition, pos(keyword));
}

void FileParser::reset_statement(const std::optional<program::Condition>& condition) {
  const Token& keyword = advance();
  const Argument qubit = argument();
  expect(TokenKind::Semicolon, "after the reset");
  builder_.reset(qubit, condition, pos(keyword));
}

Argument FileParser::argument() {
  const Token& name = expect(TokenKind::Identifier, "(a register or register[index])");
  Argument arg{name.text, pos(name), std::nullopt, {}};
  if (accept(TokenKind::LeftBracket)) {
    const Token& index = expect(TokenKind::Integer, "(an index) after '['");
    expect(TokenKind::RightBracket, "after the index");
    arg.index = integer_value(index);
    arg.index_pos = pos(index);
  }
  return arg;
}

std::vector<Argument> FileParser::argument_list() {
  std::vector<Argument> args;
  do {
    args.push_back(argument());
  } while (accept(TokenKind::Comma));
  return args;
}

}  // namespace qrt::qasm::detail
