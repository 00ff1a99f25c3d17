// Malformed config strings: ErrorCode::Config, a message saying what is wrong, and for the key=value
// syntax the 1-based column plus a caret under it.
#include "config/config_string.hpp"

#include "support/expect_error.hpp"

#include <string>

using Catch::Matchers::Contains;
using qrt::ErrorCode;
using qrt::config::parse_config;
using qrt::config::parse_kwargs;
using qrt::test::error_message;

namespace {

// Requires parse_config(text) to fail at `column` (1-based) with `what`, quoting the text with a caret.
void check_syntax_error(const std::string& text, std::size_t column, const std::string& what) {
  INFO("config: [" << text << "]");
  std::string message = error_message(ErrorCode::Config, [&] { parse_config(text); });
  CHECK_THAT(message, Contains("config string, column " + std::to_string(column) + ": " + what));
  CHECK_THAT(message, Contains("\n  " + text + "\n  " + std::string(column - 1, ' ') + "^"));
}

}  // namespace

TEST_CASE("Empty config strings", "[config][errors]") {
  for (const char* text : {"", "   ", "\t\n"}) {
    std::string message = error_message(ErrorCode::Config, [&] { parse_config(text); });
    CHECK_THAT(message, Contains("config string is empty"));
  }
}

TEST_CASE("Bad device names", "[config][errors]") {
  check_syntax_error("bad name!:shots=1", 1, "invalid device name 'bad name!'");
  check_syntax_error("  q/bit", 3, "invalid device name 'q/bit'");
  check_syntax_error(":shots=1", 1, "invalid device name ''");
  check_syntax_error("@lib.so", 1, "invalid device name ''");
}

TEST_CASE("An empty library after '@'", "[config][errors]") {
  check_syntax_error("dev@", 5, "expected a library path after '@'");
  check_syntax_error("dev@  :shots=1", 5, "expected a library path after '@'");
}

TEST_CASE("Key=value syntax errors point at the offending column", "[config][errors]") {
  SECTION("missing '='") {
    check_syntax_error("dev:shots", 10, "expected '=' after key 'shots'");
    check_syntax_error("dev:shots=1,seed,x=2", 17, "expected '=' after key 'seed'");
  }
  SECTION("missing key or value") {
    check_syntax_error("dev:=5", 5, "expected key=value");
    check_syntax_error("dev:a=1,,b=2", 9, "expected key=value");
    check_syntax_error("dev:shots=,seed=1", 11, "missing value for key 'shots'");
  }
  SECTION("invalid key") { check_syntax_error("dev:1abc=5", 5, "invalid key '1abc'"); }
  SECTION("duplicate key") {
    check_syntax_error("dev:shots=1,seed=2,shots=3", 20, "key 'shots' given twice");
    check_syntax_error(R"(dev:label="a",label='b')", 15, "key 'label' given twice");
  }
  SECTION("trailing comma") {
    check_syntax_error("dev:shots=1,", 13, "trailing ','");
    check_syntax_error("dev:shots=1,   ", 16, "trailing ','");
  }
  SECTION("quotes") {
    check_syntax_error(R"(dev:label="abc)", 11, "unterminated quoted string");
    check_syntax_error(R"(dev:label='it\'s)", 11, "unterminated quoted string");
    check_syntax_error(R"(dev:label="abc\)", 15, "dangling backslash");
    check_syntax_error(R"(dev:label="a"b,x=1)", 14, "expected ',' or end of string");
  }
  SECTION("columns count from the raw text, leading spaces included") {
    check_syntax_error("   dev:shots=1,", 16, "trailing ','");
  }
}

