#include "config/config_string.hpp"

#include "config/exact_json.hpp"

#include <qrt/error.hpp>

#include <boost/json/serialize.hpp>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>

namespace qrt::config {
namespace {

[[noreturn]] void fail(std::string_view text, std::size_t column, const std::string& what) {
  std::string message = "config string, column " + std::to_string(column + 1) + ": " + what + "\n  " +
                        std::string(text) + "\n  " + std::string(column, ' ') + "^";
  throw Error(ErrorCode::Config, message);
}

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

std::string_view trim(std::string_view s) {
  while (!s.empty() && is_space(s.front())) s.remove_prefix(1);
  while (!s.empty() && is_space(s.back())) s.remove_suffix(1);
  return s;
}

bool valid_key(std::string_view key) {
  if (key.empty() || !(std::isalpha(static_cast<unsigned char>(key[0])) || key[0] == '_')) return false;
  for (char c : key)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' || c == '.')) return false;
  return true;
}

// Offset of the first byte that is not part of well-formed UTF-8 (RFC 3629: no overlong forms, no
// surrogates, nothing above U+10FFFF), or npos. Values end up in the canonical kwargs JSON, which must
// be valid JSON, as the JSON syntax of config strings already requires.
std::size_t invalid_utf8_offset(std::string_view s) {
  std::size_t i = 0;
  while (i < s.size()) {
    const auto lead = static_cast<unsigned char>(s[i]);
    if (lead < 0x80) {
      ++i;
      continue;
    }
    std::size_t length = 0;
    unsigned char low = 0x80, high = 0xBF;  // the range allowed for the second byte
    if (lead >= 0xC2 && lead <= 0xDF) {
      length = 2;
    } else if (lead >= 0xE0 && lead <= 0xEF) {
      length = 3;
      if (lead == 0xE0) low = 0xA0;   // overlong
      if (lead == 0xED) high = 0x9F;  // surrogates
    } else if (lead >= 0xF0 && lead <= 0xF4) {
      length = 4;
      if (lead == 0xF0) low = 0x90;   // overlong
      if (lead == 0xF4) high = 0x8F;  // above U+10FFFF
    } else {
      return i;
    }
    if (s.size() - i < length) return i;
    for (std::size_t k = 1; k < length; ++k) {
      const auto c = static_cast<unsigned char>(s[i + k]);
      if (c < (k == 1 ? low : 0x80) || c > (k == 1 ? high : 0xBF)) return i;
    }
    i += length;
  }
  return std::string_view::npos;
}

// Types a bare token by its spelling.
boost::json::value type_token(std::string_view token) {
  if (token == "true") return true;
  if (token == "false") return false;
  if (token == "null") return nullptr;
  const char* first = token.data();
  const char* last = first + token.size();
  if (!token.empty() && token.find_first_of(".eE") == std::string_view::npos) {
    std::int64_t i = 0;
    auto r = std::from_chars(first + (token[0] == '+'), last, i);
    if (r.ec == std::errc() && r.ptr == last) return i;
    std::uint64_t u = 0;  // above 2^63 - 1: still a whole number (the schema says whether it fits)
    r = std::from_chars(first + (token[0] == '+'), last, u);
    if (r.ec == std::errc() && r.ptr == last) return u;
  }
  if (!token.empty() &&
      (std::isdigit(static_cast<unsigned char>(token[0])) || token[0] == '-' || token[0] == '+' || token[0] == '.')) {
    double d = 0;
    auto r = std::from_chars(first + (token[0] == '+'), last, d);
    if (r.ec == std::errc() && r.ptr == last && std::isfinite(d)) return d;
  }
  return boost::json::string(token);
}

// key=value,key=value starting at `offset` of `text` (for error columns).
void parse_pairs(std::string_view text, std::size_t offset, ParsedConfig& out) {
  std::size_t pos = offset;
  auto skip = [&] {
    while (pos < text.size() && is_space(text[pos])) ++pos;
  };
  skip();
  if (pos == text.size()) return;
  for (;;) {
    skip();
    std::size_t key_start = pos;
    while (pos < text.size() && text[pos] != '=' && text[pos] != ',') ++pos;
    std::string_view key = trim(text.substr(key_start, pos - key_start));
    if (key.empty()) fail(text, key_start, "expected key=value");
    if (!valid_key(key)) fail(text, key_start, "invalid key '" + std::string(key) + "'");
    if (pos == text.size() || text[pos] != '=') fail(text, pos, "expected '=' after key '" + std::string(key) + "'");
    ++pos;  // '='
    skip();
    std::size_t value_start = pos;
    boost::json::value value;
    if (pos < text.size() && (text[pos] == '"' || text[pos] == '\'')) {
      char quote = text[pos++];
      std::string s;
      for (;;) {
        if (pos == text.size()) fail(text, value_start, "unterminated quoted string");
        char c = text[pos++];
        if (c == quote) break;
        if (c == '\\') {
          if (pos == text.size()) fail(text, pos - 1, "dangling backslash");
          c = text[pos++];
        }
        s.push_back(c);
      }
      value = boost::json::string(s);
      skip();
    } else {
      while (pos < text.size() && text[pos] != ',') ++pos;
      std::string_view token = trim(text.substr(value_start, pos - value_start));
      if (token.empty()) fail(text, value_start, "missing value for key '" + std::string(key) + "'");
      value = type_token(token);
      out.bare_tokens[key] = boost::json::string(token);
    }
    if (std::size_t bad = invalid_utf8_offset(text.substr(value_start, pos - value_start));
        bad != std::string_view::npos)
      fail(text, value_start + bad, "the value of key '" + std::string(key) + "' is not valid UTF-8");
    if (out.kwargs.contains(key)) fail(text, key_start, "key '" + std::string(key) + "' given twice");
    out.kwargs[key] = std::move(value);
    if (pos == text.size()) return;
    if (text[pos] != ',') fail(text, pos, "expected ',' or end of string");
    ++pos;
    skip();
    if (pos == text.size()) fail(text, pos, "trailing ','");
  }
}

bool valid_device_name(std::string_view name) {
  if (name.empty()) return false;
  for (char c : name)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' || c == '-')) return false;
  return true;
}

ParsedConfig parse_json(std::string_view text, bool kwargs_only) {
  boost::json::value doc;
  try {
    doc = parse_json_exact(text);
  } catch (const JsonSyntaxError& e) {
    // Line and column of the offending character (1-based), and the line with a caret under it.
    const std::size_t line_start = text.rfind('\n', e.offset == 0 ? 0 : e.offset - 1);
    const std::size_t begin = line_start == std::string_view::npos || e.offset == 0 ? 0 : line_start + 1;
    const std::size_t line = 1 + static_cast<std::size_t>(std::count(text.begin(), text.begin() + begin, '\n'));
    const std::size_t end = std::min(text.find('\n', begin), text.size());
    const std::size_t column = e.offset - begin;
    const bool duplicate = dynamic_cast<const JsonDuplicateKey*>(&e) != nullptr;
    throw Error(ErrorCode::Config, std::string(duplicate ? "config JSON, " : "config JSON is malformed at ") +
                                       (line > 1 ? "line " + std::to_string(line) + ", " : std::string()) + "column " +
                                       std::to_string(column + 1) + ": " + e.what() + "\n  " +
                                       std::string(text.substr(begin, end - begin)) + "\n  " +
                                       std::string(column, ' ') + "^");
  }
  if (!doc.is_object()) throw Error(ErrorCode::Config, "config JSON must be an object");
  ParsedConfig out;
  const boost::json::object& obj = doc.as_object();
  if (kwargs_only) {
    out.kwargs = obj;
    return out;
  }
  bool nested = obj.contains("kwargs");
  for (const auto& [key, value] : obj) {
    if (key == "device") {
      if (!value.is_string()) throw Error(ErrorCode::Config, "config JSON: \"device\" must be a string");
      out.device = value.as_string();
    } else if (key == "library") {
      if (!value.is_string()) throw Error(ErrorCode::Config, "config JSON: \"library\" must be a string");
      out.library = value.as_string();
    } else if (key == "kwargs") {
      if (!value.is_object()) throw Error(ErrorCode::Config, "config JSON: \"kwargs\" must be an object");
      for (const auto& [k, v] : value.as_object()) out.kwargs[k] = v;
    } else if (nested) {
      throw Error(ErrorCode::Config, "config JSON: unexpected key \"" + std::string(key) +
                                         "\" beside \"kwargs\" (use either nested or flat kwargs)");
    } else {
      out.kwargs[key] = value;
    }
  }
  if (out.device.empty()) throw Error(ErrorCode::Config, "config JSON: missing \"device\"");
  // As in `NAME@LIBRARY:...` configs; and no NUL, which would end the name or path wherever it is a C string.
  if (!valid_device_name(out.device))
    throw Error(ErrorCode::Config, "config JSON: invalid device name " +
                                       boost::json::serialize(boost::json::string(out.device)) +
                                       " (letters, digits, '.', '_', '-')");
  if (out.library.find('\0') != std::string::npos)
    throw Error(ErrorCode::Config, "config JSON: \"library\" " +
                                       boost::json::serialize(boost::json::string(out.library)) +
                                       " holds a NUL character, which no file path can");
  return out;
}

}  // namespace

ParsedConfig parse_config(std::string_view raw) {
  std::string_view text = trim(raw);
  if (text.empty()) throw Error(ErrorCode::Config, "config string is empty (expected a device name)");
  if (text.front() == '{') return parse_json(text, false);

  ParsedConfig out;
  std::size_t offset = static_cast<std::size_t>(text.data() - raw.data());
  std::size_t colon = text.find(':');
  std::string_view head = text.substr(0, colon);
  std::size_t at = head.find('@');
  std::string_view name = trim(head.substr(0, at));
  if (!valid_device_name(name))
    fail(raw, offset, "invalid device name '" + std::string(name) + "' (letters, digits, '.', '_', '-')");
  out.device = name;
  if (at != std::string_view::npos) {
    out.library = trim(head.substr(at + 1));
    if (out.library.empty()) fail(raw, offset + at + 1, "expected a library path after '@'");
  }
  if (colon != std::string_view::npos) parse_pairs(raw, offset + colon + 1, out);
  return out;
}

ParsedConfig parse_kwargs(std::string_view raw) {
  std::string_view text = trim(raw);
  if (text.empty()) return {};
  if (text.front() == '{') return parse_json(text, true);
  ParsedConfig out;
  parse_pairs(raw, 0, out);
  return out;
}

}  // namespace qrt::config
