#include "lexer.hpp"

#include "diagnostics.hpp"

#include <array>
#include <cstdio>
#include <utility>

namespace qrt::qasm::detail {
namespace {

constexpr std::array<std::pair<std::string_view, TokenKind>, 13> kKeywords{{
    {"OPENQASM", TokenKind::KwOpenqasm},
    {"include", TokenKind::KwInclude},
    {"qreg", TokenKind::KwQreg},
    {"creg", TokenKind::KwCreg},
    {"gate", TokenKind::KwGate},
    {"opaque", TokenKind::KwOpaque},
    {"measure", TokenKind::KwMeasure},
    {"reset", TokenKind::KwReset},
    {"barrier", TokenKind::KwBarrier},
    {"if", TokenKind::KwIf},
    {"pi", TokenKind::KwPi},
    {"U", TokenKind::KwU},
    {"CX", TokenKind::KwCX},
}};

// Single-character punctuation; '-' and '=' start two-character tokens and are handled apart.
constexpr std::array<std::pair<char, TokenKind>, 13> kPunctuation{{
    {';', TokenKind::Semicolon},
    {',', TokenKind::Comma},
    {'(', TokenKind::LeftParen},
    {')', TokenKind::RightParen},
    {'[', TokenKind::LeftBracket},
    {']', TokenKind::RightBracket},
    {'{', TokenKind::LeftBrace},
    {'}', TokenKind::RightBrace},
    {'+', TokenKind::Plus},
    {'*', TokenKind::Star},
    {'/', TokenKind::Slash},
    {'^', TokenKind::Caret},
    {'-', TokenKind::Minus},
}};

constexpr std::array<std::pair<TokenKind, std::string_view>, 20> kSpelling{{
    {TokenKind::Semicolon, ";"},
    {TokenKind::Comma, ","},
    {TokenKind::LeftParen, "("},
    {TokenKind::RightParen, ")"},
    {TokenKind::LeftBracket, "["},
    {TokenKind::RightBracket, "]"},
    {TokenKind::LeftBrace, "{"},
    {TokenKind::RightBrace, "}"},
    {TokenKind::Arrow, "->"},
    {TokenKind::EqualEqual, "=="},
    {TokenKind::Plus, "+"},
    {TokenKind::Minus, "-"},
    {TokenKind::Star, "*"},
    {TokenKind::Slash, "/"},
    {TokenKind::Caret, "^"},
    {TokenKind::Identifier, "an identifier"},
    {TokenKind::Integer, "an integer"},
    {TokenKind::Real, "a real number"},
    {TokenKind::String, "a string"},
    {TokenKind::End, "end of file"},
}};

// What some editors put at the start of a "UTF-8 with BOM" file.
constexpr std::string_view kByteOrderMark = "\xEF\xBB\xBF";

bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_identifier_start(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
bool is_identifier_char(char c) { return is_identifier_start(c) || is_digit(c); }
bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v'; }

std::string quote_text(std::string_view text) {
  constexpr std::size_t kMax = 32;
  return text.size() <= kMax ? std::string(text) : std::string(text.substr(0, kMax)) + "...";
}

class Lexer {
 public:
  explicit Lexer(const program::SourceFile& file) : file_(file), text_(file.text()) {}

  std::vector<Token> run() {
    std::vector<Token> tokens;
    while (skip_space_and_comments()) tokens.push_back(next());
    tokens.push_back(Token{TokenKind::End, {}, line_, column()});
    return tokens;
  }

 private:
  std::uint32_t column() const { return static_cast<std::uint32_t>(pos_ - line_start_ + 1); }

  [[noreturn]] void fail(std::uint32_t column, const std::string& message) const {
    throw error_in(file_, line_, column, message);
  }

  // Returns false at the end of the text.
  bool skip_space_and_comments() {
    while (pos_ < text_.size()) {
      const char c = text_[pos_];
      if (c == '\n') {
        ++pos_;
        ++line_;
        line_start_ = pos_;
      } else if (is_space(c)) {
        ++pos_;
      } else if (c == '/' && pos_ + 1 < text_.size() && text_[pos_ + 1] == '/') {
        while (pos_ < text_.size() && text_[pos_] != '\n') ++pos_;
      } else {
        return true;
      }
    }
    return false;
  }

  Token make(TokenKind kind, std::size_t begin, std::size_t end, std::uint32_t column) const {
    return Token{kind, std::string_view(text_).substr(begin, end - begin), line_, column};
  }

  Token next() {
    const char c = text_[pos_];
    if (is_identifier_start(c)) return identifier();
    if (is_digit(c) || (c == '.' && pos_ + 1 < text_.size() && is_digit(text_[pos_ + 1]))) return number();
    if (c == '"') return string();
    const std::uint32_t col = column();
    const std::size_t begin = pos_;
    if (c == '-' && pos_ + 1 < text_.size() && text_[pos_ + 1] == '>') {
      pos_ += 2;
      return make(TokenKind::Arrow, begin, pos_, col);
    }
    if (c == '=') {
      if (pos_ + 1 < text_.size() && text_[pos_ + 1] == '=') {
        pos_ += 2;
        return make(TokenKind::EqualEqual, begin, pos_, col);
      }
      fail(col, "unexpected character '=' (comparisons use '==')");
    }
    for (const auto& [character, kind] : kPunctuation) {
      if (c == character) {
        ++pos_;
        return make(kind, begin, pos_, col);
      }
    }
    const auto byte = static_cast<unsigned char>(c);
    if (byte >= 0x21 && byte < 0x7f) fail(col, std::string("unexpected character '") + c + "'");
    if (std::string_view(text_).substr(pos_).starts_with(kByteOrderMark))
      fail(col, std::string(pos_ == 0 ? "the file starts with" : "unexpected") +
                    " a UTF-8 byte order mark (bytes EF BB BF): OpenQASM source is plain ASCII; save the file "
                    "as UTF-8 without BOM (or ASCII)");
    if (byte == 0) fail(col, "unexpected byte 0x00: this looks like a binary file, not OpenQASM source text");
    char hex[8];
    std::snprintf(hex, sizeof hex, "0x%02X", static_cast<unsigned>(byte));
    fail(col, std::string("unexpected byte ") + hex + " (OpenQASM source is ASCII)");
  }

  Token identifier() {
    const std::uint32_t col = column();
    const std::size_t begin = pos_;
    while (pos_ < text_.size() && is_identifier_char(text_[pos_])) ++pos_;
    Token token = make(TokenKind::Identifier, begin, pos_, col);
    for (const auto& [word, kind] : kKeywords) {
      if (token.text == word) token.kind = kind;
    }
    return token;
  }

  // [0-9]+ | [0-9]+ '.' [0-9]* | '.' [0-9]+, then an optional exponent [eE][+-]?[0-9]+.
  Token number() {
    const std::uint32_t col = column();
    const std::size_t begin = pos_;
    TokenKind kind = TokenKind::Integer;
    while (pos_ < text_.size() && is_digit(text_[pos_])) ++pos_;
    if (pos_ < text_.size() && text_[pos_] == '.') {
      kind = TokenKind::Real;
      ++pos_;
      while (pos_ < text_.size() && is_digit(text_[pos_])) ++pos_;
    }
    if (pos_ < text_.size() && (text_[pos_] == 'e' || text_[pos_] == 'E')) {
      std::size_t digits = pos_ + 1;
      if (digits < text_.size() && (text_[digits] == '+' || text_[digits] == '-')) ++digits;
      if (digits < text_.size() && is_digit(text_[digits])) {
        kind = TokenKind::Real;
        pos_ = digits;
        while (pos_ < text_.size() && is_digit(text_[pos_])) ++pos_;
      }
    }
    if (pos_ < text_.size() && (is_identifier_char(text_[pos_]) || text_[pos_] == '.')) {
      std::size_t end = pos_;
      while (end < text_.size() && (is_identifier_char(text_[end]) || text_[end] == '.')) ++end;
      fail(col, "malformed number '" + quote_text(std::string_view(text_).substr(begin, end - begin)) + "'");
    }
    return make(kind, begin, pos_, col);
  }

  Token string() {
    const std::uint32_t col = column();
    const std::size_t begin = ++pos_;
    while (pos_ < text_.size() && text_[pos_] != '"' && text_[pos_] != '\n') ++pos_;
    if (pos_ >= text_.size() || text_[pos_] != '"')
      fail(col, "unterminated string (a string ends on its line with '\"')");
    Token token = make(TokenKind::String, begin, pos_, col);
    ++pos_;
    return token;
  }

  const program::SourceFile& file_;
  const std::string& text_;
  std::size_t pos_ = 0;
  std::size_t line_start_ = 0;
  std::uint32_t line_ = 1;
};

}  // namespace

std::vector<Token> tokenize(const program::SourceFile& file) { return Lexer(file).run(); }

std::string describe(TokenKind kind) {
  for (const auto& [k, spelling] : kSpelling) {
    if (k == kind) {
      return kind <= TokenKind::String ? std::string(spelling) : "'" + std::string(spelling) + "'";
    }
  }
  for (const auto& [word, k] : kKeywords) {
    if (k == kind) return "'" + std::string(word) + "'";
  }
  return "a token";
}

std::string describe(const Token& token) {
  switch (token.kind) {
    case TokenKind::End: return "end of file";
    case TokenKind::Identifier: return "identifier '" + quote_text(token.text) + "'";
    case TokenKind::Integer: return "integer '" + quote_text(token.text) + "'";
    case TokenKind::Real: return "real number '" + quote_text(token.text) + "'";
    case TokenKind::String: return "string \"" + quote_text(token.text) + "\"";
    default: break;
  }
  return describe(token.kind);
}

}  // namespace qrt::qasm::detail
