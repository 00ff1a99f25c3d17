// Where the limits come from: RuntimeOptions::pool over the environment over "no limit"; how counts
// and byte sizes are spelled, and the errors for anything else; the JSON form of the statistics.
#include <qrt/pool_policy.hpp>
#include <qrt/runtime.hpp>

#include "support/expect_error.hpp"
#include "support/plugin_files.hpp"
#include "support/scoped_env.hpp"

#include <boost/json.hpp>
#include <catch2/catch.hpp>

#include <string>

using Catch::Matchers::Contains;
using qrt::ErrorCode;
using qrt::Runtime;
using namespace qrt::test;

namespace {

// Every pool variable unset for the scope, so that the caller's environment cannot leak in.
struct CleanPoolEnvironment {
  ScopedEnv count{qrt::kPoolMaxInactiveEnv, std::nullopt};
  ScopedEnv per_key{qrt::kPoolMaxInactivePerKeyEnv, std::nullopt};
  ScopedEnv bytes{qrt::kPoolMaxBytesEnv, std::nullopt};
};

qrt::RuntimeOptions null_qubit_only() { return {{QRT_TEST_PLUGIN_DIR}, false}; }

}  // namespace

TEST_CASE("Byte sizes: integers with optional binary multiples", "[pool][policy]") {
  CHECK(qrt::parse_byte_size("0", "x") == 0);
  CHECK(qrt::parse_byte_size("123", "x") == 123);
  CHECK(qrt::parse_byte_size(" 64K ", "x") == 64 * 1024);
  CHECK(qrt::parse_byte_size("512M", "x") == 512ull * 1024 * 1024);
  CHECK(qrt::parse_byte_size("512MiB", "x") == 512ull * 1024 * 1024);
  CHECK(qrt::parse_byte_size("3g", "x") == 3ull * 1024 * 1024 * 1024);
  CHECK(qrt::parse_byte_size("2GB", "x") == 2ull * 1024 * 1024 * 1024);
  CHECK(qrt::parse_byte_size("1T", "x") == 1ull << 40);
  CHECK(qrt::parse_byte_size("100B", "x") == 100);
  CHECK(qrt::parse_byte_size("18446744073709551615", "x") == 18446744073709551615ull);

  for (const char* bad : {"", "-1", "1.5G", "12Q", "G", "4 K B", "0x10", "18446744073709551616", "16777216T"}) {
    INFO(bad);
    const std::string message =
        error_message(ErrorCode::Config, [&] { qrt::parse_byte_size(bad, "--pool-max-bytes"); });
    CHECK_THAT(message, Contains("--pool-max-bytes") && Contains("'" + std::string(bad) + "'"));
  }
}

TEST_CASE("Counts: non-negative integers only", "[pool][policy]") {
  CHECK(qrt::parse_count("0", "n") == 0);
  CHECK(qrt::parse_count(" 17\t", "n") == 17);
  for (const char* bad : {"", "-3", "+3", "2.0", "ten", "99999999999999999999"}) {
    INFO(bad);
    const std::string message =
        error_message(ErrorCode::Config, [&] { qrt::parse_count(bad, "QRT_POOL_MAX_INACTIVE"); });
    CHECK_THAT(message, Contains("QRT_POOL_MAX_INACTIVE") && Contains("non-negative integer"));
  }
}

