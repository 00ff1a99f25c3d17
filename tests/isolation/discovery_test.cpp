// Discovery that cannot hurt: plugins are described by child scans (several at once) whose answers the
// plugin cache keeps between processes, so a library that segfaults, exits or hangs while it loads is a
// listed failure and no run that does not use it notices it, cold or warm. And the cache itself: keyed by
// each file's identity, ignored and rewritten when corrupt, foreign or not the user's, relocatable, and
// shared safely by processes that start at once.
#include "proc_files.hpp"

#include <qrt/runtime.hpp>

#include <boost/json.hpp>
#include <catch2/catch.hpp>

#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <future>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace fs = std::filesystem;
namespace json = boost::json;
using Catch::Matchers::Contains;

namespace {

struct Run {
  int exit_code;  // 128 + N when killed by signal N
  std::string out, err;
};

std::string slurp(const fs::path& p) {
  std::ifstream in(p);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// `qrt ARGS` under env(1) with `env` (-u NAME words first, then NAME=VALUE ones), killed after 60 s so that a hang
// fails the test instead of stalling it. Build folders may be group-writable: the trust rules are relaxed.
Run qrt_cli(const std::string& env, const std::string& args) {
  static std::atomic<int> counter{0};
  const auto tag = std::to_string(::getpid()) + "_" + std::to_string(counter++);
  const fs::path out = fs::temp_directory_path() / ("qrt_discovery_out_" + tag);
  const fs::path err = fs::temp_directory_path() / ("qrt_discovery_err_" + tag);
  const std::string command = "env " + env + " QRT_ALLOW_UNSAFE_PLUGINS=1 timeout -s KILL 60 " + QRT_TEST_CLI + " " +
                              args + " >" + out.string() + " 2>" + err.string();
  const int status = std::system(command.c_str());
  Run run{WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status), slurp(out), slurp(err)};
  fs::remove(out);
  fs::remove(err);
  return run;
}

// The line of `text` that names `file` ("" when none does).
std::string line_naming(const std::string& text, const std::string& file) {
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);)
    if (line.find(file) != std::string::npos) return line;
  return "";
}

// A folder of its own: a copy of the plugin that records every process that loads it, the plugin cache
// file and the marker file.
struct Scratch {
  fs::path dir, plugins, cache, marker;
  Scratch() {
    std::string templ = (fs::temp_directory_path() / "qrt_discovery_XXXXXX").string();
    REQUIRE(::mkdtemp(templ.data()));
    dir = templ;
    plugins = dir / "plugins";
    fs::create_directory(plugins);
    fs::copy_file(fs::path(QRT_TEST_ISOLATION_MARKER_DIR) / "fake_ctor_marker.so", plugins / "fake_ctor_marker.so");
    cache = dir / "cache" / "plugin-cache.json";
    marker = dir / "loaded_by";
  }
  ~Scratch() {
    std::error_code ec;
    fs::remove_all(dir, ec);
  }
  Scratch(const Scratch&) = delete;
  Scratch& operator=(const Scratch&) = delete;

  // The environment of a qrt that searches `path` and keeps its cache here.
  std::string env(const std::string& path) const {
    return "QRT_PLUGIN_PATH=" + path + " QRT_PLUGIN_CACHE=" + cache.string() +
           " QRT_TEST_CTOR_MARKER=" + marker.string();
  }
  // How many processes have loaded the marker plugin.
  std::size_t loads() const {
    std::ifstream in(marker);
    std::size_t n = 0;
    for (long pid; in >> pid;) ++n;
    return n;
  }
};

// What tells a rewritten file from an untouched one.
std::pair<ino_t, std::int64_t> file_version(const fs::path& file) {
  struct stat st {};
  REQUIRE(::stat(file.c_str(), &st) == 0);
  return {st.st_ino, static_cast<std::int64_t>(st.st_mtim.tv_sec) * 1'000'000'000 + st.st_mtim.tv_nsec};
}

const std::string misbehaving_dir = QRT_TEST_MISBEHAVING_PLUGIN_DIR;
const std::string ghz = std::string(QRT_TEST_EXAMPLES_DIR) + "/ghz.qasm";

void check_ghz_probabilities(const Run& run) {
  INFO(run.err);
  REQUIRE(run.exit_code == 0);
  const json::object result = json::parse(run.out).as_object();
  CHECK(result.at("device").as_string() == "statevector.qubit");
  const json::object& probs = result.at("probabilities").as_object();
  CHECK(probs.at("0000").to_number<double>() == Approx(0.5));
  CHECK(probs.at("1111").to_number<double>() == Approx(0.5));
}

}  // namespace

