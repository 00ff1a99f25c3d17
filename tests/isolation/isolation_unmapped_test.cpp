// An isolated host never maps a plugin: discovery describes it from a child's scan (cached by file
// identity), configs are validated and canonicalised from that description, and the library is loaded
// here only when a device of it is opened in process. Checked against /proc/self/maps and against a
// plugin whose static constructor records the pid of every process that loads it.
#include "isolation/isolated_backend.hpp"
#include "isolation_support.hpp"

#include "process/plugin_scan.hpp"

#include <catch2/catch.hpp>

#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <fstream>
#include <set>
#include <thread>

using namespace isolation_test;
using Catch::Matchers::Contains;
namespace fs = std::filesystem;

namespace {

// A private copy of the marker plugin (a file of its own, so that no other test's in-process load of
// it, kept mapped by RTLD_NODELETE, can show up in this process's maps), and the marker file its
// static constructor appends pids to.
struct MarkerPlugin {
  fs::path dir, file, marker;
  MarkerPlugin() {
    std::string templ = (fs::temp_directory_path() / "qrt_unmapped_XXXXXX").string();
    REQUIRE(::mkdtemp(templ.data()));
    dir = templ;
    file = dir / "fake_ctor_marker.so";
    marker = dir / "loaded_by";
    fs::copy_file(fs::path(QRT_TEST_ISOLATION_MARKER_DIR) / "fake_ctor_marker.so", file);
    ::setenv("QRT_TEST_CTOR_MARKER", marker.c_str(), 1);
  }
  ~MarkerPlugin() {
    ::unsetenv("QRT_TEST_CTOR_MARKER");
    std::error_code ec;
    fs::remove_all(dir, ec);
  }
  MarkerPlugin(const MarkerPlugin&) = delete;
  MarkerPlugin& operator=(const MarkerPlugin&) = delete;

  std::set<long> loaded_by() const {
    std::set<long> pids;
    std::ifstream in(marker);
    for (long pid; in >> pid;) pids.insert(pid);
    return pids;
  }

