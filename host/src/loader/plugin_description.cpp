#include "loader/plugin_description.hpp"

#include "loader/plugin_library.hpp"

#include <set>
#include <stdexcept>

namespace qrt {

PluginDescription describe(const LoadedPlugin& plugin) {
  PluginDescription out;
  out.plugin_name = plugin.library->plugin_name();
  out.plugin_version = plugin.library->plugin_version();
  out.abi_major = plugin.library->descriptor().abi_major;
  out.abi_minor = plugin.library->descriptor().abi_minor;
  for (const auto& d : plugin.devices)
    out.devices.push_back({d->name(), d->version(), d->description(), d->schema_json(), d->capabilities_json()});
  return out;
}

void check_description(const PluginDescription& description) {
  if (description.devices.empty() || description.devices.size() > 1024)
    throw std::invalid_argument("the plugin lists no devices (or more than 1024)");
  std::set<std::string> names;
  for (const auto& d : description.devices) {
    if (!valid_device_name(d.name)) throw std::invalid_argument("invalid device name '" + d.name + "'");
    if (!names.insert(d.name).second) throw std::invalid_argument("device '" + d.name + "' is offered twice");
  }
}

}  // namespace qrt
