// Issue 35, item 7: environment switches are read strictly (host/src/config/environment.hpp). A value
// outside the documented spellings is an error naming the variable and the value — never a switch
// silently left off (QRT_ISOLATE=2), turned on (QRT_ALLOW_UNSAFE_PLUGINS=no) or a number silently
// replaced by its default (QRT_SCAN_TIMEOUT=abc).
#include "reliability_support.hpp"

#include "config/environment.hpp"
#include "registry/plugin_trust.hpp"

#include <qrt/error.hpp>

#include <catch2/catch.hpp>

#if QRT_TEST_HAVE_QIR
#include <qrt/qir/program.hpp>
#endif

using namespace reliability_test;
using Catch::Matchers::Contains;

namespace {

// What constructing a runtime says, "" when it works.
std::string runtime_failure() {
  return failure_of([] { qrt::Runtime runtime(test_plugins()); });
}

}  // namespace

TEST_CASE("environment: switches take 1/true/yes/on and 0/false/no/off in any case, nothing else",
          "[reliability][environment]") {
  for (const char* on : {"1", "true", "TRUE", "Yes", "on", " on "}) {
    ScopedEnvironment set("QRT_ALLOW_UNSAFE_PLUGINS", on);
    CHECK(qrt::TrustPolicy::from(false).allow_unsafe);
  }
  for (const char* off : {"0", "false", "no", "NO", "off", ""}) {
    ScopedEnvironment set("QRT_ALLOW_UNSAFE_PLUGINS", off);
    INFO("'" << off << "'");
    CHECK_FALSE(qrt::TrustPolicy::from(false).allow_unsafe);  // "no" turned unsafe loading on before
  }
  ScopedEnvironment set("QRT_ALLOW_UNSAFE_PLUGINS", "maybe");
  CHECK_THROWS_WITH(qrt::TrustPolicy::from(false), Contains("QRT_ALLOW_UNSAFE_PLUGINS = 'maybe': expected a switch"));
}

TEST_CASE("environment: a bad QRT_ISOLATE or QRT_SCAN_ISOLATED stops the runtime, naming it",
          "[reliability][environment]") {
  for (const char* bad : {"abc", "2", "-1"}) {
    INFO(bad);
    {
      ScopedEnvironment set("QRT_ISOLATE", bad);
      CHECK_THAT(runtime_failure(), Contains(std::string("QRT_ISOLATE = '") + bad + "'"));  // ran in process before
    }
    {
      ScopedEnvironment set("QRT_SCAN_ISOLATED", bad);
      CHECK_THAT(runtime_failure(), Contains(std::string("QRT_SCAN_ISOLATED = '") + bad + "'"));
    }
  }
  ScopedEnvironment off("QRT_ISOLATE", "off");
  CHECK(runtime_failure().empty());
}

TEST_CASE("environment: numbers are numbers in their range, or an error naming the variable",
          "[reliability][environment]") {
  {
    ScopedEnvironment scan("QRT_SCAN_ISOLATED", "1");
    for (const char* bad : {"abc", "-5", "0", "10s", "nan"}) {
      ScopedEnvironment timeout("QRT_SCAN_TIMEOUT", bad);
      INFO(bad);  // each was silently 10 s before
      CHECK_THAT(runtime_failure(),
                 Contains(std::string("QRT_SCAN_TIMEOUT = '") + bad + "': expected a positive number"));
    }
    ScopedEnvironment good("QRT_SCAN_TIMEOUT", "2.5");
    CHECK(runtime_failure().empty());
    CHECK(qrt::config::environment_seconds("QRT_SCAN_TIMEOUT") == 2.5);
  }
  {
    ScopedEnvironment memory("QRT_ISOLATE_MEMORY", "2G");  // the byte sizes QRT_POOL_MAX_BYTES takes
    CHECK(qrt::config::environment_bytes("QRT_ISOLATE_MEMORY") == (std::uint64_t{2} << 30));
  }
  for (const char* bad : {"lots", "0", "-1"}) {
    ScopedEnvironment memory("QRT_ISOLATE_MEMORY", bad);
    CHECK_THROWS_WITH(qrt::config::environment_bytes("QRT_ISOLATE_MEMORY"),
                      Contains(std::string("QRT_ISOLATE_MEMORY = '") + bad));
  }
  {
    ScopedEnvironment pool("QRT_POOL_MAX_INACTIVE", "many");
    CHECK_THAT(runtime_failure(), Contains("QRT_POOL_MAX_INACTIVE = 'many'"));
  }
  ScopedEnvironment unset("QRT_SCAN_TIMEOUT", std::nullopt);
  CHECK_FALSE(qrt::config::environment_seconds("QRT_SCAN_TIMEOUT").has_value());
}

TEST_CASE("environment: an isolated device reads QRT_ISOLATE_TIMEOUT strictly", "[reliability][environment]") {
  ScopedEnvironment timeout("QRT_ISOLATE_TIMEOUT", "soon");
  qrt::Runtime runtime(test_plugins());
  const std::string message = failure_of([&] { runtime.open("null.qubit:isolate=true"); });
  CHECK_THAT(message, Contains("QRT_ISOLATE_TIMEOUT = 'soon'"));
  CHECK(failure_of([&] { runtime.open("null.qubit"); }).empty());  // only isolated devices read it
}

#if QRT_TEST_HAVE_QIR
TEST_CASE("environment: QRT_QIR_JIT is a switch", "[reliability][environment]") {
  const std::string file = std::string(QRT_TEST_RELIABILITY_PROGRAMS) + "/x_measure.ll";
  {
    ScopedEnvironment jit("QRT_QIR_JIT", "no");
    CHECK(qrt::qir::Program::load(file).lowered());  // "no" compiled it before
  }
  {
    ScopedEnvironment jit("QRT_QIR_JIT", "yes");
    CHECK_FALSE(qrt::qir::Program::load(file).lowered());
  }
  ScopedEnvironment jit("QRT_QIR_JIT", "always");
  CHECK_THROWS_WITH(qrt::qir::Program::load(file), Contains("QRT_QIR_JIT = 'always'"));
}
#endif
