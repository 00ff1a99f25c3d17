// Kwargs that fail the device's schema: ErrorCode::Config naming the device and the key, what was
// expected and what was given; unknown keys suggest the nearest valid one. Also malformed schemas and
// the nearest-name rule itself.
#include <qrt/runtime.hpp>

#include "config/kwargs_schema.hpp"
#include "config/nearest_name.hpp"
#include "support/expect_error.hpp"
#include "support/plugin_files.hpp"

#include <boost/json/value.hpp>

#include <stdexcept>
#include <string>

using Catch::Matchers::Contains;
using qrt::ErrorCode;
using qrt::Runtime;
using namespace qrt::test;

namespace {

struct Fixture {
  PluginFolder folder{fake_plugin("fake_good")};
  Runtime runtime{folder.options()};

  std::string config_error(const std::string& config) {
    INFO("config: " << config);
    return error_message(ErrorCode::Config, [&] { runtime.open(config); });
  }
};

}  // namespace

TEST_CASE_METHOD(Fixture, "An unknown key suggests the nearest valid key and lists them all", "[kwargs][errors]") {
  std::string message = config_error("fake.good:shost=5");
  CHECK_THAT(message, Contains("fake.good: unknown kwarg 'shost' (did you mean 'shots'?)"));
  CHECK_THAT(message, Contains("valid kwargs: shots, seed, depth, scale, label, mode, verbose"));

  CHECK_THAT(config_error("fake.good:Verbos=true"), Contains("did you mean 'verbose'?"));
  message = config_error("fake.good:zzzzzzzz=1");
  CHECK_THAT(message, Contains("unknown kwarg 'zzzzzzzz'") && !Contains("did you mean"));
  CHECK(runtime.pool_stats().misses == 0);  // nothing reached the plugin
}

TEST_CASE_METHOD(Fixture, "A wrong type names the key, the expected type and the given value", "[kwargs][errors]") {
  struct Case {
    const char* config;
    const char* what;
  };
  for (const Case& c : {
           Case{"fake.good:shots=abc", R"(kwarg 'shots' expects an int, got string "abc")"},
           Case{"fake.good:shots=1.5", "kwarg 'shots' expects an int, got float 1.5"},
           Case{"fake.good:shots=true", "kwarg 'shots' expects an int, got bool true"},
           Case{"fake.good:shots=null", "kwarg 'shots' expects a non-null int, got null"},
           Case{"fake.good:scale=fast", R"(kwarg 'scale' expects a float, got string "fast")"},
           Case{"fake.good:verbose=1", "kwarg 'verbose' expects a bool (true or false), got int 1"},
           Case{"fake.good:verbose=yes", R"(kwarg 'verbose' expects a bool (true or false), got string "yes")"},
           Case{R"({"device": "fake.good", "label": 7})", "kwarg 'label' expects a string, got int 7"},
           Case{R"({"device": "fake.good", "depth": [1]})", "kwarg 'depth' expects an int, got JSON value [1]"},
       }) {
    std::string message = config_error(c.config);
    CHECK_THAT(message, Contains(std::string("fake.good: ") + c.what));
  }
}

TEST_CASE_METHOD(Fixture, "Out of range and not-a-choice name the key, the allowed values and the given value",
                 "[kwargs][errors]") {
  CHECK_THAT(config_error("fake.good:shots=-1"),
             Contains("fake.good: kwarg 'shots' must be >= ") && Contains("got -1"));
  CHECK_THAT(config_error("fake.good:depth=65"), Contains("kwarg 'depth' must be in [") && Contains("got 65"));
  CHECK_THAT(config_error("fake.good:depth=0"), Contains("kwarg 'depth' must be in [") && Contains("got 0"));
  CHECK_THAT(config_error("fake.good:scale=10.5"), Contains("kwarg 'scale' must be in [") && Contains("got "));
  CHECK_THAT(config_error("fake.good:mode=slow"),
             Contains(R"(fake.good: kwarg 'mode' must be one of "fast", "exact", got "slow")"));
  // The bounds themselves are accepted.
  CHECK(runtime.resolve("fake.good:depth=1,scale=0").type());
  CHECK(runtime.resolve("fake.good:depth=64,scale=10").type());
}

