#include "catalyst/python_literal.hpp"

#include <qrt/error.hpp>

#include <boost/json.hpp>

#include <cctype>
#include <charconv>
#include <string>

namespace qrt::catalyst {
namespace {

class LiteralParser {
 public:
  explicit LiteralParser(std::string_view text) : text_(text) {}

  boost::json::value document() {
    skip_blanks();
    if (pos_ == text_.size()) return boost::json::object();
    boost::json::value v = value();
    skip_blanks();
    if (pos_ != text_.size()) fail("the end of the literal");
    return v;
  }

 private:
  [[noreturn]] void fail(const std::string& expected) const {
    std::string found = pos_ < text_.size() ? "'" + std::string(1, text_[pos_]) + "'" : "the end";
    throw Error(ErrorCode::Config, "device kwargs \"" + std::string(text_) + "\": expected " + expected +
                                       " at column " + std::to_string(pos_ + 1) + ", found " + found);
  }

  void skip_blanks() {
    while (pos_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[pos_]))) ++pos_;
  }

  bool take(char c) {
    skip_blanks();
    if (pos_ < text_.size() && text_[pos_] == c) {
      ++pos_;
      return true;
    }
    return false;
  }

  std::string_view identifier() {
    std::size_t start = pos_;
    while (pos_ < text_.size() && (std::isalnum(static_cast<unsigned char>(text_[pos_])) || text_[pos_] == '_')) ++pos_;
    return text_.substr(start, pos_ - start);
  }

  boost::json::value value() {
    skip_blanks();
    if (pos_ == text_.size()) fail("a value");
    const char c = text_[pos_];
    if (c == '{') return dict();
    if (c == '[') return sequence('[', ']');
    if (c == '(') return sequence('(', ')');
    if (c == '\'' || c == '"') return boost::json::string(string_literal());
    if (c == '-' || c == '+' || c == '.' || std::isdigit(static_cast<unsigned char>(c))) return number();
    const std::size_t start = pos_;
    const std::string_view word = identifier();
    if (word == "True") return true;
    if (word == "False") return false;
    if (word == "None") return nullptr;
    pos_ = start;
    fail("a value (a number, a string, True, False, None, a list or a dict)");
  }

  boost::json::value dict() {
    ++pos_;  // '{'
    boost::json::object object;
    if (take('}')) return object;
    do {
      skip_blanks();
      if (pos_ < text_.size() && text_[pos_] == '}') break;  // a trailing comma
      std::string key;
      if (pos_ < text_.size() && (text_[pos_] == '\'' || text_[pos_] == '"')) {
        key = string_literal();
      } else {
        key = std::string(identifier());
        if (key.empty()) fail("a key (a string or a name)");
      }
      if (!take(':')) fail("':' after the key '" + key + "'");
      object[key] = value();
    } while (take(','));
    if (!take('}')) fail("',' or '}'");
    return object;
  }

  boost::json::value sequence(char open, char close) {
    (void)open;
    ++pos_;
    boost::json::array array;
    if (take(close)) return array;
    do {
      skip_blanks();
      if (pos_ < text_.size() && text_[pos_] == close) break;  // a trailing comma
      array.push_back(value());
    } while (take(','));
    if (!take(close)) fail(std::string("',' or '") + close + "'");
    return array;
  }

  std::string string_literal() {
    const char quote = text_[pos_++];
    std::string out;
    while (pos_ < text_.size() && text_[pos_] != quote) {
      char c = text_[pos_++];
      if (c == '\\' && pos_ < text_.size()) {
        const char e = text_[pos_++];
        c = e == 'n' ? '\n' : e == 't' ? '\t' : e == 'r' ? '\r' : e == '0' ? '\0' : e;
      }
      out += c;
    }
    if (pos_ == text_.size()) fail(std::string("the closing ") + quote);
    ++pos_;
    return out;
  }

  boost::json::value number() {
    const std::size_t start = pos_;
    if (text_[pos_] == '+' || text_[pos_] == '-') ++pos_;
    bool fraction = false;
    while (pos_ < text_.size()) {
      const char c = text_[pos_];
      if (c == '.' || c == 'e' || c == 'E') {
        fraction = true;
      } else if ((c == '+' || c == '-') && (text_[pos_ - 1] == 'e' || text_[pos_ - 1] == 'E')) {
      } else if (!std::isdigit(static_cast<unsigned char>(c)) && c != '_') {
        break;
      }
      ++pos_;
    }
    std::string digits;
    for (char c : text_.substr(start, pos_ - start))
      if (c != '_' && c != '+') digits += c;
    if (!fraction) {
      std::int64_t v = 0;
      auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), v);
      if (ec == std::errc() && end == digits.data() + digits.size()) return v;
    }
    double d = 0;
    auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), d);
    if (ec != std::errc() || end != digits.data() + digits.size()) {
      pos_ = start;
      fail("a number");
    }
    return d;
  }

  std::string_view text_;
  std::size_t pos_ = 0;
};

}  // namespace

boost::json::value parse_python_literal(std::string_view text) { return LiteralParser(text).document(); }

}  // namespace qrt::catalyst
