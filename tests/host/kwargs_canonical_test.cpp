// Canonical kwargs: every spelling of the same configuration resolves to one canonical JSON text (the
// pool key's kwargs part): keys sorted, every schema key present, numbers typed by the schema.
#include <qrt/runtime.hpp>

#include "support/expect_error.hpp"
#include "support/plugin_files.hpp"

#include <boost/json/parse.hpp>
#include <boost/json/value.hpp>

#include <algorithm>
#include <string>
#include <vector>

using qrt::Runtime;
using namespace qrt::test;

namespace json = boost::json;

namespace {

// fake.good's schema defaults, written out from fake_device.h.
json::object fake_good_defaults() {
  return {{"depth", 4},      {"label", "none"}, {"mode", "fast"},  {"scale", 1.0},
          {"seed", nullptr}, {"shots", 0},      {"verbose", false}};
}

json::object with(json::object base, std::initializer_list<std::pair<json::string_view, json::value>> changes) {
  for (const auto& [key, value] : changes) base[key] = value;
  return base;
}

struct Fixture {
  PluginFolder folder{fake_plugin("fake_good"), real_plugin("qrt_null_qubit")};
  Runtime runtime{folder.options()};

  std::string canonical(const std::string& config) { return runtime.resolve(config).canonical_kwargs(); }
  json::object canonical_object(const std::string& config) { return json::parse(canonical(config)).as_object(); }
};

// Compact, keys in sorted order.
void check_canonical_text(const std::string& text) {
  INFO(text);
  CHECK(text.find(' ') == std::string::npos);
  const json::value parsed = json::parse(text);
  std::vector<std::string> keys;
  for (const auto& kv : parsed.as_object()) keys.emplace_back(kv.key());
  CHECK(std::is_sorted(keys.begin(), keys.end()));
}

}  // namespace

TEST_CASE_METHOD(Fixture, "Defaults fill every key the schema declares", "[kwargs]") {
  CHECK(canonical_object("fake.good") == fake_good_defaults());
  CHECK(canonical_object("null.qubit") == json::object{{"max_qubits", 1 << 20}, {"seed", nullptr}, {"shots", 0}});
  check_canonical_text(canonical("fake.good"));
  CHECK(canonical("fake.good:seed=null") == canonical("fake.good"));  // a nullable kwarg may be given null
}

TEST_CASE_METHOD(Fixture, "Every spelling of one configuration has one canonical form", "[kwargs]") {
  const std::string expected = canonical("fake.good:shots=10,seed=1");
  CHECK(json::parse(expected) == with(fake_good_defaults(), {{"shots", 10}, {"seed", 1}}));
  check_canonical_text(expected);

  for (const char* spelling : {
           "fake.good:seed=1, shots=10", "  fake.good : seed = 1 ,shots=10 ",
           R"({"device": "fake.good", "kwargs": {"seed": 1, "shots": 10}})",
           R"({"shots": 10, "device": "fake.good", "seed": 1})",
           "fake.good:shots=10,seed=1,scale=1,depth=4",  // defaults given explicitly
           "fake.good:verbose=false,mode=fast,label=none,shots=10,seed=1,scale=1.0",
           R"(fake.good:shots=10,seed=1,label="none",mode='fast')",  // quoted strings
       }) {
    INFO(spelling);
    CHECK(canonical(spelling) == expected);
  }
  CHECK(canonical("fake.good:shots=11,seed=1") != expected);
}

TEST_CASE_METHOD(Fixture, "A float kwarg given 1 or 1.0 is the same float", "[kwargs]") {
  const std::string expected = canonical("fake.good:scale=2.0");
  CHECK(json::parse(expected).at("scale").is_double());
  CHECK(json::parse(expected).at("scale").as_double() == 2.0);
  for (const char* spelling : {"fake.good:scale=2", "fake.good:scale=2e0", "fake.good:scale=+2",
                               R"({"device": "fake.good", "scale": 2})", R"({"device": "fake.good", "scale": 2.0})"}) {
    INFO(spelling);
    CHECK(canonical(spelling) == expected);
  }
}

// Found by fuzz/fuzz_kwargs (seed fuzz/seeds/kwargs/crash-inexact-double): Boost.JSON 1.81 converts some
// decimals to a neighbouring double, so a float's JSON spelling differed from its key=value spelling
// (std::from_chars, exact), and canonical kwargs did not canonicalise to themselves.
TEST_CASE_METHOD(Fixture, "A float kwarg has one value whether spelled key=value or JSON", "[kwargs]") {
  auto type = runtime.resolve("fake.good").type();
  for (const std::string number : {"1.3927926388013963e-143", "1.8088101387491814e-140"}) {
    INFO(number);
    const std::string expected = canonical("fake.good:scale=" + number);
    CHECK(canonical(R"({"device": "fake.good", "scale": )" + number + "}") == expected);
    CHECK(type->canonicalize_kwargs(expected) == expected);  // canonical text canonicalises to itself
  }
  CHECK_THAT(canonical("fake.good:scale=1.3927926388013963e-143"),
             Catch::Matchers::Contains(R"("scale":1.3927926388013963E-143)"));
}

TEST_CASE_METHOD(Fixture, "A string kwarg takes an unquoted token verbatim", "[kwargs]") {
  CHECK(canonical_object("fake.good:label=007").at("label") == "007");
  CHECK(canonical_object("fake.good:label=true").at("label") == "true");
  CHECK(canonical_object("fake.good:label=1.50").at("label") == "1.50");
  CHECK(canonical("fake.good:label=007") == canonical(R"(fake.good:label="007")"));
  CHECK(canonical("fake.good:label=007") == canonical(R"({"device": "fake.good", "label": "007"})"));
}

TEST_CASE_METHOD(Fixture, "Catalyst's (library, name, kwargs) form canonicalises the same way", "[kwargs]") {
  const std::string expected = canonical("fake.good:shots=10,seed=1");
  qrt::Device from_pairs = runtime.open("", "fake.good", "seed=1,shots=10");
  CHECK(from_pairs.canonical_kwargs() == expected);
  from_pairs.release();
  qrt::Device from_json = runtime.open(fake_plugin("fake_good").string(), "fake.good", R"({"shots":10,"seed":1})");
  CHECK(from_json.canonical_kwargs() == expected);
}

TEST_CASE_METHOD(Fixture, "DeviceType::canonicalize_kwargs takes the kwargs part alone", "[kwargs]") {
  auto type = runtime.resolve("fake.good").type();
  CHECK(type->canonicalize_kwargs("") == canonical("fake.good"));
  CHECK(type->canonicalize_kwargs("shots=10, seed=1") == canonical("fake.good:shots=10,seed=1"));
  CHECK(type->canonicalize_kwargs(R"({"seed":1,"shots":10})") == canonical("fake.good:shots=10,seed=1"));
}

// int64 values pass unchanged; only a double must be whole and below 2^53 to count as an int.
TEST_CASE_METHOD(Fixture, "Integers beyond 2^53 are valid int kwargs", "[kwargs]") {
  const std::int64_t big = std::int64_t{1} << 60;
  json::object c = canonical_object("null.qubit:seed=" + std::to_string(big));
  REQUIRE(c.at("seed").is_int64());
  CHECK(c.at("seed").as_int64() == big);
}