TEST_CASE("A plugin that segfaults, exits or hangs while it loads is listed with its error and leaves other runs alone",
          "[isolation][discovery][cli]") {
  Scratch s;
  // The good plugins (the bundled ones, the marker) are scanned first under the default timeout, so that
  // the short one below, which bounds the cold run's wait for the hanging plugin, is for the misbehaving
  // plugins alone (the others could run past it on a busy machine or under a sanitizer).
  REQUIRE(qrt_cli(s.env(s.plugins.string()), "devices --json").exit_code == 0);
  REQUIRE(s.loads() == 1);
  const std::string env = s.env(misbehaving_dir + ":" + s.plugins.string()) + " QRT_SCAN_TIMEOUT=1";
  const std::string run = "run " + ghz + " --probs -o json";
  const std::vector<std::pair<std::string, std::string>> broken{
      {"misbehave_ctor_segv.so", "killed by signal 11 (SIGSEGV"},
      {"misbehave_ctor_exit.so", "exited with status 0"},
      {"misbehave_ctor_hang.so", "did not finish within 1 s (QRT_SCAN_TIMEOUT)"}};

  // Cold for the misbehaving plugins: each is scanned in a child process; the run goes ahead and names
  // each broken one.
  const Run cold = qrt_cli(env, run);
  check_ghz_probabilities(cold);
  for (const auto& [file, cause] : broken) CHECK_THAT(line_naming(cold.err, file), Contains(cause));
  CHECK(s.loads() == 1);  // the marker plugin: loaded by its scanner only, never by qrt
  const auto cache_version = file_version(s.cache);

  // Warm: the cache answers for every plugin, broken ones included; nothing is scanned or rewritten.
  const Run warm = qrt_cli(env, run);
  check_ghz_probabilities(warm);
  for (const auto& [file, cause] : broken) CHECK_THAT(line_naming(warm.err, file), Contains(cause));
  CHECK(s.loads() == 1);
  CHECK(file_version(s.cache) == cache_version);

  // `qrt devices` lists the broken plugins with their errors, and those that break only when used.
  const Run devices = qrt_cli(env, "devices --json");
  REQUIRE(devices.exit_code == 0);
  const json::object listing = json::parse(devices.out).as_object();
  CHECK(listing.at("plugin_cache").as_string() == s.cache.string());
  std::map<std::string, std::string> failed;
  for (const auto& f : listing.at("failed").as_array())
    failed[fs::path(std::string(f.at("file").as_string())).filename().string()] = f.at("reason").as_string();
  CHECK(failed.size() == broken.size());
  for (const auto& [file, cause] : broken) CHECK_THAT(failed[file], Contains(file) && Contains(cause));
  std::set<std::string> offered;
  for (const auto& p : listing.at("plugins").as_array())
    for (const auto& d : p.at("devices").as_array()) offered.insert(std::string(d.at("name").as_string()));
  for (const char* name :
       {"statevector.qubit", "misbehave.create_segv", "misbehave.create_exit", "misbehave.create_hang",
        "misbehave.gate_segv", "misbehave.gate_exit", "misbehave.gate_hang", "fake.ctor_marker"})
    CHECK(offered.count(name) == 1);
  const Run text = qrt_cli(env, "devices");
  CHECK_THAT(text.out, Contains("Failed to load:") && Contains("Plugin cache: " + s.cache.string()));
  for (const auto& [file, cause] : broken) CHECK_THAT(line_naming(text.out, file), Contains(cause));
}

