#include "registry/registry.hpp"

#include "config/nearest_name.hpp"

#include <algorithm>
#include <iostream>
#include <set>

namespace qrt {
namespace {

std::vector<std::filesystem::path> plugin_files(const std::filesystem::path& dir) {
  std::vector<std::filesystem::path> files;
  std::error_code ec;
  for (std::filesystem::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    const auto& path = it->path();
    if (path.extension() == ".so" && it->is_regular_file(ec)) files.push_back(path);
  }
  std::sort(files.begin(), files.end());
  return files;
}

PluginReport report_of(const LoadedPlugin& loaded) {
  PluginReport report;
  report.file = loaded.library->path();
  report.plugin_name = loaded.library->plugin_name();
  report.plugin_version = loaded.library->plugin_version();
  report.abi_major = loaded.library->descriptor().abi_major;
  report.abi_minor = loaded.library->descriptor().abi_minor;
  report.devices = loaded.devices;
  return report;
}

}  // namespace

Registry::Registry(const std::vector<std::filesystem::path>& dirs, bool warn_on_failure) {
  std::set<std::filesystem::path> seen;  // the same file reached through two folders loads once
  for (const auto& dir : dirs) {
    for (const auto& file : plugin_files(dir)) {
      std::error_code ec;
      auto canonical = std::filesystem::weakly_canonical(file, ec);
      if (!seen.insert(ec ? file : canonical).second) continue;
      try {
        LoadedPlugin loaded = LoadedPlugin::load(file);
        for (const auto& device : loaded.devices) by_name_.emplace(device->name(), device);
        plugins_.push_back(report_of(loaded));
      } catch (const std::exception& e) {
        failures_.push_back({file, e.what()});
        if (warn_on_failure) std::cerr << "qrt: warning: skipping plugin " << e.what() << "\n";
      }
    }
  }
}

std::shared_ptr<const DeviceType> Registry::find(std::string_view device) const {
  auto [first, last] = by_name_.equal_range(device);
  if (first == last) {
    std::vector<std::string> names;
    for (const auto& [name, type] : by_name_) names.push_back(name);
    std::string message = "unknown device '" + std::string(device) + "'";
    if (auto near = config::nearest_name(device, names)) message += " (did you mean '" + *near + "'?)";
    if (names.empty()) {
      message += "; no plugins were found (searched folders: see `qrt devices`; set QRT_PLUGIN_PATH)";
    } else {
      message += "; available:";
      for (const auto& n : names) message += " " + n;
    }
    throw Error(ErrorCode::NotFound, message);
  }
  if (std::next(first) != last) {
    std::string message = "device '" + std::string(device) + "' is offered by more than one library:";
    for (auto it = first; it != last; ++it) message += " " + it->second->library_path().string();
    throw Error(ErrorCode::Ambiguous, message + "; pick one with NAME@LIBRARY");
  }
  return first->second;
}

std::shared_ptr<const DeviceType> Registry::from_library(const std::filesystem::path& file, std::string_view device) {
  std::error_code ec;
  auto canonical = std::filesystem::weakly_canonical(std::filesystem::absolute(file, ec), ec);
  if (ec) canonical = file;

  auto pick = [&](const std::vector<std::shared_ptr<const DeviceType>>& devices) {
    std::string offered;
    for (const auto& d : devices) {
      if (d->name() == device) return d;
      offered += " " + d->name();
    }
    throw Error(ErrorCode::NotFound,
                canonical.string() + " offers no device '" + std::string(device) + "'; it offers:" + offered);
  };
  for (const auto& plugin : plugins_)
    if (plugin.file == canonical) return pick(plugin.devices);

  std::lock_guard lock(explicit_mutex_);
  auto it = explicit_.find(canonical);
  if (it == explicit_.end()) it = explicit_.emplace(canonical, LoadedPlugin::load(canonical)).first;
  return pick(it->second.devices);
}

}  // namespace qrt
