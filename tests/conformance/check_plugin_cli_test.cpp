// `qrt check-plugin` as a user runs it: the text report and exit code, --json, --device, --kwargs,
// --require-simulation, and files that are not plugins.
#include <boost/json.hpp>
#include <catch2/catch.hpp>

#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

using Catch::Matchers::Contains;

namespace {

struct Outcome {
  int exit_code;
  std::string output;  // stdout and stderr together
};

// `env` adds environment assignments, e.g. "QRT_ALLOW_UNSAFE_PLUGINS=1".
Outcome qrt(const std::string& args, const std::string& env = "") {
  const std::string command = "QRT_PLUGIN_PATH= " + env + " " + std::string(QRT_TEST_CLI) + " " + args + " 2>&1";
  FILE* pipe = ::popen(command.c_str(), "r");
  REQUIRE(pipe != nullptr);
  std::string out;
  char buffer[4096];
  while (std::size_t n = std::fread(buffer, 1, sizeof buffer, pipe)) out.append(buffer, n);
  const int status = ::pclose(pipe);
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, out};
}

const std::string null_plugin = std::string(QRT_TEST_PLUGIN_DIR) + "/qrt_null_qubit.so";
const std::string tiny_plugin = std::string(QRT_TEST_TINY_PLUGIN_DIR) + "/tiny_qubit.so";

}  // namespace

TEST_CASE("qrt check-plugin prints a line per check and exits 0 when everything passed", "[cli][conformance]") {
  const Outcome r = qrt("check-plugin " + null_plugin);
  INFO(r.output);
  CHECK(r.exit_code == 0);
  CHECK_THAT(r.output, Contains("plugin qrt-null 1.0.0") && Contains("device null.qubit") &&
                           Contains("  NOTE  simulation/state evolves: ") && Contains("  SKIP  gates/PauliX: ") &&
                           Contains("  PASS  lifecycle/reset: ") && Contains("verdict: PASSED"));
}

TEST_CASE("qrt check-plugin --json prints one document", "[cli][conformance]") {
  const Outcome r = qrt("check-plugin " + tiny_plugin + " --json --device tiny.qubit");
  REQUIRE(r.exit_code == 0);
  const boost::json::object doc = boost::json::parse(r.output).as_object();
  CHECK(doc.at("passed").as_bool());
  const boost::json::object& device = doc.at("devices").as_array().at(0).as_object();
  CHECK(device.at("name").as_string() == "tiny.qubit");
  CHECK(device.at("summary").at("failed").as_int64() == 0);
  CHECK(device.at("checks").as_array().size() > 50);
}

TEST_CASE("qrt check-plugin exits 1 on a failed check", "[cli][conformance]") {
  const Outcome bug = qrt("check-plugin " + tiny_plugin + " --kwargs inject=rz_sign");
  CHECK(bug.exit_code == 1);
  CHECK_THAT(bug.output, Contains("  FAIL  gates/RZ: ") && Contains("verdict: FAILED"));

  const Outcome strict = qrt("check-plugin " + null_plugin + " --require-simulation");
  CHECK(strict.exit_code == 1);
  CHECK_THAT(strict.output, Contains("  FAIL  simulation/state evolves: "));
}

TEST_CASE("qrt check-plugin reports files that are not plugins, and bad options", "[cli][conformance]") {
  const auto text_file =
      std::filesystem::temp_directory_path() / ("qrt_check_cli_" + std::to_string(::getpid()) + ".so");
  std::ofstream(text_file) << "This is a text file named like a plugin; it is long enough to have no ELF header.\n";
  const Outcome not_elf = qrt("check-plugin " + text_file.string());
  std::filesystem::remove(text_file);
  CHECK(not_elf.exit_code == 1);
  CHECK_THAT(not_elf.output, Contains("FAIL  load: ") && Contains("cannot load"));

  const Outcome unknown = qrt("check-plugin " + tiny_plugin + " --device nope.qubit");
  CHECK(unknown.exit_code == 1);
  CHECK_THAT(unknown.output, Contains("qrt: error: ") && Contains("no device 'nope.qubit'"));

  const Outcome kwargs = qrt("check-plugin " + tiny_plugin + " --kwargs shots=-1");
  CHECK(kwargs.exit_code == 1);
  CHECK_THAT(kwargs.output, Contains("qrt: error: ") && Contains("shots"));

  const Outcome no_path = qrt("check-plugin");
  CHECK(no_path.exit_code != 0);
  CHECK_THAT(no_path.output, Contains("path"));
}

TEST_CASE("qrt check-plugin applies the trust rules before it loads a file", "[cli][conformance][trust]") {
  // A copy of a good plugin in a private folder (mkdtemp: mode 0700), then made writable by others.
  std::string pattern = (std::filesystem::temp_directory_path() / "qrt-check-trust-XXXXXX").string();
  REQUIRE(::mkdtemp(pattern.data()) != nullptr);
  const std::filesystem::path folder = pattern, copy = folder / "null_copy.so";
  std::filesystem::copy_file(null_plugin, copy);
  std::filesystem::permissions(copy, std::filesystem::perms::owner_all | std::filesystem::perms::group_read |
                                         std::filesystem::perms::others_read);
  const Outcome trusted = qrt("check-plugin " + copy.string(), "QRT_ALLOW_UNSAFE_PLUGINS=");
  std::filesystem::permissions(copy, std::filesystem::perms::others_write, std::filesystem::perm_options::add);
  const Outcome refused = qrt("check-plugin " + copy.string(), "QRT_ALLOW_UNSAFE_PLUGINS=");
  const Outcome allowed = qrt("check-plugin " + copy.string(), "QRT_ALLOW_UNSAFE_PLUGINS=1");
  std::filesystem::remove_all(folder);

  INFO(trusted.output);
  CHECK(trusted.exit_code == 0);
  INFO(refused.output);
  CHECK(refused.exit_code == 1);
  CHECK_THAT(refused.output, Contains("FAIL  load: refusing " + copy.string()) && Contains("writable by others") &&
                                 Contains("chmod o-w") && Contains("QRT_ALLOW_UNSAFE_PLUGINS") &&
                                 Contains("verdict: FAILED"));
  INFO(allowed.output);
  CHECK(allowed.exit_code == 0);  // the development opt-out relaxes the rules here too
}

