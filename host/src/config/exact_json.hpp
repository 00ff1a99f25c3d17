// boost::json::parse, except that numbers with a fraction or exponent are converted by std::from_chars,
// which rounds correctly. Boost.JSON 1.81's own conversion is off by an ulp for many decimals (e.g.
// 1.3927926388013963e-143), so `x=<number>` and `{"x": <number>}` gave different values (and pool keys),
// and canonical kwargs did not canonicalise to themselves. Found by fuzz/fuzz_kwargs.
#pragma once

#include <boost/json/basic_parser_impl.hpp>
#include <boost/json/value.hpp>
#include <boost/json/value_stack.hpp>
#include <boost/system/system_error.hpp>

#include <algorithm>
#include <charconv>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace qrt::config {
namespace detail {

// The handler of boost::json::parser (boost/json/detail/handler.hpp), with exact doubles.
struct ExactJsonHandler {
  using error_code = boost::json::error_code;
  using string_view = boost::json::string_view;
  static constexpr std::size_t max_object_size = boost::json::object::max_size();
  static constexpr std::size_t max_array_size = boost::json::array::max_size();
  static constexpr std::size_t max_key_size = boost::json::string::max_size();
  static constexpr std::size_t max_string_size = boost::json::string::max_size();

  boost::json::value_stack stack;
  std::string number;  // the number being parsed, when it arrives in parts
  // The keys of each object being parsed (innermost last), to refuse one given twice: Boost.JSON would
  // keep the last silently, where `key=value` configs refuse it.
  std::vector<std::set<std::string, std::less<>>> keys;
  std::string key;                       // the key being parsed, when it arrives in parts
  std::optional<std::string> duplicate;  // set: the parse stopped at this key, given twice

  bool on_document_begin(error_code&) { return true; }
  bool on_document_end(error_code&) { return true; }
  bool on_object_begin(error_code&) {
    keys.emplace_back();
    return true;
  }
  bool on_object_end(std::size_t n, error_code&) {
    keys.pop_back();
    stack.push_object(n);
    return true;
  }
  bool on_array_begin(error_code&) { return true; }
  bool on_array_end(std::size_t n, error_code&) {
    stack.push_array(n);
    return true;
  }
  bool on_key_part(string_view s, std::size_t, error_code&) {
    key.append(s.data(), s.size());
    stack.push_chars(s);
    return true;
  }
  bool on_key(string_view s, std::size_t, error_code& ec) {
    key.append(s.data(), s.size());
    if (!keys.back().insert(key).second) {
      duplicate = std::move(key);
      key.clear();
      ec = boost::json::error::syntax;  // stops the parse; parse_json_exact reports the key
      return false;
    }
    key.clear();
    stack.push_key(s);
    return true;
  }
  bool on_string_part(string_view s, std::size_t, error_code&) {
    stack.push_chars(s);
    return true;
  }
  bool on_string(string_view s, std::size_t, error_code&) {
    stack.push_string(s);
    return true;
  }
  bool on_number_part(string_view s, error_code&) {
    number.append(s.data(), s.size());
    return true;
  }
  bool on_int64(std::int64_t i, string_view, error_code&) {
    number.clear();
    stack.push_int64(i);
    return true;
  }
  bool on_uint64(std::uint64_t u, string_view, error_code&) {
    number.clear();
    stack.push_uint64(u);
    return true;
  }
  bool on_double(double d, string_view s, error_code&) {
    number.append(s.data(), s.size());
    double exact = 0;
    const auto [end, status] = std::from_chars(number.data(), number.data() + number.size(), exact);
    if (status == std::errc() && end == number.data() + number.size()) d = exact;  // else Boost's (e.g. 1e999)
    number.clear();
    stack.push_double(d);
    return true;
  }
  bool on_bool(bool b, error_code&) {
    stack.push_bool(b);
    return true;
  }
  bool on_null(error_code&) {
    stack.push_null();
    return true;
  }
  bool on_comment_part(string_view, error_code&) { return true; }
  bool on_comment(string_view, error_code&) { return true; }
};

}  // namespace detail

// Malformed JSON: what is wrong in the user's terms (Boost's message, without its source location) and
// the byte offset where the parser stopped.
struct JsonSyntaxError : std::runtime_error {
  JsonSyntaxError(const std::string& what, std::size_t at) : std::runtime_error(what), offset(at) {}
  std::size_t offset;
};

// An object that gives one key twice (JSON leaves it to the reader; qrt refuses it, as in `key=value`).
// `offset`: just past the second one.
struct JsonDuplicateKey : JsonSyntaxError {
  JsonDuplicateKey(const std::string& k, std::size_t at)
      : JsonSyntaxError("key \"" + k + "\" given twice", at), key(k) {}
  std::string key;
};

// Like boost::json::parse(text): throws JsonSyntaxError for malformed text, JsonDuplicateKey for an
// object that gives a key twice.
inline boost::json::value parse_json_exact(std::string_view text) {
  boost::json::basic_parser<detail::ExactJsonHandler> parser(boost::json::parse_options{});
  parser.handler().stack.reset();
  boost::json::error_code error;
  std::size_t used = parser.write_some(false, text.data(), text.size(), error);
  if (parser.handler().duplicate) throw JsonDuplicateKey(*parser.handler().duplicate, std::min(used, text.size()));
  if (!error && used < text.size()) error = boost::json::error::extra_data;
  if (error) {
    // On an error write_some returns the offset of the character it failed on (the end, for incomplete text).
    throw JsonSyntaxError(error.message(), std::min(used, text.size()));
  }
  return parser.handler().stack.release();
}

}  // namespace qrt::config
