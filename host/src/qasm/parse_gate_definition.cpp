#include "file_parser.hpp"

#include "spelling.hpp"

#include <algorithm>
#include <array>

namespace qrt::qasm::detail {
namespace {

constexpr std::array<std::string_view, 6> kFunctionNames{"sin", "cos", "tan", "exp", "ln", "sqrt"};

// Keywords that start a top-level statement, for a precise message when one appears in a gate body.
bool is_top_level_keyword(TokenKind kind) {
  return kind == TokenKind::KwMeasure || kind == TokenKind::KwReset || kind == TokenKind::KwIf ||
         kind == TokenKind::KwQreg || kind == TokenKind::KwCreg || kind == TokenKind::KwGate ||
         kind == TokenKind::KwOpaque || kind == TokenKind::KwInclude || kind == TokenKind::KwOpenqasm;
}

std::vector<std::string_view> views(const std::vector<std::string>& names) { return {names.begin(), names.end()}; }

}  // namespace

std::vector<std::string> FileParser::formal_list(std::vector<program::SourcePos>& positions, std::string_view what) {
  std::vector<std::string> names;
  do {
    const Token& name = expect(TokenKind::Identifier, "(a " + std::string(what) + " name)");
    names.emplace_back(name.text);
    positions.push_back(pos(name));
  } while (accept(TokenKind::Comma));
  return names;
}

void FileParser::check_formals(const program::GateDefinition& gate, const std::vector<program::SourcePos>& param_pos,
                               const std::vector<program::SourcePos>& qubit_pos) const {
  for (std::size_t i = 0; i < gate.params.size(); ++i) {
    const std::string& name = gate.params[i];
    if (std::find(kFunctionNames.begin(), kFunctionNames.end(), name) != kFunctionNames.end()) {
      builder_.fail(param_pos[i], "'" + name + "' is a built-in function and cannot name a parameter");
    }
    if (std::find(gate.params.begin(), gate.params.begin() + static_cast<std::ptrdiff_t>(i), name) !=
        gate.params.begin() + static_cast<std::ptrdiff_t>(i)) {
      builder_.fail(param_pos[i], "parameter '" + name + "' is declared twice in gate '" + gate.name + "'");
    }
  }
  for (std::size_t i = 0; i < gate.qubits.size(); ++i) {
    const std::string& name = gate.qubits[i];
    if (std::find(gate.qubits.begin(), gate.qubits.begin() + static_cast<std::ptrdiff_t>(i), name) !=
        gate.qubits.begin() + static_cast<std::ptrdiff_t>(i)) {
      builder_.fail(qubit_pos[i], "qubit argument '" + name + "' is declared twice in gate '" + gate.name + "'");
    }
    if (std::find(gate.params.begin(), gate.params.end(), name) != gate.params.end()) {
      builder_.fail(qubit_pos[i],
                    "'" + name + "' is both a parameter and a qubit argument of gate '" + gate.name + "'");
    }
  }
}

void FileParser::gate_definition() {
  advance();
  const Token& name = expect(TokenKind::Identifier, "(the gate name) after 'gate'");
  builder_.check_name_free(name.text, pos(name));
  program::GateDefinition gate;
  gate.name = std::string(name.text);
  gate.kind = program::GateKind::Defined;
  gate.pos = pos(name);
  std::vector<program::SourcePos> param_pos;
  std::vector<program::SourcePos> qubit_pos;
  if (accept(TokenKind::LeftParen) && !accept(TokenKind::RightParen)) {
    gate.params = formal_list(param_pos, "parameter");
    expect(TokenKind::RightParen, "after the parameter list");
  }
  gate.qubits = formal_list(qubit_pos, "qubit argument");
  check_formals(gate, param_pos, qubit_pos);
  const Token& open_brace = expect(TokenKind::LeftBrace, "to open the body of gate '" + gate.name + "'");
  while (!accept(TokenKind::RightBrace)) body_statement(gate, open_brace);
  builder_.define_gate(std::move(gate));
}

void FileParser::body_statement(program::GateDefinition& gate, const Token& open_brace) {
  const Token& head = peek();
  if (head.kind == TokenKind::KwBarrier) {
    advance();
    body_qubits(gate, "barrier");  // checked, then dropped: a barrier does not change the expansion
    expect(TokenKind::Semicolon, "after the barrier");
    return;
  }
  if (head.kind == TokenKind::End) {
    fail(head, "expected '}' to close the body of gate '" + gate.name + "' opened at line " +
                   std::to_string(open_brace.line) + ", got end of file");
  }
  if (is_top_level_keyword(head.kind)) {
    fail(head, describe(head) + " is not allowed inside a gate body (only gate applications and barrier)");
  }
  if (head.kind != TokenKind::Identifier && head.kind != TokenKind::KwU && head.kind != TokenKind::KwCX) {
    fail(head, "expected a gate application or '}' in the body of gate '" + gate.name + "', got " + describe(head));
  }
  advance();
  if (head.kind == TokenKind::Identifier && head.text == gate.name) {
    fail(head, "gate '" + gate.name + "' cannot be used in its own definition (recursive gates are not allowed)");
  }
  // A gate defined further down: in OpenQASM 2 a gate is usable only after its definition, so gates that
  // call each other (mutual recursion) can never be written. Say which of the two it is.
  if (head.kind == TokenKind::Identifier && !builder_.has_symbol(head.text)) {
    if (const Token* later = later_definition_of(head.text)) {
      const std::string callee(head.text);
      if (body_mentions(later, gate.name)) {
        fail(head, "unknown gate '" + callee + "' here: gates '" + gate.name + "' and '" + callee +
                       "' call each other (line " + std::to_string(later->line) +
                       "), and OpenQASM 2 gates cannot be recursive");
      }
      fail(head, "unknown gate '" + callee + "' here: it is defined later, on line " + std::to_string(later->line) +
                     " (a gate must be defined before it is used)");
    }
  }
  program::GateCall call;
  call.pos = pos(head);
  call.gate = head.kind == TokenKind::KwU    ? program::Program::kGateU
              : head.kind == TokenKind::KwCX ? program::Program::kGateCX
                                             : builder_.resolve_gate(head.text, call.pos);
  if (accept(TokenKind::LeftParen) && !accept(TokenKind::RightParen)) {
    do {
      call.params.push_back(expression(gate.params, &gate));
    } while (accept(TokenKind::Comma));
    expect(TokenKind::RightParen, "after the gate parameters");
  }
  call.qubits = body_qubits(gate, head.text);
  expect(TokenKind::Semicolon, "after the gate arguments");
  builder_.check_arity(call.gate, call.params.size(), call.qubits.size(), call.pos);
  gate.body.push_back(std::move(call));
}

std::vector<std::uint32_t> FileParser::body_qubits(const program::GateDefinition& gate, std::string_view applied) {
  std::vector<std::uint32_t> qubits;
  do {
    const Token& name = expect(TokenKind::Identifier, "(a qubit argument of gate '" + gate.name + "')");
    if (peek().kind == TokenKind::LeftBracket) {
      fail(peek(), "qubit arguments cannot be indexed inside a gate body: '" + std::string(name.text) +
                       "' is a single qubit of gate '" + gate.name + "'");
    }
    const auto it = std::find(gate.qubits.begin(), gate.qubits.end(), name.text);
    if (it == gate.qubits.end()) {
      fail(name, "unknown qubit '" + std::string(name.text) + "' in the body of gate '" + gate.name + "'" +
                     did_you_mean(name.text, views(gate.qubits)));
    }
    const auto index = static_cast<std::uint32_t>(it - gate.qubits.begin());
    if (applied != "barrier" && std::find(qubits.begin(), qubits.end(), index) != qubits.end()) {
      fail(name,
           "qubit '" + std::string(name.text) + "' is used twice in one application of '" + std::string(applied) + "'");
    }
    qubits.push_back(index);
  } while (accept(TokenKind::Comma));
  return qubits;
}

bool FileParser::body_mentions(const Token* name, std::string_view identifier) const noexcept {
  for (std::size_t i = static_cast<std::size_t>(name - tokens_.data()) + 1; i < tokens_.size(); ++i) {
    if (tokens_[i].kind == TokenKind::RightBrace || tokens_[i].kind == TokenKind::End) return false;
    if (tokens_[i].kind == TokenKind::Identifier && tokens_[i].text == identifier) return true;
  }
  return false;
}

const Token* FileParser::later_definition_of(std::string_view name) const noexcept {
  for (std::size_t i = next_; i + 1 < tokens_.size(); ++i)
    if ((tokens_[i].kind == TokenKind::KwGate || tokens_[i].kind == TokenKind::KwOpaque) &&
        tokens_[i + 1].kind == TokenKind::Identifier && tokens_[i + 1].text == name)
      return &tokens_[i + 1];
  return nullptr;
}

}  // namespace qrt::qasm::detail
