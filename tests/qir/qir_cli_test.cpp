// `qrt run` on QIR: front end chosen by content, exit statuses, JSON, --timeout, --isolate.
#include "qir_support.hpp"

#include <boost/json.hpp>

using namespace qir_test;

TEST_CASE("qrt run picks the QIR front end by content and prints the output schema", "[qir][cli]") {
  // A bitcode file with a .txt name is still QIR.
  auto copy = std::filesystem::temp_directory_path() / ("qrt-qir-" + std::to_string(getpid()) + ".txt");
  std::filesystem::copy_file(program("bell_base.ll"), copy, std::filesystem::copy_options::overwrite_existing);
  auto r = qrt_cli("run " + quoted(copy) + " --shots 2 --seed 3");
  std::filesystem::remove(copy);
  CHECK(r.status == 0);
  CHECK_THAT(r.out, Catch::StartsWith("START\nMETADATA\tentry_point\n") && Catch::Contains("OUTPUT\tARRAY\t2\ta\n"));
}

TEST_CASE("qrt run -o json: every shot's records and a histogram", "[qir][cli]") {
  auto r = qrt_cli("run " + quoted(program("bell_base.ll")) + " --shots 50 --seed 3 -o json");
  REQUIRE(r.status == 0);
  auto doc = boost::json::parse(r.out).as_object();
  CHECK(doc.at("front_end") == "qir");
  CHECK(doc.at("entry") == "bell");
  CHECK(doc.at("results").as_array().size() == 50);
  CHECK(doc.at("metadata").at("qir_profiles") == "base_profile");
  auto& first = doc.at("results").at(0).at("records").as_array();
  CHECK(first.at(0).at("kind") == "ARRAY");
  CHECK(first.at(0).at("label") == "a");
  std::int64_t total = 0;
  for (const auto& [key, count] : doc.at("histogram").as_object()) {
    CHECK((key == "[0,0]" || key == "[1,1]"));
    total += count.as_int64();
  }
  CHECK(total == 50);
}

TEST_CASE("qrt run exit statuses for QIR programs", "[qir][cli]") {
  auto parse = qrt_cli("run " + quoted(program("parse_error.ll")));
  CHECK(parse.status == 1);
  CHECK_THAT(parse.out, Catch::Contains("parse_error.ll:4:3: error:"));
  auto failed = qrt_cli("run " + quoted(program("fail.ll")) + " --shots 3");
  CHECK(failed.status == 1);
  CHECK_THAT(failed.out,
             Catch::Contains("END\t1") && Catch::Contains("shot 0 failed") && Catch::Contains("out of luck!!"));
  auto unknown_device = qrt_cli("run " + quoted(program("bell_base.ll")) + " --device nope.qubit");
  CHECK(unknown_device.status == 1);
  CHECK_THAT(unknown_device.out, Catch::Contains("nope.qubit"));
  auto entry_on_qasm =
      qrt_cli("run '" + std::string(QRT_TEST_QIR_PROGRAMS) + "/../../../examples/ghz.qasm' --entry main");
  CHECK(entry_on_qasm.status == 64);  // a usage error (host/cli/exit_status.hpp)
  CHECK_THAT(entry_on_qasm.out, Catch::Contains("an entry point applies to QIR programs"));
}

TEST_CASE("timeouts end programs that never finish, and isolation survives a crash in JIT code", "[qir][cli]") {
  auto loop = qrt_cli("run " + quoted(program("infinite_loop.ll")) + " --timeout 0.5");
  CHECK(loop.status == 124);
  CHECK_THAT(loop.out, Catch::Contains("did not finish within --timeout 0.5 s"));
  auto crash = qrt_cli("run " + quoted(program("crash.ll")) + " --isolate");
  CHECK(crash.status == 1);  // qrt itself reports it: the JIT code crashed in the device's worker process
  CHECK_THAT(crash.out, Catch::Contains("isolated worker process") && Catch::Contains("SIGSEGV") &&
                            Catch::Contains("while running the QIR program") && Catch::Contains("crash.ll"));
  auto isolated_loop = qrt_cli("run " + quoted(program("infinite_loop.ll")) + " --isolate --timeout 0.5");
  CHECK(isolated_loop.status == 124);
  auto isolated_ok = qrt_cli("run " + quoted(program("bell_base.ll")) + " --isolate --shots 2 --seed 1");
  CHECK(isolated_ok.status == 0);
  CHECK(isolated_ok.out == qrt_cli("run " + quoted(program("bell_base.ll")) + " --shots 2 --seed 1").out);
}