// Found by fuzz/fuzz_kwargs (seed fuzz/seeds/kwargs/crash-invalid-utf8): a value that is not UTF-8 was
// accepted, and the canonical kwargs built from it were not valid JSON. The JSON syntax rejects it too.
TEST_CASE("Values that are not valid UTF-8 are rejected at the offending byte", "[config][errors]") {
  const std::string what = " is not valid UTF-8";
  check_syntax_error("dev:label=ab\xff", 13, "the value of key 'label'" + what);
  check_syntax_error("dev:label=\"\xc3\xa9\xc3\"", 14, "the value of key 'label'" + what);  // truncated
  check_syntax_error("dev:x=\xed\xa0\x80", 7, "the value of key 'x'" + what);               // a surrogate
  check_syntax_error("dev:x=\xc0\xaf", 7, "the value of key 'x'" + what);                   // overlong '/'
  check_syntax_error("dev:x=\xf4\x90\x80\x80", 7, "the value of key 'x'" + what);           // > U+10FFFF
  std::string message = error_message(ErrorCode::Config, [&] { parse_kwargs("a=1,b='\x80'"); });
  CHECK_THAT(message, Contains("column 8: the value of key 'b'" + what));
  const std::string text = "dev:label=\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80";  // e-acute, euro, emoji
  CHECK(parse_config(text).kwargs.at("label").as_string() == text.substr(10));
}

TEST_CASE("The kwargs-only form reports columns within its own text", "[config][errors]") {
  std::string message = error_message(ErrorCode::Config, [&] { parse_kwargs("shots=1,shots=2"); });
  CHECK_THAT(message, Contains("column 9: key 'shots' given twice"));
}

TEST_CASE("JSON config errors", "[config][errors]") {
  struct Case {
    const char* text;
    const char* what;
  };
  for (const Case& c : {
           Case{R"({"device": "x",)", "config JSON is malformed"},
           Case{R"({"device": "x", "kwargs": {"shots": 1,}})", "config JSON is malformed"},
           Case{R"({"device": 5})", R"("device" must be a string)"},
           Case{R"({"device": null, "shots": 1})", R"("device" must be a string)"},
           Case{R"({"kwargs": {"shots": 1}})", R"(missing "device")"},
           Case{R"({"device": ""})", R"(missing "device")"},
           Case{R"({"device": "x", "library": 1})", R"("library" must be a string)"},
           Case{R"({"device": "x", "kwargs": [1]})", R"("kwargs" must be an object)"},
           Case{R"({"device": "x", "kwargs": {}, "shots": 1})", R"(unexpected key "shots" beside "kwargs")"},
       }) {
    INFO(c.text);
    std::string message = error_message(ErrorCode::Config, [&] { parse_config(c.text); });
    CHECK_THAT(message, Contains(c.what));
  }
  std::string message = error_message(ErrorCode::Config, [&] { parse_kwargs(R"({"shots": )"); });
  CHECK_THAT(message, Contains("config JSON is malformed"));
  message = error_message(ErrorCode::Config, [&] { parse_kwargs("[1, 2]"); });  // not '{': key=value syntax
  CHECK_THAT(message, Contains("column 1"));
}

// Malformed JSON is reported at the column where the parser stopped, without Boost's source location.
TEST_CASE("Malformed JSON config errors give the column", "[config][errors]") {
  const std::string text = R"({"device": "x", "kwargs": {"shots": 1,}})";
  std::string message = error_message(ErrorCode::Config, [&] { parse_config(text); });
  CHECK_THAT(message, Contains("column " + std::to_string(text.find(",}") + 2)));
  CHECK_THAT(message, !Contains("boost/json/"));
}

// Host bug: Boost.JSON 1.81 keeps the last of duplicate keys, so a JSON config with a key given twice is
// silently accepted (the key=value syntax rejects it). Expected: Config error naming the key.
TEST_CASE("Duplicate keys in a JSON config are rejected", "[config][errors][!mayfail]") {
  for (const char* text : {R"({"device": "x", "kwargs": {"shots": 1, "shots": 2}})",
                           R"({"device": "x", "shots": 1, "shots": 2})", R"({"device": "x", "device": "y"})"}) {
    INFO(text);
    std::string message = error_message(ErrorCode::Config, [&] { parse_config(text); });
    CHECK_THAT(message, Contains("given twice") || Contains("duplicate"));
  }
}
