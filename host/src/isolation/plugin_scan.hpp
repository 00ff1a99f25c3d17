// Discovery that survives a plugin whose loading crashes or hangs (a static constructor that segfaults
// or loops): the file is first loaded in a child process (`qrt-worker --scan FILE`, GStreamer's plugin
// scanner approach) under a timeout, and only a file the child loaded is loaded by the host.
//
// When: off by default, because in-process discovery costs ~57 µs per plugin and a child costs a few
// milliseconds; on with $QRT_SCAN_ISOLATED=1 or whenever isolation is requested globally
// (RuntimeOptions::isolate, $QRT_ISOLATE=1, `qrt run/batch --isolate`). Results are cached for the life
// of the process by (canonical path, size, modification time), so a second Runtime scans nothing again.
#pragma once

#include <filesystem>
#include <optional>
#include <string>

namespace qrt::isolation {

// $QRT_SCAN_ISOLATED=1 (or true/yes/on).
bool scan_isolation_requested_by_environment();

// Loads `file` in a child process. nullopt: it loaded there. Otherwise why not, naming the file: the
// loader's own message (not ELF, no entry symbol, ...), the signal that killed the child, its exit
// status, or the timeout ($QRT_SCAN_TIMEOUT seconds, default 10).
std::optional<std::string> scan_in_child(const std::filesystem::path& file);

}  // namespace qrt::isolation
