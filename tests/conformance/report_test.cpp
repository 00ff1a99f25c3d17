// Reports: the JSON document and the text agree with the results; a file that does not load is a
// failed report naming the file and the cause; bad options are clear errors; a fixed seed reproduces.
#include "conformance_support.hpp"

#include <qrt/device_api.h>
#include <qrt/error.hpp>

#include <boost/json.hpp>
#include <unistd.h>

#include <fstream>
#include <map>

using Catch::Matchers::Contains;
using conformance_test::tiny_plugin;
using qrt::conformance::Outcome;

TEST_CASE("The JSON report holds every result and consistent summaries", "[conformance][report]") {
  qrt::conformance::Options options;
  options.kwargs = "inject=rz_sign";
  const qrt::conformance::Report report = qrt::conformance::check(tiny_plugin(), options);
  const boost::json::object doc = boost::json::parse(qrt::conformance::to_json(report)).as_object();
  CHECK(doc.at("plugin").as_string() == "tiny");
  CHECK(doc.at("abi").as_string() ==
        std::to_string(QRT_ABI_VERSION_MAJOR) + "." + std::to_string(QRT_ABI_VERSION_MINOR));
  CHECK(doc.at("passed").as_bool() == false);
  CHECK(doc.at("load_error").is_null());
  const boost::json::array& devices = doc.at("devices").as_array();
  REQUIRE(devices.size() == 1);
  const boost::json::object& device = devices[0].as_object();
  CHECK(device.at("name").as_string() == "tiny.qubit");
  CHECK(device.at("simulating").as_bool());
  CHECK(device.at("observed_through").as_string() == "state");
  const boost::json::array& checks = device.at("checks").as_array();
  REQUIRE(checks.size() == report.devices[0].checks.size());
  std::map<std::string, std::int64_t> tally;
  bool found_rz = false;
  for (const auto& c : checks) {
    ++tally[std::string(c.at("outcome").as_string())];
    if (c.at("group").as_string() == "gates" && c.at("name").as_string() == "RZ") {
      found_rz = true;
      CHECK(c.at("outcome").as_string() == "failed");
      CHECK_THAT(std::string(c.at("detail").as_string()), Contains("RZ("));
    }
  }
  CHECK(found_rz);
  const boost::json::object& summary = device.at("summary").as_object();
  CHECK(summary.at("passed").to_number<std::int64_t>() == tally["passed"]);
  CHECK(summary.at("failed").to_number<std::int64_t>() == tally["failed"]);
  CHECK(summary.at("not_checked").to_number<std::int64_t>() == tally["not checked"]);
  CHECK(summary.at("notes").to_number<std::int64_t>() == tally["note"]);
  CHECK(tally["failed"] >= 1);
}

TEST_CASE("The text report has a line per check and the verdict", "[conformance][report]") {
  const qrt::conformance::Report good = qrt::conformance::check(tiny_plugin());
  const std::string text = qrt::conformance::to_text(good);
  CHECK_THAT(
      text, Contains("plugin tiny 0.1.0") && Contains("device tiny.qubit 0.1.0 (observed through state; simulating)") &&
                Contains("  PASS  gates/RY: ") && Contains("  SKIP  gates/MyGate: ") && Contains("verdict: PASSED"));
  std::size_t lines = 0;
  for (char ch : text) lines += ch == '\n';
  CHECK(lines > good.devices[0].checks.size());

  qrt::conformance::Options options;
  options.kwargs = "inject=cnot_reversed";
  CHECK_THAT(qrt::conformance::to_text(qrt::conformance::check(tiny_plugin(), options)),
             Contains("  FAIL  gates/CNOT: ") && Contains("verdict: FAILED"));
}

TEST_CASE("A file that does not load is a failed report naming the file and the cause", "[conformance][report]") {
  const auto text_file =
      std::filesystem::temp_directory_path() / ("qrt_conformance_" + std::to_string(::getpid()) + ".so");
  std::ofstream(text_file) << "This is a text file named like a plugin; it is long enough to have no ELF header.\n";
  const qrt::conformance::Report report = qrt::conformance::check(text_file);
  std::filesystem::remove(text_file);
  CHECK_FALSE(report.passed());
  REQUIRE(report.load_error);
  CHECK_THAT(*report.load_error, Contains(text_file.filename().string()) && Contains("cannot load"));
  CHECK(report.devices.empty());
  CHECK_THAT(qrt::conformance::to_text(report), Contains("FAIL  load: ") && Contains("verdict: FAILED"));
  const boost::json::object doc = boost::json::parse(qrt::conformance::to_json(report)).as_object();
  CHECK_THAT(std::string(doc.at("load_error").as_string()), Contains("cannot load"));
  CHECK(doc.at("passed").as_bool() == false);

  const qrt::conformance::Report missing = qrt::conformance::check("/nonexistent/qrt_no_such_plugin.so");
  REQUIRE(missing.load_error);
  CHECK_THAT(*missing.load_error, Contains("qrt_no_such_plugin.so") && Contains("no such file"));
}

TEST_CASE("Bad options are clear errors", "[conformance][report]") {
  qrt::conformance::Options options;
  options.device = "nope.qubit";
  try {
    qrt::conformance::check(tiny_plugin(), options);
    FAIL("an unknown device was accepted");
  } catch (const qrt::Error& e) {
    CHECK(e.code() == qrt::ErrorCode::NotFound);
    CHECK_THAT(e.what(), Contains("no device 'nope.qubit'") && Contains("it offers: tiny.qubit"));
  }
  options.device = "tiny.qubit";
  CHECK(qrt::conformance::check(tiny_plugin(), options).devices.size() == 1);

  options.kwargs = "shots=-3";
  try {
    qrt::conformance::check(tiny_plugin(), options);
    FAIL("invalid kwargs were accepted");
  } catch (const qrt::Error& e) {
    CHECK(e.code() == qrt::ErrorCode::Config);
    CHECK_THAT(e.what(), Contains("shots"));
  }
}

TEST_CASE("A fixed seed reproduces the report", "[conformance][report]") {
  qrt::conformance::Options options;
  options.kwargs = "inject=rz_sign";
  options.seed = 99;
  const std::string first = qrt::conformance::to_json(qrt::conformance::check(tiny_plugin(), options));
  const std::string second = qrt::conformance::to_json(qrt::conformance::check(tiny_plugin(), options));
  CHECK(first == second);
}