// Bounds and values in their shortest form ("in [1, 64]", ">= 0", "10.5"), not Boost.JSON's "6.4E1".
TEST_CASE_METHOD(Fixture, "Range errors spell numbers plainly", "[kwargs][errors]") {
  CHECK_THAT(config_error("fake.good:depth=65"), Contains("kwarg 'depth' must be in [1, 64], got 65"));
  CHECK_THAT(config_error("fake.good:shots=-1"), Contains("kwarg 'shots' must be >= 0, got -1"));
  CHECK_THAT(config_error("fake.good:scale=10.5"), Contains("kwarg 'scale' must be in [0, 10], got 10.5"));
}

TEST_CASE("A device without kwargs says so", "[kwargs][errors]") {
  auto schema = qrt::config::KwargsSchema::from_json(R"({"kwargs": []})");
  std::string message = error_message(ErrorCode::Config, [&] {
    schema.canonicalize(boost::json::object{{"shots", 1}}, {}, "bare.device");
  });
  CHECK_THAT(message, Contains("bare.device: unknown kwarg 'shots'") && Contains("the device takes no kwargs"));
  CHECK(schema.canonicalize({}, {}, "bare.device") == "{}");
}

TEST_CASE("Malformed schema texts are rejected with the reason", "[kwargs][errors]") {
  using qrt::config::KwargsSchema;
  struct Case {
    const char* schema;
    const char* what;
  };
  for (const Case& c : {
           Case{R"({"kwarg": []})", R"(an object with a "kwargs" array)"},
           Case{R"({"kwargs": {}})", R"(an object with a "kwargs" array)"},
           Case{R"({"kwargs": [1]})", "entries must be objects"},
           Case{R"({"kwargs": [{"type": "int"}]})", R"(without a string "name" and "type")"},
           Case{R"({"kwargs": [{"name": "x", "type": "complex"}]})", "unknown kwarg type 'complex'"},
           Case{R"({"kwargs": [{"name": "x", "type": "int"}, {"name": "x", "type": "bool"}]})", "declares 'x' twice"},
           // Found by fuzz/fuzz_kwargs_schema (seed fuzz/seeds/kwargs_schema/crash-infinite-default): such
           // defaults made the canonical kwargs invalid JSON (`Infinity`, or nested values).
           Case{R"({"kwargs": [{"name": "x", "type": "float", "default": 1e999}]})",
                R"('x': "default" is not a finite number)"},
           Case{R"({"kwargs": [{"name": "x", "type": "float", "max": -1e400}]})",
                R"('x': "max" is not a finite number)"},
           Case{R"({"kwargs": [{"name": "x", "type": "int", "default": [1]}]})", "'x': the default must be a scalar"},
           Case{R"({"kwargs": [{"name": "x", "type": "string", "default": {}}]})", "'x': the default must be a scalar"},
       }) {
    INFO(c.schema);
    CHECK_THROWS_WITH(KwargsSchema::from_json(c.schema), Contains(c.what));
  }
  CHECK_THROWS(KwargsSchema::from_json(R"({"kwargs": [)"));
}

TEST_CASE("Nearest name: case-insensitive edit distance within a typo's reach", "[kwargs]") {
  using qrt::config::edit_distance;
  using qrt::config::nearest_name;
  CHECK(edit_distance("shots", "shots") == 0);
  CHECK(edit_distance("SHOTS", "shots") == 0);
  CHECK(edit_distance("shost", "shots") == 2);
  CHECK(edit_distance("", "seed") == 4);
  CHECK(edit_distance("kitten", "sitting") == 3);

  const std::vector<std::string> names = {"shots", "seed", "max_qubits"};
  CHECK(nearest_name("shot", names) == "shots");
  CHECK(nearest_name("sed", names) == "seed");
  CHECK(nearest_name("max_qbits", names) == "max_qubits");
  CHECK_FALSE(nearest_name("zzzzzzzz", names).has_value());
  CHECK_FALSE(nearest_name("anything", {}).has_value());
}
