// qrt::DeviceType — one device offered by a plugin library: its descriptor, parsed schema and
// capabilities and, when the library is loaded in this process, its ABI function table. Immutable;
// shared by every instance of the device; keeps its library loaded for as long as it lives.
//
// A type is either *loaded* (the library is mapped here; functions() and library() work) or
// *described* (metadata from a child process's scan, process/plugin_scan.hpp: the host never mapped the
// file). Isolated devices need only a described type; the registry loads the library on demand
// when a device is opened in this process (Registry::loaded).
#pragma once

#include <qrt/device_api.h>

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace qrt {

class PluginLibrary;
struct DeviceDescription;
namespace config {
class KwargsSchema;
}

struct Capabilities {
  std::vector<std::string> gates;  // position = gate id
  std::vector<std::string> observables;
  std::vector<std::string> measurements;
  std::uint64_t max_qubits = 0;
  bool shots = false;
  bool state = false;
  bool mid_circuit_measurement = false;
  bool controlled_gates = false;
  bool adjoint = false;
  bool collective = false;  // spans the ranks of an MPI job: every rank makes the same calls
};

class DeviceType {
 public:
  // `library` and `functions` null: a described type. Throws std::invalid_argument for a malformed
  // schema or capabilities text.
  DeviceType(std::filesystem::path library_path, const DeviceDescription& description,
             std::shared_ptr<const PluginLibrary> library = nullptr, const qrt_device_functions* functions = nullptr);

  const std::string& name() const { return name_; }
  const std::string& version() const { return version_; }
  const std::string& description() const { return description_; }
  const std::string& schema_json() const { return schema_json_; }
  const std::string& capabilities_json() const { return capabilities_json_; }
  const Capabilities& capabilities() const { return capabilities_; }
  // Whether the library is mapped in this process. functions() and library() throw Error(State) when not.
  bool loaded() const noexcept { return functions_ != nullptr; }
  const qrt_device_functions& functions() const;
  const PluginLibrary& library() const;
  const config::KwargsSchema& schema() const { return *schema_; }
  const std::filesystem::path& library_path() const { return library_path_; }

  std::optional<std::uint32_t> gate_id(std::string_view gate_name) const;

  // The device's extension `id` (an id from qrt/extensions/*.h, e.g. QRT_EXTENSION_ADJOINT_JACOBIAN): the
  // plugin's struct, valid while this type lives; nullptr when the device offers none, when its plugin was
  // built against ABI 1.0, or when the type is only described (not loaded here). The caller checks the
  // struct's fields with QRT_STRUCT_HAS_FIELD / QRT_HAS_FUNCTION before using them.
  const void* extension(const char* id) const noexcept;

  // Validates kwargs (a JSON object text) against the schema; returns the canonical JSON: every schema
  // key present (defaults filled), keys sorted, numbers normalised. Throws qrt::Error(Config) naming the
  // key, the expected type/range and the given value, and suggesting the nearest key for unknown ones.
  std::string canonicalize_kwargs(std::string_view kwargs_json) const;

 private:
  std::filesystem::path library_path_;
  std::shared_ptr<const PluginLibrary> library_;
  std::string name_, version_, description_, schema_json_, capabilities_json_;
  Capabilities capabilities_;
  const qrt_device_functions* functions_;
  std::unordered_map<std::string, std::uint32_t> gate_ids_;
  std::shared_ptr<const config::KwargsSchema> schema_;
};

}  // namespace qrt