namespace {

// `qrt check-plugin` on a plugin that segfaults, calls exit(0) or hangs (tests/fake_plugins/fake_misbehave.h)
// when loaded, in create or in every gate, under a 1 s check timeout; killed after 60 s, so that a hang
// fails the test instead of stalling it.
Outcome check_misbehaving(const std::string& where, const std::string& how, const std::string& flags = "--json") {
  return qrt("check-plugin " + std::string(QRT_TEST_MISBEHAVING_PLUGIN_DIR) + "/misbehave_" + where + "_" + how +
                 ".so --check-timeout 1 " + flags,
             "timeout -s KILL 60");
}

// What each way of misbehaving looks like in a report.
const std::vector<std::pair<std::string, std::string>> kMisbehaviours{
    {"segv", "the worker process was killed by signal 11 (SIGSEGV: "},
    {"exit", "the worker process exited with status 0 during "},
    {"hang", "did not finish within 1 s (the check timeout); the worker process was killed"}};

const boost::json::object* find_check(const boost::json::object& device, std::string_view group,
                                      std::string_view name) {
  for (const auto& c : device.at("checks").as_array())
    if (c.at("group").as_string() == group && c.at("name").as_string() == name) return &c.as_object();
  return nullptr;
}

bool has_group(const boost::json::object& device, std::string_view group) {
  for (const auto& c : device.at("checks").as_array())
    if (c.at("group").as_string() == group) return true;
  return false;
}

}  // namespace

TEST_CASE("qrt check-plugin fails the load of a plugin that segfaults, exits or hangs while it loads",
          "[cli][conformance][worker]") {
  for (const auto& [how, cause] : kMisbehaviours) {
    const Outcome r = check_misbehaving("ctor", how);
    INFO(how << ": " << r.output);
    CHECK(r.exit_code == 1);
    const boost::json::object doc = boost::json::parse(r.output).as_object();
    CHECK_FALSE(doc.at("passed").as_bool());
    CHECK_THAT(std::string(doc.at("load_error").as_string()),
               Contains("misbehave_ctor_" + how + ".so: loading it in the check worker: ") && Contains(cause));
  }
}

TEST_CASE("qrt check-plugin fails the check in which a plugin segfaults, exits or hangs, and goes on with the others",
          "[cli][conformance][worker]") {
  // create misbehaves in the first check that creates an instance; a gate, in the first that applies one.
  const std::vector<std::tuple<std::string, std::string, std::string>> cases{
      {"create", "lifecycle", "create with kwargs"}, {"gate", "simulation", "state evolves"}};
  for (const auto& [where, group, name] : cases)
    for (const auto& [how, cause] : kMisbehaviours) {
      const Outcome r = check_misbehaving(where, how);
      INFO(where << " " << how << ": " << r.output);
      CHECK(r.exit_code == 1);
      const boost::json::object doc = boost::json::parse(r.output).as_object();
      CHECK_FALSE(doc.at("passed").as_bool());
      const boost::json::object& device = doc.at("devices").as_array().at(0).as_object();
      const boost::json::object* failed = find_check(device, group, name);
      REQUIRE(failed != nullptr);
      CHECK(failed->at("outcome").as_string() == "failed");
      CHECK_THAT(std::string(failed->at("detail").as_string()), Contains(cause));
      // The checks before it ran, and every group after it reported (run, or not applicable).
      const boost::json::object* abi = find_check(device, "abi", "device descriptor");
      REQUIRE(abi != nullptr);
      CHECK(abi->at("outcome").as_string() == "passed");
      for (const char* later : {"gates", "measurements", "errors", "concurrency"}) CHECK(has_group(device, later));
    }
}

TEST_CASE("qrt check-plugin names the check and the cause in its text report too", "[cli][conformance][worker]") {
  const Outcome r = check_misbehaving("create", "segv", "");
  CHECK(r.exit_code == 1);
  CHECK_THAT(r.output, Contains("  FAIL  lifecycle/create with kwargs: the worker process was killed by signal 11 "
                                "(SIGSEGV: Segmentation fault) during this check") &&
                           Contains("verdict: FAILED"));
}

TEST_CASE("qrt check-plugin --in-process gives the report a worker gives", "[cli][conformance][worker]") {
  const std::string args = "check-plugin " + tiny_plugin + " --json --kwargs seed=3";
  const Outcome worker = qrt(args);
  const Outcome here = qrt(args + " --in-process");
  CHECK(worker.exit_code == 0);
  CHECK(here.exit_code == 0);
  CHECK(worker.output == here.output);
  const Outcome bad_timeout = qrt("check-plugin " + tiny_plugin + " --check-timeout 0");
  CHECK(bad_timeout.exit_code != 0);
  CHECK_THAT(bad_timeout.output, Contains("--check-timeout"));
}
