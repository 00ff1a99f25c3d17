// What discovery found: each plugin library loaded (or described by a child process) with its devices, and
// each library that failed, with the reason (Runtime::plugins(), Runtime::load_failures()).
#pragma once

#include <qrt/device_type.hpp>

#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

namespace qrt {

struct PluginReport {
  std::filesystem::path file;  // the canonical file loaded
  std::filesystem::path link;  // the symlink it was found as (followed once); empty when not a link
  std::string plugin_name, plugin_version;
  std::uint32_t abi_major = 0, abi_minor = 0;
  std::vector<std::shared_ptr<const DeviceType>> devices;
};

struct LoadFailure {
  std::filesystem::path file;
  std::string reason;
};

}  // namespace qrt
