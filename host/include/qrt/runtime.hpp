// qrt::Runtime — the host: discovers plugins, resolves config strings to devices and hands out pooled
// device instances. Thread-safe: open() may be called from many threads at once.
#pragma once

#include <qrt/device.hpp>
#include <qrt/device_spec.hpp>
#include <qrt/device_type.hpp>
#include <qrt/error.hpp>
#include <qrt/pool_policy.hpp>

#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace qrt {

const char* version() noexcept;

struct RuntimeOptions {
  // Folders searched for plugins, in this order. Empty: default_plugin_dirs().
  std::vector<std::filesystem::path> plugin_dirs;
  // Print a warning to stderr for each library that fails to load during discovery.
  bool warn_on_load_failure = true;
  // Load plugin files and folders that are writable by group/others or owned by someone other than the
  // user or root (refused otherwise, see docs/isolation.md, "Plugin trust rules"). For development only; the
  // environment variable QRT_ALLOW_UNSAFE_PLUGINS=1 does the same. The symlink rules still apply.
  bool allow_unsafe_plugins = false;
  // Limits on the Inactive instances the pool keeps (see pool_policy.hpp); unset fields come from the
  // environment (QRT_POOL_MAX_INACTIVE, QRT_POOL_MAX_INACTIVE_PER_KEY, QRT_POOL_MAX_BYTES).
  PoolPolicy pool = {};
  // Run every device out of process (see <qrt/isolation.hpp>) unless its config says isolate=false;
  // unset: $QRT_ISOLATE. The host then never loads a plugin itself unless a device of it is opened with
  // isolate=false.
  std::optional<bool> isolate = std::nullopt;
  // Discovery describes each plugin from a child process that loads it (so a library that crashes,
  // exits or hangs while loading is a listed failure, not the host's end), several children at once,
  // and a library is loaded in this process only when one of its devices is opened in process. False:
  // every plugin is loaded here during discovery. Unset: $QRT_SCAN_ISOLATED (1 or 0), else true.
  std::optional<bool> scan_isolated = std::nullopt;
  // The plugin cache: the children's answers kept between processes, keyed by each file's path, size
  // and times (see docs/isolation.md). Unset: $QRT_PLUGIN_CACHE (a path, or "off"), else
  // $XDG_CACHE_HOME/qrt/plugin-cache.json or ~/.cache/qrt/plugin-cache.json. An empty path: no cache.
  std::optional<std::filesystem::path> plugin_cache = std::nullopt;
};

// The documented search order: each entry of $QRT_PLUGIN_PATH (colon-separated), then the folder
// `qrt/plugins` beside libqrt's own file (the build tree's lib/qrt/plugins, or <prefix>/lib/qrt/plugins
// once installed). Missing folders are skipped. Absolute entries are canonicalised (symlinks resolved);
// relative entries are kept as given, and discovery refuses them with a recorded failure (they would
// depend on the current directory).
std::vector<std::filesystem::path> default_plugin_dirs();

struct PluginReport {
  std::filesystem::path file;  // the canonical file loaded
  std::filesystem::path link;  // the symlink it was found as (followed once); empty when not a link
  std::string plugin_name, plugin_version;
  std::uint32_t abi_major = 0, abi_minor = 0;
  std::vector<std::shared_ptr<const DeviceType>> devices;
};

struct LoadFailure {
  std::filesystem::path file;
  std::string reason;
};

struct PoolKeyStats {
  std::string library, device, kwargs;
  std::size_t active = 0, inactive = 0;
  std::uint64_t bytes = 0;  // held by this key's Inactive instances
  bool isolated = false;    // instances run in worker processes (isolate=true)
};

struct PoolStats {
  std::uint64_t hits = 0;       // acquisitions served by an Inactive instance
  std::uint64_t misses = 0;     // acquisitions that created an instance
  std::uint64_t creations = 0;
  std::uint64_t destructions = 0;
  std::size_t active = 0, inactive = 0;
  std::vector<PoolKeyStats> keys;
  std::uint64_t evictions = 0;  // Inactive instances destroyed (or released ones not kept) to meet the policy
  std::uint64_t bytes = 0;      // memory the Inactive instances hold (their memory_bytes after reset)
  PoolPolicy policy = {};       // the limits in force; unset = no limit
};

class Registry;

class Runtime {
 public:
  explicit Runtime(RuntimeOptions options = {});
  ~Runtime();
  Runtime(const Runtime&) = delete;
  Runtime& operator=(const Runtime&) = delete;

  // Resolves a config (DeviceSpec::parse of `config`, or a parsed spec) against its device: finds the device,
  // validates and canonicalises the kwargs, takes out the isolation settings. Nothing is created. Throws
  // qrt::Error: Config (syntax, kwargs), NotFound (no such device), Plugin (a library that does not load).
  // Resolutions are cached by the config's text, so resolving a repeated config costs a hash lookup.
  ResolvedDevice resolve(std::string_view config);
  ResolvedDevice resolve(const DeviceSpec& spec);

  // An Active instance of the device from the pool: an Inactive one of the same ResolvedDevice (reset when
  // it was released), or a new one. open(config) and open(spec) resolve first.
  Device open(const ResolvedDevice& device);
  Device open(const DeviceSpec& spec);
  Device open(std::string_view config);
  // Catalyst's form (DeviceSpec::from_parts): library (empty: resolve the name through discovery), device
  // name, kwargs (empty, "key=value,..." or a JSON object).
  Device open(std::string_view library, std::string_view name, std::string_view kwargs);

  const std::vector<PluginReport>& plugins() const;
  const std::vector<LoadFailure>& load_failures() const;
  // The plugin cache file discovery used; nullopt when there was none (see RuntimeOptions::plugin_cache).
  const std::optional<std::filesystem::path>& plugin_cache_file() const;
  PoolStats pool_stats() const;
  // The pool limits in force: RuntimeOptions::pool completed from the environment.
  const PoolPolicy& pool_policy() const;

  // Destroys every Inactive instance now; Active ones are destroyed when released. Afterwards open()
  // throws Error(State). Also done by the destructor.
  void finalize();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// The process-wide runtime: the one the runtime C API (__quantum__rt__*) and the QIR front end drive
// programs with, started with default options on first use (again after __quantum__rt__finalize).
// Language bindings use it so that their devices, QIR runs and submitted programs share one pool.
std::shared_ptr<Runtime> process_runtime();

// The document `qrt devices --json` prints: {"search_path": [...], "plugin_cache": PATH or null,
// "plugins": [{file, link?, plugin, version, abi, devices: [{name, version, description, kwargs,
// capabilities}]}], "failed": [{file, reason}]}.
std::string devices_json(const Runtime& runtime);

}  // namespace qrt
