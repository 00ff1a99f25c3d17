// The plugin trust rules seen from `qrt devices`: a symlinked plugin is shown as "link -> file", a
// refused file is listed with the reason and the fix, and the development opt-out loads it.
#include "cli_support.hpp"

#include <boost/json.hpp>
#include <catch2/catch.hpp>

#include <cstdio>
#include <filesystem>
#include <string>
#include <unistd.h>

namespace fs = std::filesystem;

namespace {

// A fresh folder in the temp directory (mode 0700), removed at scope exit.
struct TempFolder {
  fs::path path;
  TempFolder() {
    std::string pattern = (fs::temp_directory_path() / "qrt-cli-trust-XXXXXX").string();
    if (!mkdtemp(pattern.data())) throw std::runtime_error("mkdtemp failed");
    path = pattern;
  }
  ~TempFolder() {
    std::error_code ignored;
    fs::remove_all(path, ignored);
  }
};

// stdout of `env qrt args` (stderr dropped).
std::string qrt_output(const std::string& env, const std::string& args) {
  const std::string command = "QRT_ALLOW_UNSAFE_PLUGINS= " + env + " " + QRT_TEST_CLI + " " + args + " 2>/dev/null";
  FILE* pipe = popen(command.c_str(), "r");
  std::string out;
  char buffer[4096];
  while (std::size_t n = fread(buffer, 1, sizeof buffer, pipe)) out.append(buffer, n);
  pclose(pipe);
  return out;
}

fs::path null_plugin() { return fs::path(QRT_TEST_PLUGIN_DIR) / "qrt_null_qubit.so"; }

}  // namespace

TEST_CASE("qrt devices shows a symlinked plugin as link -> file", "[cli][trust]") {
  TempFolder dir;
  fs::create_symlink(null_plugin(), dir.path / "my_null.so");
  const std::string env = "QRT_PLUGIN_PATH=" + dir.path.string();

  const std::string text = qrt_output(env, "devices");
  CHECK_THAT(text, Catch::Contains((fs::canonical(dir.path) / "my_null.so").string() + " -> " +
                                   fs::canonical(null_plugin()).string()));

  auto doc = boost::json::parse(qrt_output(env, "devices --json")).as_object();
  bool found = false;
  for (const auto& plugin : doc.at("plugins").as_array())
    if (plugin.as_object().contains("link")) {
      found = true;
      CHECK(std::string(plugin.at("link").as_string()) == (fs::canonical(dir.path) / "my_null.so").string());
      CHECK(std::string(plugin.at("file").as_string()) == fs::canonical(null_plugin()).string());
    }
  CHECK(found);
}

TEST_CASE("qrt devices lists a refused plugin with the reason, and the opt-out loads it", "[cli][trust]") {
  TempFolder dir;
  const fs::path copy = dir.path / "writable.so";
  fs::copy_file(null_plugin(), copy);
  fs::permissions(copy, fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec | fs::perms::others_all);
  const std::string env = "QRT_PLUGIN_PATH=" + dir.path.string();

  const std::string text = qrt_output(env, "devices");
  CHECK_THAT(text, Catch::Contains("Failed to load:") &&
                       Catch::Contains("refusing " + fs::canonical(copy).string() +
                                       ": it is writable by others (mode 0757)") &&
                       Catch::Contains("chmod o-w") && Catch::Contains("QRT_ALLOW_UNSAFE_PLUGINS=1"));

  auto doc = boost::json::parse(qrt_output(env + " QRT_ALLOW_UNSAFE_PLUGINS=1", "devices --json")).as_object();
  bool loaded = false;
  for (const auto& plugin : doc.at("plugins").as_array())
    loaded |= std::string(plugin.at("file").as_string()) == fs::canonical(copy).string();
  CHECK(loaded);
  CHECK(doc.at("failed").as_array().empty());
}

TEST_CASE("qrt devices refuses a relative QRT_PLUGIN_PATH entry and says why", "[cli][trust]") {
  auto doc = boost::json::parse(qrt_output("QRT_PLUGIN_PATH=relative/plugins", "devices --json")).as_object();
  REQUIRE(doc.at("failed").as_array().size() == 1);
  CHECK_THAT(std::string(doc.at("failed").as_array()[0].at("reason").as_string()),
             Catch::Contains("refusing plugin folder 'relative/plugins'") && Catch::Contains("relative path"));
  CHECK(doc.at("plugins").as_array().size() >= 2);  // the bundled plugins are still there
}
