// The plugin cache: what child scans (process/plugin_scan.hpp) said about each plugin file, kept on
// disk between processes, as GStreamer keeps its registry. A warm start reads one small JSON file and
// stats each plugin instead of starting a scanner per plugin.
//
// Where: $QRT_PLUGIN_CACHE (an absolute file path, or "off"), else $XDG_CACHE_HOME/qrt/plugin-cache.json
// (an absolute XDG_CACHE_HOME), else ~/.cache/qrt/plugin-cache.json.
//
// An entry is the canonical path, the file's identity (device, inode, size, modification and
// status-change times) and the scan's answer: the description, or the failure (a crash, an exit, a
// timeout: a broken plugin costs one scan, not one per process). It is used only while the file's
// identity is unchanged. The whole file belongs to one qrt version, plugin ABI and libqrt file (the
// loader that judged the plugins): after an upgrade, or a rebuild of libqrt, every plugin is scanned again.
//
// A file that cannot be read, is not well formed, comes from another qrt version or ABI, or is not
// the user's own (owned by someone else, or writable by group or others: it would tell the host what
// a plugin offers) is ignored and replaced on the next save. Saving writes a temporary file in the same
// folder and renames it over the cache, so a reader sees the old file or the new one, never a mix;
// processes saving at once lose at most each other's new entries, which are scanned again later.
// Nothing about the cache is ever an error: it only saves work.
#pragma once

#include "process/plugin_scan.hpp"

#include <filesystem>
#include <map>
#include <mutex>
#include <optional>

namespace qrt {

class PluginCache {
 public:
  // The file the environment selects (see above); nullopt: no cache ($QRT_PLUGIN_CACHE=off, or no home).
  // Throws Error(Config) naming QRT_PLUGIN_CACHE when it is set to something else than "off" or an
  // absolute path.
  static std::optional<std::filesystem::path> default_location();

  // Reads `file`; nullopt: a cache that remembers nothing and never writes.
  explicit PluginCache(std::optional<std::filesystem::path> file);

  const std::optional<std::filesystem::path>& location() const { return file_; }

  // The stored answer for `canonical` when it was stored for this very identity. Thread-safe.
  std::optional<process::ScanOutcome> find(const std::filesystem::path& canonical,
                                           const process::FileIdentity& identity) const;
  // Records an answer (conclusive ones only). Thread-safe.
  void store(const std::filesystem::path& canonical, const process::FileIdentity& identity,
             const process::ScanOutcome& outcome);
  // Writes the cache when something was stored since the last save: the entries of the file as it is
  // now, then this process's, leaving out files that no longer exist or have changed. Thread-safe.
  void save();

 private:
  struct Entry {
    process::FileIdentity identity;
    process::ScanOutcome outcome;
  };
  using Entries = std::map<std::filesystem::path, Entry>;

  std::optional<std::filesystem::path> file_;
  mutable std::mutex mutex_;
  Entries entries_;  // read at construction, plus what was stored
  Entries stored_;   // stored by this process since the last save
};

}  // namespace qrt
