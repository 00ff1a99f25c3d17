// Config string syntax (config/config_string): every accepted form, and what each value spelling
// becomes. Expectations are JSON values written out here, not produced by the code under test.
#include "config/config_string.hpp"

#include "support/expect_error.hpp"

#include <boost/json/value.hpp>

using qrt::config::parse_config;
using qrt::config::parse_kwargs;
using qrt::config::ParsedConfig;

namespace json = boost::json;

TEST_CASE("NAME", "[config]") {
  for (const char* text : {"null.qubit", "  null.qubit\t ", "null.qubit:", "null.qubit:  "}) {
    INFO(text);
    ParsedConfig c = parse_config(text);
    CHECK(c.device == "null.qubit");
    CHECK(c.library.empty());
    CHECK(c.kwargs.empty());
  }
  CHECK(parse_config("Dev_2-x.y").device == "Dev_2-x.y");
}

TEST_CASE("NAME:key=value,...", "[config]") {
  ParsedConfig c = parse_config("statevector.qubit:shots=1000,seed=7");
  CHECK(c.device == "statevector.qubit");
  CHECK(c.library.empty());
  CHECK(c.kwargs == json::object{{"shots", 1000}, {"seed", 7}});

  // Spaces around names, keys, '=', values and ',' are not part of them.
  ParsedConfig spaced = parse_config(" statevector.qubit : shots = 1000 ,  seed=7 ");
  CHECK(spaced.device == "statevector.qubit");
  CHECK(spaced.kwargs == c.kwargs);
}

TEST_CASE("NAME@LIBRARY and NAME@LIBRARY:key=value", "[config]") {
  ParsedConfig c = parse_config("my.qubit@./libmy.so:shots=10");
  CHECK(c.device == "my.qubit");
  CHECK(c.library == "./libmy.so");
  CHECK(c.kwargs == json::object{{"shots", 10}});

  ParsedConfig bare = parse_config("my.qubit@/opt/qrt/lib/my-plugin.so");
  CHECK(bare.device == "my.qubit");
  CHECK(bare.library == "/opt/qrt/lib/my-plugin.so");
  CHECK(bare.kwargs.empty());

  CHECK(parse_config("my.qubit @ relative/dir/lib.so : shots=1").library == "relative/dir/lib.so");
}

TEST_CASE("Values are typed by their spelling", "[config]") {
  ParsedConfig c = parse_config(
      "d:t=true,f=false,n=null,neg=-3,plus=+5,exp=1e3,negexp=-2.5E-2,frac=.5,real=1.0,word=exact,zeros=007,"
      "mixed=3abc,path=/tmp/a=b");
  const json::object expected{{"t", true},         {"f", false},      {"n", nullptr},     {"neg", -3},
                              {"plus", 5},         {"exp", 1000.0},   {"negexp", -0.025}, {"frac", 0.5},
                              {"real", 1.0},       {"word", "exact"}, {"zeros", 7},       {"mixed", "3abc"},
                              {"path", "/tmp/a=b"}};
  CHECK(c.kwargs == expected);
  CHECK(c.kwargs.at("neg").is_int64());
  CHECK(c.kwargs.at("exp").is_double());
  CHECK(c.kwargs.at("real").is_double());
  // Every unquoted value keeps its text, so a string-typed kwarg can take it verbatim ("007", not 7).
  CHECK(c.bare_tokens.at("zeros") == "007");
  CHECK(c.bare_tokens.at("real") == "1.0");
  CHECK(c.bare_tokens.size() == expected.size());
}

TEST_CASE("Quoted strings keep commas, '=' and escaped quotes, quoting makes a string", "[config]") {
  ParsedConfig c =
      parse_config(R"(d:label="a,b \"c\" \\ d=e",single='it\'s, ok',empty="",number="10",spaced=  "x y"  )");
  const json::object expected{
      {"label", R"(a,b "c" \ d=e)"}, {"single", "it's, ok"}, {"empty", ""}, {"number", "10"}, {"spaced", "x y"}};
  CHECK(c.kwargs == expected);
  CHECK(c.kwargs.at("number").is_string());
  CHECK(c.bare_tokens.empty());  // nothing was unquoted
}

TEST_CASE("JSON objects, nested or flat", "[config]") {
  const json::object expected{{"shots", 10}, {"label", "a,b"}, {"scale", -1.5e-3}, {"seed", nullptr}};

  ParsedConfig nested = parse_config(
      R"({"device": "fake.good", "library": "/x/y.so", "kwargs": {"shots": 10, "label": "a,b", "scale": -1.5e-3, "seed": null}})");
  CHECK(nested.device == "fake.good");
  CHECK(nested.library == "/x/y.so");
  CHECK(nested.kwargs == expected);

  ParsedConfig flat =
      parse_config(R"(  {"shots": 10, "label": "a,b", "device": "fake.good", "scale": -1.5e-3, "seed": null} )");
  CHECK(flat.device == "fake.good");
  CHECK(flat.library.empty());
  CHECK(flat.kwargs == expected);
  CHECK(flat.bare_tokens.empty());
}

TEST_CASE("The kwargs part alone: key=value, JSON object or nothing", "[config]") {
  CHECK(parse_kwargs("").kwargs.empty());
  CHECK(parse_kwargs("   ").kwargs.empty());
  CHECK(parse_kwargs("shots=10, seed=1").kwargs == json::object{{"shots", 10}, {"seed", 1}});
  CHECK(parse_kwargs(R"({"shots": 10, "seed": 1})").kwargs == json::object{{"shots", 10}, {"seed", 1}});
  // In the kwargs-only form "device" is an ordinary key.
  CHECK(parse_kwargs(R"({"device": 3})").kwargs == json::object{{"device", 3}});
}