TEST_CASE("The plugin cache is used only for the file it describes, under this qrt, and only when it is the user's",
          "[isolation][discovery][cli]") {
  Scratch s;
  const std::string env = s.env(s.plugins.string());
  auto devices = [&](const std::string& extra = "") {
    const Run run = qrt_cli(env + " " + extra, "devices --json");
    INFO(run.err);
    REQUIRE(run.exit_code == 0);
    return json::parse(run.out).as_object();
  };
  auto rewrite = [&](const std::string& text) { std::ofstream(s.cache, std::ios::trunc) << text; };

  devices();
  REQUIRE(s.loads() == 1);
  devices();
  CHECK(s.loads() == 1);  // warm
  const std::string good = slurp(s.cache);
  CHECK((fs::status(s.cache).permissions() & fs::perms::all) == (fs::perms::owner_read | fs::perms::owner_write));

  SECTION("a corrupt cache is ignored and replaced by a good one") {
    rewrite("{\"format\": 1, \"plugins\": ");
    devices();
    CHECK(s.loads() == 2);
    CHECK(json::parse(slurp(s.cache)).as_object().at("format").as_int64() == 1);
    devices();
    CHECK(s.loads() == 2);
  }
  SECTION("a cache written by another version of qrt is ignored") {
    json::object doc = json::parse(good).as_object();
    doc["qrt"] = "0.0.0-another";
    rewrite(json::serialize(doc));
    devices();
    CHECK(s.loads() == 2);
    CHECK(json::parse(slurp(s.cache)).as_object().at("qrt").as_string() == qrt::version());
  }
  SECTION("an entry that lies about a plugin is not trusted unless the user wrote it") {
    // Others could have written a group-writable cache: it is ignored, and replaced by a private one.
    fs::permissions(s.cache, fs::perms::group_write, fs::perm_options::add);
    devices();
    CHECK(s.loads() == 2);
    CHECK((fs::status(s.cache).permissions() & fs::perms::group_write) == fs::perms::none);
  }
  SECTION("a plugin that changed is scanned again") {
    fs::last_write_time(s.plugins / "fake_ctor_marker.so",
                        fs::last_write_time(s.plugins / "fake_ctor_marker.so") + std::chrono::seconds(5));
    devices();
    CHECK(s.loads() == 2);
    devices();
    CHECK(s.loads() == 2);
  }
  SECTION("QRT_PLUGIN_CACHE=off scans every time and writes nothing") {
    fs::remove(s.cache);
    const json::object listing = devices("QRT_PLUGIN_CACHE=off");
    CHECK(listing.at("plugin_cache").is_null());
    devices("QRT_PLUGIN_CACHE=off");
    CHECK(s.loads() == 3);
    CHECK_FALSE(fs::exists(s.cache));
  }
  SECTION("QRT_PLUGIN_CACHE must be an absolute path or off") {
    const Run run = qrt_cli(env + " QRT_PLUGIN_CACHE=relative/cache.json", "devices");
    CHECK(run.exit_code != 0);
    CHECK_THAT(run.err, Contains("QRT_PLUGIN_CACHE") && Contains("relative/cache.json"));
  }
  SECTION("QRT_SCAN_ISOLATED is 1 or 0 (or their spellings); 0 loads every plugin in qrt, with no cache") {
    const Run bad = qrt_cli(env + " QRT_SCAN_ISOLATED=2", "devices");
    CHECK(bad.exit_code != 0);
    CHECK_THAT(bad.err, Contains("QRT_SCAN_ISOLATED = '2'"));
    const json::object listing = devices("QRT_SCAN_ISOLATED=0");
    CHECK(listing.at("plugin_cache").is_null());
    CHECK(s.loads() == 2);  // loaded by qrt itself this time
  }
  SECTION("the cache lives in $XDG_CACHE_HOME/qrt, else in ~/.cache/qrt") {
    const fs::path xdg = s.dir / "xdg", home = s.dir / "home";
    const std::string base =
        "-u QRT_PLUGIN_CACHE QRT_PLUGIN_PATH=" + s.plugins.string() + " QRT_TEST_CTOR_MARKER=" + s.marker.string();
    Run run = qrt_cli(base + " XDG_CACHE_HOME=" + xdg.string(), "devices --json");
    REQUIRE(run.exit_code == 0);
    CHECK(json::parse(run.out).as_object().at("plugin_cache").as_string() ==
          (xdg / "qrt" / "plugin-cache.json").string());
    CHECK(fs::exists(xdg / "qrt" / "plugin-cache.json"));
    CHECK((fs::status(xdg / "qrt").permissions() & fs::perms::all) == fs::perms::owner_all);
    // A relative XDG_CACHE_HOME is invalid (the XDG rules): the home folder's .cache then.
    run = qrt_cli(base + " XDG_CACHE_HOME=relative HOME=" + home.string(), "devices --json");
    REQUIRE(run.exit_code == 0);
    CHECK(fs::exists(home / ".cache" / "qrt" / "plugin-cache.json"));
  }
}

