#include "loader/plugin_library.hpp"

#include "loader/plugin_description.hpp"
#include "loader/plugin_exit_guard.hpp"

#include <qrt/error.hpp>
#include <qrt/version.hpp>

#include <boost/dll/shared_library.hpp>

#include <dlfcn.h>

#include <cstring>

namespace qrt {

struct PluginLibrary::Handle {
  boost::dll::shared_library library;
};

PluginLibrary::PluginLibrary(std::filesystem::path path, std::unique_ptr<Handle> handle,
                             const qrt_plugin_descriptor* descriptor)
    : path_(std::move(path)), handle_(std::move(handle)), descriptor_(descriptor) {
  plugin_name_ = descriptor->plugin_name ? descriptor->plugin_name : "";
  plugin_version_ = descriptor->plugin_version ? descriptor->plugin_version : "";
}

PluginLibrary::~PluginLibrary() = default;

namespace {

[[noreturn]] void refuse(const std::filesystem::path& file, const std::string& why) {
  throw Error(ErrorCode::LoadFailed, file.string() + ": " + why);
}

constexpr std::size_t kMinPluginDescriptor = offsetof(qrt_plugin_descriptor, device_count) + sizeof(size_t);
constexpr std::size_t kMinDeviceDescriptor =
    offsetof(qrt_device_descriptor, functions) + sizeof(const qrt_device_functions*);
constexpr std::size_t kMinFunctions = offsetof(qrt_device_functions, num_qubits) + sizeof(void*);

}  // namespace

bool valid_device_name(std::string_view name) {
  if (name.empty() || name.size() > 128) return false;
  for (char c : name) {
    bool ok =
        (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' || c == '_' || c == '-';
    if (!ok) return false;
  }
  return true;
}

LoadedPlugin LoadedPlugin::load(const std::filesystem::path& requested) {
  std::error_code ec;
  std::filesystem::path file = std::filesystem::weakly_canonical(requested, ec);
  if (ec) file = requested;
  if (!std::filesystem::is_regular_file(file, ec)) refuse(file, "no such file");

  auto handle = std::make_unique<PluginLibrary::Handle>();
  // RTLD_NOW: a missing dependency fails here with the dynamic linker's text, not at first call.
  // RTLD_LOCAL: plugins cannot see each other's symbols. RTLD_NODELETE: code stays mapped even after
  // the last handle closes, so threads a plugin started (OpenMP pools) never run unmapped code at exit.
  auto mode = static_cast<boost::dll::load_mode::type>(RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE);
  boost::dll::fs::error_code load_error;
  loader::install_plugin_exit_guard();
  {
    const loader::PluginCallScope loading({"", &file, "loading (its static constructors)"});
    handle->library.load(boost::dll::fs::path(file.string()), mode, load_error);
  }
  if (load_error || !handle->library.is_loaded()) {
    const char* detail = dlerror();
    refuse(file, std::string("cannot load: ") + (detail ? detail : load_error.message()));
  }
  if (!handle->library.has(QRT_PLUGIN_ENTRY_SYMBOL))
    refuse(file, "not a qrt plugin: no entry symbol '" QRT_PLUGIN_ENTRY_SYMBOL "'");
  auto entry = handle->library.get<const qrt_plugin_descriptor*(const qrt_host_info*)>(QRT_PLUGIN_ENTRY_SYMBOL);

  const qrt_host_info host{sizeof(qrt_host_info), QRT_ABI_VERSION_MAJOR, QRT_ABI_VERSION_MINOR, qrt::version()};
  const qrt_plugin_descriptor* d = nullptr;
  try {
    const loader::PluginCallScope describing({"", &file, QRT_PLUGIN_ENTRY_SYMBOL});
    d = entry(&host);
  } catch (...) {  // a C++ plugin that lets an exception escape its C entry point
    refuse(file, "the entry point threw an exception");
  }
  const std::string host_abi = std::to_string(QRT_ABI_VERSION_MAJOR) + "." + std::to_string(QRT_ABI_VERSION_MINOR);
  if (!d) refuse(file, "the plugin refused this host (host ABI " + host_abi + ")");
  if (d->struct_size < kMinPluginDescriptor)
    refuse(file, "plugin descriptor too small (" + std::to_string(d->struct_size) + " bytes)");
  if (d->abi_major != QRT_ABI_VERSION_MAJOR)
    refuse(file, "built for ABI " + std::to_string(d->abi_major) + "." + std::to_string(d->abi_minor) +
                     ", this host speaks ABI " + host_abi + " (the major version must match)");
  if (d->device_count == 0 || d->device_count > 1024 || !d->devices)
    refuse(file, "plugin descriptor lists no devices (device_count " + std::to_string(d->device_count) + ")");

  LoadedPlugin loaded;
  auto library = std::shared_ptr<PluginLibrary>(new PluginLibrary(file, std::move(handle), d));  // private ctor
  loaded.library = library;
  for (std::size_t i = 0; i < d->device_count; ++i) {
    const qrt_device_descriptor* dev = d->devices[i];
    const std::string which = "device #" + std::to_string(i);
    if (!dev || dev->struct_size < kMinDeviceDescriptor) refuse(file, which + ": descriptor missing or too small");
    if (!dev->name || !valid_device_name(dev->name)) refuse(file, which + ": invalid device name");
    const std::string named = "device '" + std::string(dev->name) + "'";
    const qrt_device_functions* f = dev->functions;
    if (!f || f->struct_size < kMinFunctions) refuse(file, named + ": function table missing or too small");
    if (!f->create || !f->destroy || !f->reset || !f->allocate_qubits || !f->release_qubits || !f->num_qubits)
      refuse(file, named +
                       ": a required function (create, destroy, reset, allocate_qubits, release_qubits, "
                       "num_qubits) is NULL");
    for (const auto& other : loaded.devices)
      if (other->name() == dev->name) refuse(file, named + " is offered twice by the same library");
    if (!dev->capabilities_json) refuse(file, named + ": capabilities JSON is NULL");
    try {
      loaded.devices.push_back(std::make_shared<DeviceType>(
          file,
          DeviceDescription{dev->name, dev->version ? dev->version : "", dev->description ? dev->description : "",
                            dev->kwargs_schema_json ? dev->kwargs_schema_json : "{\"kwargs\":[]}",
                            dev->capabilities_json},
          library, dev->functions));
    } catch (const std::exception& e) {
      refuse(file, named + ": " + e.what());
    }
  }
  return loaded;
}

}  // namespace qrt
