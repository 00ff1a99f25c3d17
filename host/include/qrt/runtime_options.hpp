// How a Runtime finds and trusts plugins, pools instances and isolates devices (qrt/runtime.hpp), and the
// plugin search path it uses by default.
#pragma once

#include <qrt/pool_policy.hpp>

#include <filesystem>
#include <optional>
#include <vector>

namespace qrt {

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

}  // namespace qrt
