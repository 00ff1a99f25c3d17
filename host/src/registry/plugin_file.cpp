// PluginFile::load: the registry's rules for a NAME@LIBRARY file (trust rules, then the loader), for
// tools that need the loaded library itself rather than a pooled device.
#include <qrt/plugin_file.hpp>

#include "loader/plugin_library.hpp"
#include "registry/plugin_trust.hpp"

namespace qrt {

const qrt_device_descriptor* PluginFile::device_descriptor(std::string_view name) const noexcept {
  if (descriptor == nullptr) return nullptr;
  for (std::size_t i = 0; i < descriptor->device_count; ++i) {
    const qrt_device_descriptor* device = descriptor->devices[i];
    if (device != nullptr && device->name != nullptr && name == device->name) return device;
  }
  return nullptr;
}

PluginFile PluginFile::load(const std::filesystem::path& file) {
  const VettedPlugin vetted = vet_plugin_file(resolve_named_library(file).absolute, TrustPolicy::from(false));
  LoadedPlugin loaded = LoadedPlugin::load(vetted.target);
  PluginFile out;
  out.path = loaded.library->path();
  out.plugin_name = loaded.library->plugin_name();
  out.plugin_version = loaded.library->plugin_version();
  out.descriptor = &loaded.library->descriptor();
  out.devices = std::move(loaded.devices);
  out.library = std::move(loaded.library);
  return out;
}

}  // namespace qrt
