// qrt::PluginFile — one plugin library file loaded into this process exactly as the host loads one, for
// tools that drive its devices through the raw C ABI (the conformance kit, qrt/conformance.hpp): the
// plugin trust rules first (docs/isolation.md, "Plugin trust rules"; QRT_ALLOW_UNSAFE_PLUGINS=1 relaxes
// them the same way), then the loader's ABI negotiation and descriptor checks. Loading runs the
// library's code in this process.
#pragma once

#include <qrt/device_api.h>
#include <qrt/device_type.hpp>

#include <filesystem>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace qrt {

class PluginLibrary;

struct PluginFile {
  std::filesystem::path path;  // the canonical file that was loaded
  std::string plugin_name, plugin_version;
  // The descriptor the file's entry point returned; valid while `library` (or any of `devices`) lives.
  const qrt_plugin_descriptor* descriptor = nullptr;
  // Every device it offers, in descriptor order, loaded here: DeviceType::functions() works.
  std::vector<std::shared_ptr<const DeviceType>> devices;
  std::shared_ptr<const PluginLibrary> library;  // keeps the file mapped

  // The raw descriptor of the device `name`; nullptr when the file offers none of that name.
  const qrt_device_descriptor* device_descriptor(std::string_view name) const noexcept;

  // A relative `file` is resolved against the current directory, as NAME@LIBRARY in a config is. Throws
  // qrt::Error: NotFound for a missing file; LoadFailed naming the file and the cause for one the trust
  // rules refuse or the loader rejects (dlerror text, missing entry symbol, refused or mismatched ABI,
  // malformed descriptor).
  static PluginFile load(const std::filesystem::path& file);
};

}  // namespace qrt
