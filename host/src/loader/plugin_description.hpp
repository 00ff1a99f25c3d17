// What the host knows about a plugin without running its code: the plugin's name, version and ABI, and
// each device's descriptor strings (kwargs schema, capabilities). Read from a loaded library
// (describe), or from a child process that loaded it (process/plugin_scan.hpp), so that an isolated
// host can list, validate and canonicalise configs for a plugin it never maps.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace qrt {

struct LoadedPlugin;

struct DeviceDescription {
  std::string name, version, description;
  std::string kwargs_schema_json;  // verbatim from the descriptor, so canonical kwargs match a loaded run
  std::string capabilities_json;
};

struct PluginDescription {
  std::string plugin_name, plugin_version;
  std::uint32_t abi_major = 0, abi_minor = 0;
  std::vector<DeviceDescription> devices;
};

PluginDescription describe(const LoadedPlugin& plugin);

// The checks LoadedPlugin::load makes of names, applied to a description that came from elsewhere (a
// scan's output is untrusted text). Throws std::invalid_argument saying what is wrong.
void check_description(const PluginDescription& description);

}  // namespace qrt