  qrt::RuntimeOptions options(bool isolate) const {
    qrt::RuntimeOptions o;
    o.plugin_dirs = {dir};
    o.warn_on_load_failure = false;
    o.allow_unsafe_plugins = true;
    o.isolate = isolate;
    return o;
  }
};

bool mapped_here(const fs::path& file) {
  std::ifstream maps("/proc/self/maps");
  for (std::string line; std::getline(maps, line);)
    if (line.find(file.string()) != std::string::npos) return true;
  return false;
}

std::string error_of(qrt::Runtime& runtime, const std::string& config) {
  try {
    runtime.open(config);
  } catch (const std::exception& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST_CASE("an isolated runtime lists, validates and runs a plugin it never loads", "[isolation][scan]") {
  MarkerPlugin plugin;
  {
    qrt::Runtime runtime(plugin.options(true));
    REQUIRE(runtime.plugins().size() == 1);
    const qrt::PluginReport& report = runtime.plugins()[0];
    CHECK(report.plugin_name == "fake-ctor-marker");
    CHECK(report.abi_major == QRT_ABI_VERSION_MAJOR);
    REQUIRE(report.devices.size() == 1);
    const qrt::DeviceType& type = *report.devices[0];
    CHECK(type.name() == "fake.ctor_marker");
    CHECK_FALSE(type.loaded());
    CHECK(type.capabilities().gates == std::vector<std::string>{"Identity", "PauliX"});
    CHECK(type.capabilities().max_qubits == 64);
    CHECK_THROWS_AS(type.functions(), qrt::Error);

    // The scanned schema validates, canonicalises and suggests, exactly as a loaded one does.
    qrt::Runtime in_process([] {
      qrt::RuntimeOptions o;
      o.plugin_dirs = {QRT_TEST_FAKE_PLUGIN_DIR};
      o.warn_on_load_failure = false;
      o.allow_unsafe_plugins = true;
      return o;
    }());
    CHECK(runtime.resolve("fake.ctor_marker:depth=7,scale=2.5,mode=exact").canonical_kwargs() ==
          in_process.resolve("fake.good:depth=7,scale=2.5,mode=exact").canonical_kwargs());
    CHECK_THAT(error_of(runtime, "fake.ctor_marker:dpeth=3"), Contains("did you mean 'depth'"));
    CHECK_THAT(error_of(runtime, "fake.ctor_marker:depth=65"), Contains("depth"));
    CHECK_THAT(error_of(runtime, "fake.ctor_markr"), Contains("did you mean 'fake.ctor_marker'"));

    // Runs in a worker; the second open is a pool hit, no new process.
    run(runtime, "fake.ctor_marker:shots=5", good_program());
    qrt::Device device = runtime.open("fake.ctor_marker:shots=5");
    CHECK(qrt::isolation::isolated_backend_of(device) != nullptr);
    CHECK(runtime.pool_stats().hits == 1);
    // Per-operation calls too run in the worker.
    const auto w = device.allocate(2);
    device.apply("PauliX", {}, on({w[1]}));
    CHECK(device.measure(w[1]) == 0);  // the fake device's outcome, always
    CHECK_THROWS_WITH(device.measure(w[0], 1), Contains("outcome 1 has probability 0"));
  }
  CHECK_FALSE(mapped_here(plugin.file));
  const std::set<long> pids = plugin.loaded_by();
  CHECK(pids.size() >= 2);  // the scanning child and the worker
  CHECK(pids.count(::getpid()) == 0);
  CHECK(no_children());
}

TEST_CASE("an isolated runtime loads a plugin in process only for a device opened with isolate=false",
          "[isolation][scan]") {
  MarkerPlugin plugin;
  qrt::Runtime runtime(plugin.options(true));
  run(runtime, "fake.ctor_marker:shots=5", good_program());
  CHECK_FALSE(mapped_here(plugin.file));

  qrt::Device here = runtime.open("fake.ctor_marker:shots=5,isolate=false");
  CHECK(here.type().loaded());
  CHECK(qrt::isolation::isolated_backend_of(here) == nullptr);
  CHECK(mapped_here(plugin.file));
  CHECK(plugin.loaded_by().count(::getpid()) == 1);
}

TEST_CASE("a library named in a config with isolate=true is only scanned, even without the global switch",
          "[isolation][scan]") {
  MarkerPlugin plugin;
  qrt::RuntimeOptions options = plugin.options(false);
  options.plugin_dirs = {QRT_TEST_ISOLATION_PLUGIN_DIR};  // discovery loads other plugins here as usual
  qrt::Runtime runtime(options);
  const std::string config = "fake.ctor_marker@" + plugin.file.string() + ":shots=5,isolate=true";
  CHECK_FALSE(runtime.resolve(config).type()->loaded());
  run(runtime, config, good_program());
  CHECK_FALSE(mapped_here(plugin.file));
  CHECK(plugin.loaded_by().count(::getpid()) == 0);
  CHECK_FALSE(plugin.loaded_by().empty());
}

TEST_CASE("a plugin replaced after its scan is scanned again before the host loads it", "[isolation][scan]") {
  MarkerPlugin plugin;
  qrt::Runtime runtime(plugin.options(true));
  REQUIRE(runtime.plugins().size() == 1);
  // Now a file that is no plugin at all: the in-process open must not dlopen it on the old scan's word.
  const fs::path replacement = plugin.dir / "replacement";
  fs::copy_file(fs::path(QRT_TEST_FAKE_PLUGIN_DIR) / "fake_not_elf.so", replacement);
  fs::rename(replacement, plugin.file);
  const std::string error = error_of(runtime, "fake.ctor_marker:isolate=false");
  CHECK_THAT(error, Contains("fake_ctor_marker.so"));
  CHECK_THAT(error, Contains("cannot load"));
  CHECK(plugin.loaded_by().count(::getpid()) == 0);
}

TEST_CASE("scan results are cached by file identity: an unchanged file is not rescanned, a changed one is",
          "[isolation][scan]") {
  namespace iso = qrt::process;
  MarkerPlugin plugin;
  const auto scans = [start = iso::child_scans_started()] { return iso::child_scans_started() - start; };

  REQUIRE(iso::scan_in_child(plugin.file));
  CHECK(scans() == 1);
  REQUIRE(iso::scan_in_child(plugin.file));
  CHECK(scans() == 1);
  {
    qrt::Runtime runtime(plugin.options(true));  // discovery uses the same cache
    CHECK(runtime.plugins().size() == 1);
  }
  CHECK(scans() == 1);

  // Touched: a new modification time.
  fs::last_write_time(plugin.file, fs::last_write_time(plugin.file) + std::chrono::seconds(5));
  REQUIRE(iso::scan_in_child(plugin.file));
  CHECK(scans() == 2);

  // Replaced by an identical copy: a new inode.
  const fs::path copy = plugin.dir / "copy";
  fs::copy_file(plugin.file, copy);
  fs::rename(copy, plugin.file);
  REQUIRE(iso::scan_in_child(plugin.file));
  CHECK(scans() == 3);

  // Rewritten in place with the same bytes and its old modification time put back: the status-change
  // time still differs (after a pause longer than the kernel's timestamp granularity).
  const auto mtime = fs::last_write_time(plugin.file);
  std::string bytes;
  {
    std::ifstream in(plugin.file, std::ios::binary);
    bytes.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  }
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  {
    std::ofstream out(plugin.file, std::ios::binary | std::ios::trunc);
    out << bytes;
  }
  fs::last_write_time(plugin.file, mtime);
  REQUIRE(iso::scan_in_child(plugin.file));
  CHECK(scans() == 4);
  REQUIRE(iso::scan_in_child(plugin.file));
  CHECK(scans() == 4);
  CHECK(plugin.loaded_by().count(::getpid()) == 0);
}
