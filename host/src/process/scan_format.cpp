#include "process/scan_format.hpp"

#include <boost/json.hpp>

#include <limits>
#include <stdexcept>

namespace qrt::process {
namespace json = boost::json;

json::object encode_scan(const PluginDescription& plugin) {
  json::array devices;
  for (const auto& d : plugin.devices)
    devices.push_back(json::object{{"name", d.name},
                                   {"version", d.version},
                                   {"description", d.description},
                                   {"kwargs_schema_json", d.kwargs_schema_json},
                                   {"capabilities_json", d.capabilities_json}});
  return {{"ok", true},
          {"plugin", plugin.plugin_name},
          {"version", plugin.plugin_version},
          {"abi_major", plugin.abi_major},
          {"abi_minor", plugin.abi_minor},
          {"devices", std::move(devices)}};
}

namespace {

std::string text(const json::object& o, const char* key) { return std::string(o.at(key).as_string()); }

std::uint32_t u32(const json::object& o, const char* key) {
  const std::uint64_t v = o.at(key).to_number<std::uint64_t>();
  if (v > std::numeric_limits<std::uint32_t>::max()) throw std::invalid_argument(std::string(key) + " out of range");
  return static_cast<std::uint32_t>(v);
}

}  // namespace

PluginDescription decode_scan(const json::object& answer) {
  PluginDescription plugin;
  plugin.plugin_name = text(answer, "plugin");
  plugin.plugin_version = text(answer, "version");
  plugin.abi_major = u32(answer, "abi_major");
  plugin.abi_minor = u32(answer, "abi_minor");
  for (const auto& v : answer.at("devices").as_array()) {
    const json::object& d = v.as_object();
    plugin.devices.push_back({text(d, "name"), text(d, "version"), text(d, "description"),
                              text(d, "kwargs_schema_json"), text(d, "capabilities_json")});
  }
  return plugin;
}

}  // namespace qrt::process
