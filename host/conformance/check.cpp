// qrt::conformance::check: load the file like the host does, then run the groups in order on every
// device (or the one asked for); in this process, or in a worker (worker_supervisor.cpp).
#include <qrt/conformance.hpp>

#include "conformance/check_groups.hpp"
#include "conformance/check_run.hpp"

#include <qrt/error.hpp>
#include <qrt/plugin_file.hpp>

#include <array>

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

constexpr std::array kGroupNames = [] {
  std::array<std::string_view, kGroups.size()> names{};
  for (std::size_t i = 0; i < kGroups.size(); ++i) names[i] = kGroups[i].name;
  return names;
}();

const qrt_device_descriptor& descriptor_of(const PluginFile& file, const std::string& name) {
  if (const qrt_device_descriptor* descriptor = file.device_descriptor(name)) return *descriptor;
  throw Error(ErrorCode::Internal, "conformance: device '" + name + "' vanished from its plugin descriptor");
}

// Runs the groups from `first_group` on; the facts and skipped checks of `start` apply to that group.
DeviceReport check_device(const PluginFile& file, const DeviceType& type, const Options& options,
                          const StartPoint& start, bool resumed, CheckListener* listener) {
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
  CheckContext context(type, *file.descriptor, descriptor_of(file, type.name()), options, std::move(kwargs),
                       std::move(problem), report, listener);
  const std::size_t first_group = resumed ? start.group : 0;
  if (resumed) context.set_facts(start.facts);
  for (std::size_t g = first_group; g < kGroups.size(); ++g) {
    const CheckGroup& group = kGroups[g];
    context.begin_group(g, group.name, resumed && g == first_group ? start.skip : std::map<std::string, Outcome>{});
    try {
      group.run(context);
    } catch (const std::exception& e) {  // a bug in the kit itself must not hide the other groups
      context.record(group.name, "group", Outcome::Failed, std::string("the check group stopped: ") + e.what());
    }
  }
  return report;
}

}  // namespace

std::span<const std::string_view> group_names() noexcept { return kGroupNames; }

void describe_plugin(const PluginFile& file, Report& report) {
  report.file = file.path;
  report.plugin_name = file.plugin_name;
  report.plugin_version = file.plugin_version;
  report.abi_major = file.descriptor->abi_major;
  report.abi_minor = file.descriptor->abi_minor;
}

std::vector<std::shared_ptr<const DeviceType>> select_devices(const PluginFile& file, const Options& options) {
  std::vector<std::shared_ptr<const DeviceType>> selected;
  for (const auto& type : file.devices)
    if (options.device.empty() || type->name() == options.device) selected.push_back(type);
  if (selected.empty()) {
    std::string offered;
    for (const auto& type : file.devices) offered += (offered.empty() ? "" : ", ") + type->name();
    throw Error(ErrorCode::NotFound,
                file.path.string() + " offers no device '" + options.device + "' (it offers: " + offered + ")");
  }
  return selected;
}

void run_devices(const PluginFile& file, const std::vector<std::shared_ptr<const DeviceType>>& devices,
                 const Options& options, const StartPoint& start, Report& report, CheckListener* listener) {
  for (std::size_t d = start.device; d < devices.size(); ++d) {
    if (listener) listener->device_started(d);
    report.devices.push_back(check_device(file, *devices[d], options, start, d == start.device, listener));
  }
}

Report check(const std::filesystem::path& plugin_file, const Options& options) {
  if (options.isolation == Isolation::Worker) return check_in_worker(plugin_file, options);
  Report report;
  report.file = plugin_file;
  PluginFile loaded;
  try {
    // With the trust rules first, as the host applies them to a NAME@LIBRARY file: checking a plugin
    // runs its code, and a file the host would refuse to load must not be loaded here either (the same
    // message says why and how to fix it; QRT_ALLOW_UNSAFE_PLUGINS=1 relaxes it the same way).
    loaded = PluginFile::load(plugin_file);
  } catch (const Error& e) {
    report.load_error = e.what();
    return report;
  }
  describe_plugin(loaded, report);
  run_devices(loaded, select_devices(loaded, options), options, {}, report, nullptr);
  return report;
}

}  // namespace qrt::conformance
