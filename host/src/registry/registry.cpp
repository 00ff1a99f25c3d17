#include "registry/registry.hpp"

#include "config/nearest_name.hpp"
#include "loader/plugin_description.hpp"
#include "process/plugin_scan.hpp"

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
    // Symlinks too, even dangling or looping ones: vet_plugin_file reports what is wrong with them.
    if (path.extension() == ".so" && (it->is_regular_file(ec) || it->is_symlink(ec))) files.push_back(path);
  }
  std::sort(files.begin(), files.end());
  return files;
}

// One library as discovery sees it: what it offers, and the report `qrt devices` shows.
struct Discovered {
  std::vector<std::shared_ptr<const DeviceType>> devices;
  std::shared_ptr<const PluginLibrary> library;  // null when only described
  PluginDescription description;
};

// Described types for a file the child scanned; nothing of the file runs here.
std::vector<std::shared_ptr<const DeviceType>> described_types(const std::filesystem::path& file,
                                                               const PluginDescription& description) {
  std::vector<std::shared_ptr<const DeviceType>> types;
  for (const auto& d : description.devices) {
    try {
      types.push_back(std::make_shared<const DeviceType>(file, d));
    } catch (const std::exception& e) {
      throw Error(ErrorCode::LoadFailed, file.string() + ": device '" + d.name + "': " + e.what());
    }
  }
  return types;
}

// Types and report for a file the child scanned; nothing of the file runs here.
Discovered described(const std::filesystem::path& file, process::ScanOutcome outcome) {
  if (!outcome) throw Error(ErrorCode::LoadFailed, outcome.failure);
  auto devices = described_types(file, *outcome.plugin);
  return {std::move(devices), nullptr, std::move(*outcome.plugin)};
}

// The file loaded here: its code runs in this process.
Discovered loaded_here(const std::filesystem::path& file) {
  LoadedPlugin loaded = LoadedPlugin::load(file);
  PluginDescription description = describe(loaded);
  return {std::move(loaded.devices), std::move(loaded.library), std::move(description)};
}

PluginReport report_of(const Discovered& found, const std::filesystem::path& file, const std::filesystem::path& link) {
  PluginReport report;
  report.file = file;
  report.link = link;
  report.plugin_name = found.description.plugin_name;
  report.plugin_version = found.description.plugin_version;
  report.abi_major = found.description.abi_major;
  report.abi_minor = found.description.abi_minor;
  report.devices = found.devices;
  return report;
}

}  // namespace

Registry::Registry(const std::vector<std::filesystem::path>& dirs, bool warn_on_failure, TrustPolicy trust,
                   bool scan_isolated, std::optional<std::filesystem::path> cache_file)
    : trust_(trust), scan_isolated_(scan_isolated), cache_(scan_isolated ? std::move(cache_file) : std::nullopt) {
  if (scan_isolated_) (void)process::scan_timeout_seconds();  // a bad $QRT_SCAN_TIMEOUT fails here, not per plugin
  auto refused = [&](const std::filesystem::path& path, const std::string& reason) {
    failures_.push_back({path, reason});
    if (warn_on_failure) std::cerr << "qrt: warning: " << reason << "\n";
  };
  std::vector<VettedPlugin> found;
  std::vector<std::filesystem::path> found_as;  // the path each was found at, for failures
  std::set<std::filesystem::path> seen;         // the same file reached through two folders counts once
  for (const auto& dir : dirs) {
    if (auto why = folder_refusal(dir, trust_)) {
      refused(dir, *why);
      continue;
    }
    for (const auto& file : plugin_files(dir)) {
      try {
        VettedPlugin vetted = vet_plugin_file(file, trust_);
        if (!seen.insert(vetted.target).second) continue;
        found.push_back(std::move(vetted));
        found_as.push_back(file);
      } catch (const std::exception& e) {
        refused(file, e.what());
      }
    }
  }

  std::vector<process::ScanOutcome> scans;
  if (scan_isolated_) {
    std::vector<std::filesystem::path> targets;
    targets.reserve(found.size());
    for (const auto& vetted : found) targets.push_back(vetted.target);
    scans = descriptions(targets);
  }
  for (std::size_t i = 0; i < found.size(); ++i) {
    try {
      Discovered d = scan_isolated_ ? described(found[i].target, std::move(scans[i])) : loaded_here(found[i].target);
      for (const auto& device : d.devices) by_name_.emplace(device->name(), device);
      plugins_.push_back(report_of(d, found[i].target, found[i].link));
    } catch (const std::exception& e) {
      failures_.push_back({found_as[i], e.what()});
      if (warn_on_failure) std::cerr << "qrt: warning: skipping plugin " << e.what() << "\n";
    }
  }
}

