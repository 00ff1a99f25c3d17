// Dropping a plugin file into a folder on QRT_PLUGIN_PATH is all it takes: the built `qrt` executable
// lists it (nothing else is rebuilt or reconfigured), and `qrt check-plugin` accepts it.
#include "abi_compat_support.hpp"

#include <boost/json.hpp>
#include <catch2/catch.hpp>

using abi_test::c_plugin;
using abi_test::TempFolder;
using Catch::Matchers::Contains;

namespace {

// The devices `qrt devices --json` lists from `file`, or nullptr when it lists no such file.
const boost::json::array* devices_of(const boost::json::object& doc, const std::filesystem::path& file) {
  for (const auto& plugin : doc.at("plugins").as_array())
    if (std::filesystem::path(std::string(plugin.at("file").as_string())) == file)
      return &plugin.at("devices").as_array();
  return nullptr;
}

}  // namespace

TEST_CASE("qrt devices lists a plugin dropped into a folder on QRT_PLUGIN_PATH", "[abi][cli]") {
  TempFolder folder;
  const std::filesystem::path dropped = std::filesystem::canonical(folder.add(c_plugin("c_device")));
  const std::string cli = std::string(QRT_TEST_CLI);

  const abi_test::Outcome listed =
      abi_test::run("QRT_PLUGIN_PATH=" + folder.path().string() + " " + cli + " devices --json");
  REQUIRE(listed.exit_code == 0);
  const boost::json::object doc = boost::json::parse(listed.out).as_object();
  CHECK(doc.at("search_path").as_array().at(0).as_string() == folder.path().string());
  const boost::json::array* devices = devices_of(doc, dropped);
  REQUIRE(devices != nullptr);
  REQUIRE(devices->size() == 1);
  CHECK(devices->at(0).at("name").as_string() == "cstate.qubit");
  CHECK(devices->at(0).at("capabilities").at("gates").as_array().size() == 5);
  for (const auto& failure : doc.at("failed").as_array())
    CHECK(std::string(failure.at("file").as_string()) != dropped.string());

  const abi_test::Outcome text = abi_test::run("QRT_PLUGIN_PATH=" + folder.path().string() + " " + cli + " devices");
  CHECK(text.exit_code == 0);
  CHECK_THAT(text.out,
             Contains(dropped.string()) && Contains("cstate.qubit 1.0.0") && Contains("plugin c-device 1.0.0"));

  // Without the folder on the path the device is not there: the path made the difference.
  const abi_test::Outcome without = abi_test::run("QRT_PLUGIN_PATH= " + cli + " devices --json");
  REQUIRE(without.exit_code == 0);
  CHECK(devices_of(boost::json::parse(without.out).as_object(), dropped) == nullptr);
  CHECK_THAT(without.out, !Contains("cstate.qubit"));
}

TEST_CASE("qrt check-plugin accepts the dropped plugin file", "[abi][cli]") {
  TempFolder folder;
  const std::filesystem::path dropped = folder.add(c_plugin("c_device"));
  const abi_test::Outcome checked = abi_test::run(std::string(QRT_TEST_CLI) + " check-plugin " + dropped.string());
  INFO(checked.out);
  CHECK(checked.exit_code == 0);
  CHECK_THAT(checked.out, Contains("device cstate.qubit 1.0.0") && Contains("verdict: PASSED"));
}
