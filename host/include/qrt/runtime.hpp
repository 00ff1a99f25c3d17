// qrt::Runtime — the host: discovers plugins, resolves config strings to devices and hands out pooled
// device instances. Thread-safe: open() may be called from many threads at once.
#pragma once

#include <qrt/device.hpp>
#include <qrt/device_spec.hpp>
#include <qrt/device_type.hpp>
#include <qrt/error.hpp>
#include <qrt/plugin_report.hpp>
#include <qrt/pool_policy.hpp>
#include <qrt/pool_stats.hpp>
#include <qrt/runtime_options.hpp>
#include <qrt/version.hpp>

#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace qrt {

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
