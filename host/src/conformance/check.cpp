// qrt::conformance::check: load the file like the host does, then run the groups in order on every
// device (or the one asked for).
#include <qrt/conformance.hpp>

#include "conformance/check_groups.hpp"
#include "loader/plugin_library.hpp"
#include "registry/plugin_trust.hpp"

#include <qrt/error.hpp>

#include <array>
#include <cstring>

namespace qrt::conformance {
namespace {

struct CheckGroup {
  std::string_view name;
  void (*run)(CheckContext&);
};

// Order matters: lifecycle finds whether instances can be created, simulation how the state is read
// and whether it evolves; the later groups rely on both.
constexpr std::array kGroups{
    CheckGroup{"abi", &check_abi},
    CheckGroup{"lifecycle", &check_lifecycle},
    CheckGroup{"simulation", &check_simulation},
    CheckGroup{"gates", &check_gates},
    CheckGroup{"measurements", &check_measurements},
    CheckGroup{"errors", &check_errors},
    CheckGroup{"concurrency", &check_concurrency},
};

const qrt_device_descriptor& descriptor_of(const PluginLibrary& library, const std::string& name) {
  const qrt_plugin_descriptor& plugin = library.descriptor();
  for (std::size_t i = 0; i < plugin.device_count; ++i)
    if (plugin.devices[i] && plugin.devices[i]->name && name == plugin.devices[i]->name) return *plugin.devices[i];
  throw Error(ErrorCode::Internal, "conformance: device '" + name + "' vanished from its plugin descriptor");
}

DeviceReport check_device(const DeviceType& type, const qrt_device_descriptor& descriptor, const Options& options) {
  DeviceReport report;
  report.name = type.name();
  report.version = type.version();
  std::optional<std::string> kwargs;
  std::string problem;
  try {
    kwargs = type.canonicalize_kwargs(options.kwargs);
  } catch (const Error& e) {
    if (!options.kwargs.empty()) throw;  // the caller's kwargs are wrong: a usage error, not a finding
    problem = std::string("the default kwargs are rejected by the device's own schema: ") + e.what();
  }
  CheckContext context(type, descriptor, options, std::move(kwargs), std::move(problem), report);
  for (const CheckGroup& group : kGroups) {
    try {
      group.run(context);
    } catch (const std::exception& e) {  // a bug in the kit itself must not hide the other groups
      context.record(group.name, "group", Outcome::Failed, std::string("the check group stopped: ") + e.what());
    }
  }
  return report;
}

}  // namespace

Report check(const std::filesystem::path& plugin_file, const Options& options) {
  Report report;
  report.file = plugin_file;
  LoadedPlugin loaded;
  try {
    // The trust rules first, as the host applies them to a NAME@LIBRARY file: checking a plugin runs
    // its code, and a file the host would refuse to load must not be loaded here either (the same
    // message says why and how to fix it; QRT_ALLOW_UNSAFE_PLUGINS=1 relaxes it the same way).
    const VettedPlugin vetted = vet_plugin_file(resolve_named_library(plugin_file).absolute, TrustPolicy::from(false));
    loaded = LoadedPlugin::load(vetted.target);
  } catch (const Error& e) {
    report.load_error = e.what();
    return report;
  }
  const qrt_plugin_descriptor& plugin = loaded.library->descriptor();
  report.file = loaded.library->path();
  report.plugin_name = loaded.library->plugin_name();
  report.plugin_version = loaded.library->plugin_version();
  report.abi_major = plugin.abi_major;
  report.abi_minor = plugin.abi_minor;

  std::vector<std::shared_ptr<const DeviceType>> selected;
  for (const auto& type : loaded.devices)
    if (options.device.empty() || type->name() == options.device) selected.push_back(type);
  if (selected.empty()) {
    std::string offered;
    for (const auto& type : loaded.devices) offered += (offered.empty() ? "" : ", ") + type->name();
    throw Error(ErrorCode::NotFound,
                report.file.string() + " offers no device '" + options.device + "' (it offers: " + offered + ")");
  }
  for (const auto& type : selected)
    report.devices.push_back(check_device(*type, descriptor_of(*loaded.library, type->name()), options));
  return report;
}

}  // namespace qrt::conformance