TEST_CASE("The environment sets the limits, RuntimeOptions override it field by field", "[pool][policy]") {
  CleanPoolEnvironment clean;
  {
    Runtime runtime(null_qubit_only());
    CHECK_FALSE(runtime.pool_policy().max_inactive);
    CHECK_FALSE(runtime.pool_policy().max_bytes);
  }
  ScopedEnv count(qrt::kPoolMaxInactiveEnv, "1");
  ScopedEnv bytes(qrt::kPoolMaxBytesEnv, "2M");
  ScopedEnv per_key(qrt::kPoolMaxInactivePerKeyEnv, "  ");  // blank: no limit
  {
    Runtime runtime(null_qubit_only());
    CHECK(runtime.pool_policy().max_inactive == 1u);
    CHECK(runtime.pool_policy().max_bytes == 2u * 1024 * 1024);
    CHECK_FALSE(runtime.pool_policy().max_inactive_per_key);
    // And it is enforced: two idle instances > 1.
    runtime.open("null.qubit:seed=1").release();
    runtime.open("null.qubit:seed=2").release();
    CHECK(runtime.pool_stats().inactive == 1);
    CHECK(runtime.pool_stats().evictions == 1);
  }
  {
    qrt::RuntimeOptions options = null_qubit_only();
    options.pool.max_inactive = 3;
    Runtime runtime(options);
    CHECK(runtime.pool_policy().max_inactive == 3u);
    CHECK(runtime.pool_policy().max_bytes == 2u * 1024 * 1024);  // not set in options: from the environment
    for (int seed = 1; seed <= 3; ++seed) runtime.open("null.qubit:seed=" + std::to_string(seed)).release();
    CHECK(runtime.pool_stats().inactive == 3);
  }
}

TEST_CASE("A malformed pool variable stops the Runtime with a message naming it", "[pool][policy]") {
  CleanPoolEnvironment clean;
  SECTION("count") {
    ScopedEnv bad(qrt::kPoolMaxInactiveEnv, "many");
    const std::string message = error_message(ErrorCode::Config, [] { Runtime runtime(null_qubit_only()); });
    CHECK_THAT(message, Contains("QRT_POOL_MAX_INACTIVE") && Contains("'many'"));
  }
  SECTION("per key") {
    ScopedEnv bad(qrt::kPoolMaxInactivePerKeyEnv, "-1");
    const std::string message = error_message(ErrorCode::Config, [] { Runtime runtime(null_qubit_only()); });
    CHECK_THAT(message, Contains("QRT_POOL_MAX_INACTIVE_PER_KEY") && Contains("'-1'"));
  }
  SECTION("bytes") {
    ScopedEnv bad(qrt::kPoolMaxBytesEnv, "lots");
    const std::string message = error_message(ErrorCode::Config, [] { Runtime runtime(null_qubit_only()); });
    CHECK_THAT(message, Contains("QRT_POOL_MAX_BYTES") && Contains("'lots'"));
  }
}

TEST_CASE("Pool statistics as JSON", "[pool][policy]") {
  CleanPoolEnvironment clean;
  qrt::RuntimeOptions options = null_qubit_only();
  options.pool.max_inactive_per_key = 4;
  Runtime runtime(options);
  qrt::Device held = runtime.open("null.qubit:shots=5");
  runtime.open("null.qubit:shots=5").release();
  runtime.open("null.qubit:shots=5").release();

  const boost::json::object doc = boost::json::parse(qrt::to_json(runtime.pool_stats())).as_object();
  CHECK(doc.at("hits").as_int64() == 1);
  CHECK(doc.at("misses").as_int64() == 2);
  CHECK(doc.at("creations").as_int64() == 2);
  CHECK(doc.at("destructions").as_int64() == 0);
  CHECK(doc.at("evictions").as_int64() == 0);
  CHECK(doc.at("active").as_int64() == 1);
  CHECK(doc.at("inactive").as_int64() == 1);
  CHECK(doc.at("bytes").as_int64() > 0);
  const auto& policy = doc.at("policy").as_object();
  CHECK(policy.at("max_inactive").is_null());
  CHECK(policy.at("max_inactive_per_key").as_int64() == 4);
  CHECK(policy.at("max_bytes").is_null());
  const auto& keys = doc.at("keys").as_array();
  REQUIRE(keys.size() == 1);
  const auto& key = keys[0].as_object();
  CHECK(key.at("device").as_string() == "null.qubit");
  CHECK(key.at("kwargs").as_object().at("shots").as_int64() == 5);
  CHECK(key.at("active").as_int64() == 1);
  CHECK(key.at("inactive").as_int64() == 1);
  CHECK(key.at("bytes") == doc.at("bytes"));
}
