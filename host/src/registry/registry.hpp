// Discovery: every `*.so` in the plugin folders, in folder order then name order, described once each
// by a child process that loads it (process/plugin_scan.hpp; several at once, answers kept on disk in
// the plugin cache, registry/plugin_cache.hpp), or loaded here when child scanning is off. A file that
// fails to load, crashes, exits or hangs is recorded (and warned about) and never stops the others.
// Devices are then looked up by name; a name offered by two libraries is an error only when selected.
// A library is mapped into this process only when a device of it is opened here (loaded()).
#pragma once

#include <qrt/error.hpp>
#include <qrt/plugin_report.hpp>
#include <qrt/runtime_options.hpp>

#include "loader/plugin_library.hpp"
#include "registry/plugin_cache.hpp"
#include "registry/plugin_trust.hpp"

#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <string_view>
#include <vector>

namespace qrt {

class Registry {
 public:
  // Folders and files the trust rules refuse (plugin_trust.hpp) are recorded as failures, not loaded.
  // `scan_isolated`: never load a file here during discovery; a child process loads it
  // (process/plugin_scan.hpp) and its answer backs *described* device types (DeviceType::loaded() is
  // false); files that crash, exit or hang there are load failures. `cache_file`: where answers are
  // kept between processes (nullopt: nowhere); only with `scan_isolated`.
  Registry(const std::vector<std::filesystem::path>& dirs, bool warn_on_failure, TrustPolicy trust = {},
           bool scan_isolated = false, std::optional<std::filesystem::path> cache_file = std::nullopt);

  const std::vector<PluginReport>& plugins() const { return plugins_; }
  const std::vector<LoadFailure>& failures() const { return failures_; }
  // The plugin cache file in use; nullopt when there is none.
  const std::optional<std::filesystem::path>& cache_file() const { return cache_.location(); }

  // Throws Error(NotFound) listing the known devices (and the nearest name), or Error(Ambiguous)
  // naming both files.
  std::shared_ptr<const DeviceType> find(std::string_view device) const;

  // The device `device` of an explicitly named library file (relative paths: against the current
  // directory, and messages say so). The trust rules apply. Loads the file once; thread-safe. Throws
  // Error(LoadFailed) or Error(NotFound). `describe_only`: scan the file in a child process even when
  // discovery loads files here (the config runs the device isolated: its library is never mapped here).
  std::shared_ptr<const DeviceType> from_library(const std::filesystem::path& file, std::string_view device,
                                                 bool describe_only = false);

  // `type` itself when loaded; otherwise the same device of its library, loaded in this process now
  // (once per library; the file is rescanned first when it changed since its scan). For the callers
  // that run the plugin's code here: an in-process device (isolate=false) of a scanning registry.
  // Throws Error(LoadFailed) or Error(NotFound). Thread-safe.
  std::shared_ptr<const DeviceType> loaded(const std::shared_ptr<const DeviceType>& type);

 private:
  std::vector<PluginReport> plugins_;
  std::vector<LoadFailure> failures_;
  std::multimap<std::string, std::shared_ptr<const DeviceType>, std::less<>> by_name_;
  // Descriptions of canonical files from this process's cache, the plugin cache or child scans (misses
  // run in parallel); the plugin cache is saved when a scan added to it.
  std::vector<process::ScanOutcome> descriptions(const std::vector<std::filesystem::path>& files);

  TrustPolicy trust_;
  bool scan_isolated_ = false;
  PluginCache cache_;

  std::mutex explicit_mutex_;
  std::map<std::filesystem::path, std::vector<std::shared_ptr<const DeviceType>>> explicit_;  // named in configs

  std::mutex loaded_mutex_;
  std::map<std::filesystem::path, std::vector<std::shared_ptr<const DeviceType>>> loaded_;  // loaded on demand
};

}  // namespace qrt