std::vector<process::ScanOutcome> Registry::descriptions(const std::vector<std::filesystem::path>& files) {
  std::vector<process::ScanOutcome> outcomes(files.size());
  std::vector<std::optional<process::FileIdentity>> identities(files.size());
  std::vector<std::filesystem::path> misses;
  std::vector<std::size_t> miss_index;
  for (std::size_t i = 0; i < files.size(); ++i) {
    identities[i] = process::identity_of(files[i]);
    if (identities[i]) {
      if (auto known = process::known_scan(files[i], *identities[i])) {
        outcomes[i] = std::move(*known);
        continue;
      }
      auto cached = cache_.find(files[i], *identities[i]);
      if (cached && process::holds_under_current_timeout(*cached)) {
        process::remember_scan(files[i], *identities[i], *cached);  // for loaded()'s check of the file
        outcomes[i] = std::move(*cached);
        continue;
      }
    }
    misses.push_back(files[i]);
    miss_index.push_back(i);
  }
  if (misses.empty()) return outcomes;
  std::vector<process::ScanOutcome> scanned = process::scan_in_children(misses);
  for (std::size_t m = 0; m < misses.size(); ++m) {
    const std::size_t i = miss_index[m];
    // Stored only when the file is still the one that was scanned.
    if (identities[i] && process::identity_of(files[i]) == identities[i])
      cache_.store(files[i], *identities[i], scanned[m]);
    outcomes[i] = std::move(scanned[m]);
  }
  cache_.save();
  return outcomes;
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

std::shared_ptr<const DeviceType> Registry::from_library(const std::filesystem::path& file, std::string_view device,
                                                         bool describe_only) {
  // Relative paths resolve against the current directory, explicitly; errors then say so.
  const NamedLibrary named = resolve_named_library(file);
  std::filesystem::path canonical;
  try {
    canonical = vet_plugin_file(named.absolute, trust_).target;
  } catch (const Error& e) {
    throw Error(e.code(), e.what() + named.note);
  }

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
  if (it == explicit_.end()) {
    try {
      Discovered d = scan_isolated_ || describe_only ? described(canonical, std::move(descriptions({canonical})[0]))
                                                     : loaded_here(canonical);
      it = explicit_.emplace(canonical, std::move(d.devices)).first;
    } catch (const Error& e) {
      throw Error(e.code(), e.what() + named.note);
    }
  }
  return pick(it->second);
}

std::shared_ptr<const DeviceType> Registry::loaded(const std::shared_ptr<const DeviceType>& type) {
  if (type->loaded()) return type;
  const std::filesystem::path& file = type->library_path();
  std::lock_guard lock(loaded_mutex_);
  auto it = loaded_.find(file);
  if (it == loaded_.end()) {
    // The child's verdict holds only for the file it scanned: a file changed since is scanned again
    // (the cache knows its identity), so a library that now crashes while loading is still kept out.
    if (process::ScanOutcome outcome = process::scan_in_child(file); !outcome)
      throw Error(ErrorCode::LoadFailed, outcome.failure);
    it = loaded_.emplace(file, LoadedPlugin::load(file).devices).first;
  }
  for (const auto& d : it->second)
    if (d->name() == type->name()) return d;
  throw Error(ErrorCode::NotFound, file.string() + " no longer offers device '" + type->name() +
                                       "' (the file changed since it was scanned)");
}

}  // namespace qrt
