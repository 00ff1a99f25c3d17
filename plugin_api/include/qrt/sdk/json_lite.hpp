// Minimal JSON for the plugin SDK: the SDK depends on nothing but the standard library, and all it
// ever reads is the host's canonical kwargs (a flat object of scalars). Writing is string escaping.
#pragma once

#include <charconv>
#include <cstdint>
#include <map>
#include <stdexcept>
#include <string>
#include <string_view>
#include <variant>

namespace qrt::sdk::json_lite {

// A JSON scalar: null, bool, integer, real or string.
using Scalar = std::variant<std::monostate, bool, std::int64_t, double, std::string>;

inline std::string quote(std::string_view text) {
  std::string out;
  out.reserve(text.size() + 2);
  out.push_back('"');
  for (unsigned char c : text) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default:
        if (c < 0x20) {
          static constexpr char hex[] = "0123456789abcdef";
          out += "\\u00";
          out.push_back(hex[c >> 4]);
          out.push_back(hex[c & 0xF]);
        } else {
          out.push_back(static_cast<char>(c));
        }
    }
  }
  out.push_back('"');
  return out;
}

inline std::string to_json(const Scalar& value) {
  struct Writer {
    std::string operator()(std::monostate) const { return "null"; }
    std::string operator()(bool b) const { return b ? "true" : "false"; }
    std::string operator()(std::int64_t i) const { return std::to_string(i); }
    std::string operator()(double d) const {
      char buffer[32];
      auto result = std::to_chars(buffer, buffer + sizeof buffer, d);
      std::string text(buffer, result.ptr);
      // Keep reals recognisable as reals when read back.
      if (text.find_first_of(".eEn") == std::string::npos) text += ".0";
      return text;
    }
    std::string operator()(const std::string& s) const { return quote(s); }
  };
  return std::visit(Writer{}, value);
}

// Parses `{"key": scalar, ...}`. Throws std::invalid_argument with the offset on malformed input.
class FlatObjectParser {
 public:
  explicit FlatObjectParser(std::string_view text) : text_(text) {}

  std::map<std::string, Scalar, std::less<>> parse() {
    std::map<std::string, Scalar, std::less<>> result;
    skip_space();
    expect('{');
    skip_space();
    if (peek() == '}') {
      ++pos_;
    } else {
      for (;;) {
        skip_space();
        std::string key = parse_string();
        skip_space();
        expect(':');
        skip_space();
        Scalar value = parse_scalar();
        if (!result.emplace(std::move(key), std::move(value)).second) fail("duplicate key");
        skip_space();
        if (peek() == ',') {
          ++pos_;
          continue;
        }
        expect('}');
        break;
      }
    }
    skip_space();
    if (pos_ != text_.size()) fail("trailing characters");
    return result;
  }

 private:
  [[noreturn]] void fail(const char* what) const {
    throw std::invalid_argument("malformed kwargs JSON at offset " + std::to_string(pos_) + ": " + what);
  }
  char peek() const { return pos_ < text_.size() ? text_[pos_] : '\0'; }
  void expect(char c) {
    if (peek() != c) fail((std::string("expected '") + c + "'").c_str());
    ++pos_;
  }
  void skip_space() {
    while (pos_ < text_.size() &&
           (text_[pos_] == ' ' || text_[pos_] == '\n' || text_[pos_] == '\t' || text_[pos_] == '\r'))
      ++pos_;
  }
  bool consume_word(std::string_view word) {
    if (text_.substr(pos_, word.size()) != word) return false;
    pos_ += word.size();
    return true;
  }
  static void append_utf8(std::string& out, std::uint32_t cp) {
    if (cp < 0x80) {
      out.push_back(static_cast<char>(cp));
    } else if (cp < 0x800) {
      out.push_back(static_cast<char>(0xC0 | (cp >> 6)));
      out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
    } else if (cp < 0x10000) {
      out.push_back(static_cast<char>(0xE0 | (cp >> 12)));
      out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
      out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
    } else {
      out.push_back(static_cast<char>(0xF0 | (cp >> 18)));
      out.push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3F)));
      out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
      out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
    }
  }
  std::uint32_t parse_hex4() {
    if (pos_ + 4 > text_.size()) fail("truncated \\u escape");
    std::uint32_t value = 0;
    auto result = std::from_chars(text_.data() + pos_, text_.data() + pos_ + 4, value, 16);
    if (result.ptr != text_.data() + pos_ + 4) fail("bad \\u escape");
    pos_ += 4;
    return value;
  }
  std::string parse_string() {
    expect('"');
    std::string out;
    for (;;) {
      if (pos_ >= text_.size()) fail("unterminated string");
      char c = text_[pos_++];
      if (c == '"') return out;
      if (static_cast<unsigned char>(c) < 0x20) fail("control character in string");
      if (c != '\\') {
        out.push_back(c);
        continue;
      }
      if (pos_ >= text_.size()) fail("unterminated escape");
      switch (char e = text_[pos_++]) {
        case '"':
        case '\\':
        case '/': out.push_back(e); break;
        case 'b': out.push_back('\b'); break;
        case 'f': out.push_back('\f'); break;
        case 'n': out.push_back('\n'); break;
        case 'r': out.push_back('\r'); break;
        case 't': out.push_back('\t'); break;
        case 'u': {
          std::uint32_t cp = parse_hex4();
          if (cp >= 0xD800 && cp < 0xDC00) {  // surrogate pair
            if (!consume_word("\\u")) fail("lone surrogate");
            std::uint32_t low = parse_hex4();
            if (low < 0xDC00 || low > 0xDFFF) fail("bad low surrogate");
            cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
          }
          append_utf8(out, cp);
          break;
        }
        default: fail("bad escape");
      }
    }
  }
  Scalar parse_scalar() {
    char c = peek();
    if (c == '"') return parse_string();
    if (consume_word("null")) return std::monostate{};
    if (consume_word("true")) return true;
    if (consume_word("false")) return false;
    std::size_t start = pos_;
    while (pos_ < text_.size() && std::string_view("+-0123456789.eE").find(text_[pos_]) != std::string_view::npos)
      ++pos_;
    std::string_view number = text_.substr(start, pos_ - start);
    if (number.empty()) fail("expected a scalar value (objects and arrays are not kwargs values)");
    const char* first = number.data();
    const char* last = number.data() + number.size();
    if (number.find_first_of(".eE") == std::string_view::npos) {
      std::int64_t i = 0;
      auto r = std::from_chars(first, last, i);
      if (r.ec == std::errc() && r.ptr == last) return i;
    }
    double d = 0;
    auto r = std::from_chars(first, last, d);
    if (r.ec != std::errc() || r.ptr != last) fail("bad number");
    return d;
  }

  std::string_view text_;
  std::size_t pos_ = 0;
};

}  // namespace qrt::sdk::json_lite
