// Plugin trust rules: which files the host agrees to load. Loading a library runs its code with the
// user's rights, so a file someone else could have written is refused, as ssh refuses a writable
// authorized_keys. The rules as documented to users: docs/isolation.md, "Plugin trust rules".
//
//   - A plugin file, the folder holding it and (for discovery) the plugin folder searched must be owned
//     by the current user or root and not writable by group or others. Group-writable is accepted for a
//     user-private group (the owner's own group with no other members: umask 002 on Debian).
//   - A symlinked plugin file is followed once: a link to a link (a chain, or a loop) is refused.
//   - Development opt-out: QRT_ALLOW_UNSAFE_PLUGINS=1 or RuntimeOptions::allow_unsafe_plugins skips the
//     ownership and mode checks (never the symlink rules).
#pragma once

#include <filesystem>
#include <optional>
#include <string>

namespace qrt {

inline constexpr const char* kAllowUnsafePluginsEnv = "QRT_ALLOW_UNSAFE_PLUGINS";

struct TrustPolicy {
  bool allow_unsafe = false;  // skip the ownership and mode checks

  // `option` (RuntimeOptions::allow_unsafe_plugins) or the environment variable turned on (a switch,
  // config/environment.hpp: 1, true, yes, on; a value that is no switch is an Error(Config)).
  static TrustPolicy from(bool option);
};

// A plugin file as found and as it will be loaded.
struct VettedPlugin {
  std::filesystem::path target;  // the canonical real file
  std::filesystem::path link;    // the path found, when it is a symlink; empty otherwise
};

// Checks one plugin file (an absolute path). Throws qrt::Error: NotFound for a missing file, LoadFailed
// with "refusing <file>: <why>; <how to fix>" for a file the rules refuse.
VettedPlugin vet_plugin_file(const std::filesystem::path& file, const TrustPolicy& policy);

// Why a plugin folder may not be searched ("refusing folder ..."), or nullopt when it may. Relative
// folders are refused whatever the policy: they would depend on the current directory.
std::optional<std::string> folder_refusal(const std::filesystem::path& dir, const TrustPolicy& policy);

// A library named in a config (NAME@LIBRARY): relative paths are resolved against the current
// directory, explicitly. `note` says so for messages ("" for absolute paths).
struct NamedLibrary {
  std::filesystem::path absolute;
  std::string note;
};
NamedLibrary resolve_named_library(const std::filesystem::path& library);

}  // namespace qrt
