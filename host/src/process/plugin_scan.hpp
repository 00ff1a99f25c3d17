// Discovery without mapping the plugin in the host: the file is loaded in a child process
// (`qrt-worker --scan FILE`, GStreamer's plugin-scanner approach) under a timeout, and the child prints
// the plugin's description (name, version, ABI, each device's schema and capabilities). A library whose
// static constructors crash, hang or exit never runs in the host; an isolated host never loads it at
// all (its devices run in worker processes), and any other host loads it only when a device of it is
// opened in process (Registry::loaded).
//
// When: by default (RuntimeOptions::scan_isolated, $QRT_SCAN_ISOLATED=0 turns it off). Many files are
// scanned by several children at once (scan_in_children), and the registry keeps the answers on disk
// between processes (registry/plugin_cache.hpp), so a warm start scans nothing.
//
// Cache in memory: for the life of the process, keyed by the canonical path and the file's identity
// (device, inode, size, modification and status-change times in nanoseconds, from stat(2)). A rewritten,
// replaced or touched file is scanned again; an identical one is not. An answer is cached only when the
// identity was the same before and after the scan (a file replaced while it was being scanned is
// scanned again next time).
#pragma once

#include "loader/plugin_description.hpp"

#include <sys/types.h>

#include <compare>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace qrt::process {

// $QRT_SCAN_ISOLATED: unset or empty: nullopt; 1/true/yes/on or 0/false/no/off. Throws Error(Config)
// naming the variable for any other value.
std::optional<bool> scan_isolation_from_environment();

// $QRT_SCAN_TIMEOUT: how long a child may take to load and describe a file (default 10 s). Throws
// Error(Config) naming the variable for a value that is no positive number of seconds.
double scan_timeout_seconds();

// What makes two looks at a path the same file with the same contents. ctime too: unlike mtime, no
// one can set it back, so rewriting a file in place and restoring its mtime still changes the identity.
struct FileIdentity {
  std::uint64_t device = 0, inode = 0, size = 0;
  std::int64_t mtime_ns = 0, ctime_ns = 0;
  auto operator<=>(const FileIdentity&) const = default;
};

// stat(2) of `file` (following symlinks); nullopt when it cannot be read.
std::optional<FileIdentity> identity_of(const std::filesystem::path& file);

// The child's verdict on a file.
struct ScanOutcome {
  std::optional<PluginDescription> plugin;  // set: the child loaded it and described it
  std::string failure;                      // otherwise why not, naming the file
  // False when no verdict on the file was reached (the scanner itself could not be started): such an
  // outcome is never cached.
  bool conclusive = true;
  // For a child that ran past the scan timeout: that timeout, in seconds (a longer one may get further).
  double timed_out_after = 0;
  explicit operator bool() const noexcept { return plugin.has_value(); }
};

// Scans `file` in a child process, or answers from the cache. The failure is the loader's own message
// (not ELF, no entry symbol, ...), the signal that killed the child, its exit status, the timeout
// ($QRT_SCAN_TIMEOUT seconds, default 10), or a malformed answer. Throws Error when the child cannot be
// started (the worker program is missing). Thread-safe.
ScanOutcome scan_in_child(const std::filesystem::path& file);

// scan_in_child for each file, at most max_parallel_scans() children at a time; the outcomes in the
// order of `files`. A child that cannot be started gives an outcome that is not `conclusive`.
std::vector<ScanOutcome> scan_in_children(const std::vector<std::filesystem::path>& files);

// How many children scan_in_children runs at once: the processor count, at least 4 (a scan mostly waits
// for process start-up and the dynamic loader; a plugin that hangs holds one slot until its timeout)
// and at most 16.
unsigned max_parallel_scans() noexcept;

// False for a timeout under a shorter limit than today's $QRT_SCAN_TIMEOUT: a longer one may get further.
bool holds_under_current_timeout(const ScanOutcome& outcome);

// The answer this process holds for `canonical` with that identity (scanned, or remembered).
std::optional<ScanOutcome> known_scan(const std::filesystem::path& canonical, const FileIdentity& identity);
// Stores an answer obtained elsewhere (the on-disk cache) in this process's cache.
void remember_scan(const std::filesystem::path& canonical, const FileIdentity& identity, const ScanOutcome& outcome);

// How many child scans this process has started (cache misses); for tests of the cache.
std::uint64_t child_scans_started() noexcept;

}  // namespace qrt::process
