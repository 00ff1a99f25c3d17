// Discovery without mapping the plugin in the host: the file is loaded in a child process
// (`qrt-worker --scan FILE`, GStreamer's plugin-scanner approach) under a timeout, and the child prints
// the plugin's description (name, version, ABI, each device's schema and capabilities). A library whose
// static constructors crash, hang or misbehave never runs in the host; an isolated host never loads it
// at all (its devices run in worker processes), and any other host loads it only when a device of it is
// opened in process (Registry::loaded).
//
// When: off by default, because in-process discovery costs ~57 µs per plugin and a child costs a few
// milliseconds; on with $QRT_SCAN_ISOLATED=1 or whenever isolation is requested globally
// (RuntimeOptions::isolate, $QRT_ISOLATE=1, `qrt run/batch/devices --isolate`).
//
// Cache: in memory, for the life of the process, keyed by the file's identity (device, inode, size,
// modification and status-change times in nanoseconds, from stat(2) on the canonical path). A rewritten,
// replaced or touched file is scanned again; an identical one is not. An answer is cached only when
// the identity was the same before and after the scan (a file replaced while it was being scanned is
// scanned again next time). No on-disk cache: see the README for why.
#pragma once

#include "loader/plugin_description.hpp"

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>

namespace qrt::process {

// $QRT_SCAN_ISOLATED=1 (or true/yes/on).
bool scan_isolation_requested_by_environment();

// The child's verdict on a file.
struct ScanOutcome {
  std::optional<PluginDescription> plugin;  // set: the child loaded it and described it
  std::string failure;                      // otherwise why not, naming the file
  explicit operator bool() const noexcept { return plugin.has_value(); }
};

// Scans `file` in a child process, or answers from the cache. The failure is the loader's own message
// (not ELF, no entry symbol, ...), the signal that killed the child, its exit status, the timeout
// ($QRT_SCAN_TIMEOUT seconds, default 10), or a malformed answer. Thread-safe.
ScanOutcome scan_in_child(const std::filesystem::path& file);

// How many child scans this process has started (cache misses); for tests of the cache.
std::uint64_t child_scans_started() noexcept;

}  // namespace qrt::process