TEST_CASE("A plugin that timed out is scanned again under a longer QRT_SCAN_TIMEOUT", "[isolation][discovery][cli]") {
  Scratch s;
  // The other plugins (the bundled ones, the marker) are cached first, under the default timeout: the short
  // ones below are for the hanging plugin alone.
  REQUIRE(qrt_cli(s.env(s.plugins.string()), "devices --json").exit_code == 0);
  fs::copy_file(fs::path(misbehaving_dir) / "misbehave_ctor_hang.so", s.plugins / "misbehave_ctor_hang.so");
  auto reason = [&](const std::string& timeout) {
    const Run run = qrt_cli(s.env(s.plugins.string()) + " QRT_SCAN_TIMEOUT=" + timeout, "devices --json");
    REQUIRE(run.exit_code == 0);
    const json::value listing = json::parse(run.out);
    const json::array& failed = listing.at("failed").as_array();
    REQUIRE(failed.size() == 1);
    return std::string(failed[0].at("reason").as_string());
  };
  CHECK_THAT(reason("0.2"), Contains("did not finish within 0.2 s"));
  CHECK_THAT(reason("0.4"), Contains("did not finish within 0.4 s"));  // longer: tried again
  CHECK_THAT(reason("0.2"), Contains("did not finish within 0.4 s"));  // shorter: the cached verdict holds
}

TEST_CASE("qrt processes that start at once share the plugin cache without corrupting it",
          "[isolation][discovery][cli]") {
  Scratch s;
  const std::string env = s.env(s.plugins.string() + ":" + QRT_TEST_PLUGIN_DIR);
  std::vector<std::future<Run>> runs;
  for (int i = 0; i < 6; ++i)
    runs.push_back(std::async(std::launch::async, [&] { return qrt_cli(env, "devices --json"); }));
  for (auto& r : runs) {
    const Run run = r.get();
    CHECK(run.exit_code == 0);
    CHECK(json::parse(run.out).as_object().at("failed").as_array().empty());
  }
  // One complete cache, no temporary file left beside it, and it answers for every plugin.
  const json::object cache = json::parse(slurp(s.cache)).as_object();
  CHECK(cache.at("plugins").as_object().size() >= 2);
  std::size_t files = 0;
  for ([[maybe_unused]] const auto& entry : fs::directory_iterator(s.cache.parent_path())) ++files;
  CHECK(files == 1);
  const std::size_t loads = s.loads();
  CHECK(loads >= 1);
  CHECK(qrt_cli(env, "devices --json").exit_code == 0);
  CHECK(s.loads() == loads);
}

TEST_CASE("Plugins are scanned several at once: hanging ones cost one timeout, not one each",
          "[isolation][discovery]") {
  Scratch s;
  const fs::path folder = s.dir / "hanging";
  fs::create_directory(folder);
  for (const char* copy : {"hang_a.so", "hang_b.so", "hang_c.so"})
    fs::copy_file(fs::path(misbehaving_dir) / "misbehave_ctor_hang.so", folder / copy);
  ::setenv("QRT_SCAN_TIMEOUT", "1", 1);
  qrt::RuntimeOptions options;
  options.plugin_dirs = {folder};
  options.plugin_cache = fs::path();  // no cache: every file is scanned
  options.warn_on_load_failure = false;
  options.allow_unsafe_plugins = true;
  const auto start = std::chrono::steady_clock::now();
  qrt::Runtime runtime(options);
  const auto took = std::chrono::steady_clock::now() - start;
  ::unsetenv("QRT_SCAN_TIMEOUT");
  REQUIRE(runtime.load_failures().size() == 3);
  for (const auto& failure : runtime.load_failures()) CHECK_THAT(failure.reason, Contains("did not finish within 1 s"));
  CHECK(took < std::chrono::milliseconds(2500));  // one after another: 3 s at least
}
