// The OpenQASM 2.0 lexer: source text -> tokens. Any byte sequence either lexes or throws Error.
#pragma once

#include <qrt/program/source.hpp>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace qrt::qasm::detail {

enum class TokenKind : std::uint8_t {
  End,
  Identifier,
  Integer,
  Real,
  String,
  Semicolon,
  Comma,
  LeftParen,
  RightParen,
  LeftBracket,
  RightBracket,
  LeftBrace,
  RightBrace,
  Arrow,
  EqualEqual,
  Plus,
  Minus,
  Star,
  Slash,
  Caret,
  KwOpenqasm,
  KwInclude,
  KwQreg,
  KwCreg,
  KwGate,
  KwOpaque,
  KwMeasure,
  KwReset,
  KwBarrier,
  KwIf,
  KwPi,
  KwU,
  KwCX,
};

struct Token {
  TokenKind kind = TokenKind::End;
  std::string_view text;  // a view into the SourceFile (String: without the quotes)
  std::uint32_t line = 0;
  std::uint32_t column = 0;
};

// Tokens of `file`, ending with one End token. Throws Error for characters outside the language,
// unterminated strings and malformed numbers.
std::vector<Token> tokenize(const program::SourceFile& file);

// How a token is named in "expected X, got Y" messages: "identifier 'foo'", "';'", "end of file".
std::string describe(const Token& token);
// How a token kind is named in "expected X" messages: "';'", "an identifier", "an integer".
std::string describe(TokenKind kind);

}  // namespace qrt::qasm::detail
