#include "cli_support.hpp"

#include <boost/json.hpp>
#include <catch2/catch.hpp>

#include <set>
#include <unistd.h>

using cli_test::qrt;

TEST_CASE("qrt --version names the version and the device ABI", "[cli]") {
  auto r = qrt("--version");
  CHECK(r.exit_code == 0);
  CHECK_THAT(r.out, Catch::StartsWith("qrt ") && Catch::Contains("device ABI 1."));
}

TEST_CASE("qrt devices lists the bundled devices with their schemas", "[cli]") {
  auto r = qrt("devices");
  REQUIRE(r.exit_code == 0);
  CHECK_THAT(r.out, Catch::Contains("null.qubit") && Catch::Contains("statevector.qubit") &&
                        Catch::Contains("shots (int, default 0, min 0)") && Catch::Contains("precision"));

  auto j = qrt("devices --json");
  REQUIRE(j.exit_code == 0);
  auto doc = boost::json::parse(j.out).as_object();
  std::set<std::string> names;
  for (const auto& plugin : doc.at("plugins").as_array())
    for (const auto& device : plugin.at("devices").as_array()) {
      names.insert(std::string(device.at("name").as_string()));
      CHECK(device.at("kwargs").is_array());
      CHECK(device.at("capabilities").at("gates").is_array());
    }
  CHECK(names.count("null.qubit") == 1);
  CHECK(names.count("statevector.qubit") == 1);
  CHECK(doc.at("failed").as_array().empty());
}

TEST_CASE("qrt devices reports a broken file on QRT_PLUGIN_PATH and still lists the rest", "[cli]") {
  auto dir = std::filesystem::temp_directory_path() / ("qrt_cli_plugins_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  std::ofstream(dir / "broken.so") << "not an ELF file";
  std::string command = "QRT_PLUGIN_PATH=" + dir.string() + " " + QRT_TEST_CLI + " devices --json";
  FILE* pipe = popen(command.c_str(), "r");
  std::string out;
  char buffer[4096];
  while (std::size_t n = fread(buffer, 1, sizeof buffer, pipe)) out.append(buffer, n);
  CHECK(pclose(pipe) == 0);
  std::filesystem::remove_all(dir);
  auto doc = boost::json::parse(out).as_object();
  REQUIRE(doc.at("failed").as_array().size() == 1);
  CHECK_THAT(std::string(doc.at("failed").as_array()[0].at("file").as_string()), Catch::EndsWith("broken.so"));
  CHECK_THAT(std::string(doc.at("failed").as_array()[0].at("reason").as_string()), Catch::Contains("cannot load"));
  CHECK(doc.at("plugins").as_array().size() >= 2);
}
