// Loading one plugin file: dlopen through Boost.DLL, find the entry symbol, negotiate the ABI version
// and check the descriptor before anything else touches it. The only place that knows Boost.DLL.
#pragma once

#include <qrt/device_api.h>
#include <qrt/device_type.hpp>

#include <filesystem>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace qrt {

class PluginLibrary {
 public:
  ~PluginLibrary();
  PluginLibrary(const PluginLibrary&) = delete;
  PluginLibrary& operator=(const PluginLibrary&) = delete;

  const std::filesystem::path& path() const { return path_; }
  const qrt_plugin_descriptor& descriptor() const { return *descriptor_; }
  const std::string& plugin_name() const { return plugin_name_; }
  const std::string& plugin_version() const { return plugin_version_; }

 private:
  friend struct LoadedPlugin;
  struct Handle;
  PluginLibrary(std::filesystem::path path, std::unique_ptr<Handle> handle, const qrt_plugin_descriptor* descriptor);

  std::filesystem::path path_;
  std::unique_ptr<Handle> handle_;
  const qrt_plugin_descriptor* descriptor_;
  std::string plugin_name_, plugin_version_;
};

// Device names: 1 to 128 characters of [A-Za-z0-9._-].
bool valid_device_name(std::string_view name);

struct LoadedPlugin {
  std::shared_ptr<const PluginLibrary> library;
  std::vector<std::shared_ptr<const DeviceType>> devices;

  // Throws qrt::Error(LoadFailed) whose message names the file and the cause (dlerror text, missing
  // entry symbol, refused or mismatched ABI, malformed descriptor, schema or capabilities).
  static LoadedPlugin load(const std::filesystem::path& file);
};

}  // namespace qrt
