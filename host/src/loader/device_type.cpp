#include <qrt/device_type.hpp>

#include "config/config_string.hpp"
#include "config/kwargs_schema.hpp"
#include "loader/plugin_description.hpp"
#include "loader/plugin_library.hpp"

#include <qrt/error.hpp>

#include <boost/json/parse.hpp>

#include <cstddef>
#include <stdexcept>

namespace qrt {
namespace {

std::vector<std::string> string_list(const boost::json::object& o, const char* key) {
  std::vector<std::string> out;
  if (!o.contains(key)) return out;
  if (!o.at(key).is_array()) throw std::invalid_argument(std::string("capabilities: \"") + key + "\" must be an array");
  for (const auto& v : o.at(key).as_array()) {
    if (!v.is_string()) throw std::invalid_argument(std::string("capabilities: \"") + key + "\" must hold strings");
    out.emplace_back(v.as_string());
  }
  return out;
}

bool flag(const boost::json::object& o, const char* key) {
  return o.contains(key) && o.at(key).is_bool() && o.at(key).as_bool();
}

Capabilities parse_capabilities(const char* text) {
  if (!text) throw std::invalid_argument("capabilities JSON is NULL");
  boost::json::value doc;
  try {
    doc = boost::json::parse(text);
  } catch (const std::exception& e) {
    throw std::invalid_argument(std::string("capabilities JSON is malformed: ") + e.what());
  }
  if (!doc.is_object()) throw std::invalid_argument("capabilities JSON must be an object");
  const auto& o = doc.as_object();
  Capabilities c;
  c.gates = string_list(o, "gates");
  c.observables = string_list(o, "observables");
  c.measurements = string_list(o, "measurements");
  if (o.contains("max_qubits")) {
    const auto& m = o.at("max_qubits");
    if (m.is_int64() && m.as_int64() >= 0) c.max_qubits = static_cast<std::uint64_t>(m.as_int64());
    else if (m.is_uint64()) c.max_qubits = m.as_uint64();
    else throw std::invalid_argument("capabilities: \"max_qubits\" must be a non-negative integer");
  }
  c.shots = flag(o, "shots");
  c.state = flag(o, "state");
  c.mid_circuit_measurement = flag(o, "mid_circuit_measurement");
  c.controlled_gates = flag(o, "controlled_gates");
  c.adjoint = flag(o, "adjoint");
  c.collective = flag(o, "collective");
  return c;
}

}  // namespace

DeviceType::DeviceType(std::filesystem::path library_path, const DeviceDescription& d,
                       std::shared_ptr<const PluginLibrary> library, const qrt_device_functions* functions)
    : library_path_(std::move(library_path)),
      library_(std::move(library)),
      name_(d.name),
      version_(d.version),
      description_(d.description),
      schema_json_(d.kwargs_schema_json),
      capabilities_json_(d.capabilities_json),
      capabilities_(parse_capabilities(capabilities_json_.c_str())),
      functions_(library_ ? functions : nullptr) {
  try {
    schema_ = std::make_shared<const config::KwargsSchema>(config::KwargsSchema::from_json(schema_json_));
  } catch (const std::exception& e) {
    throw std::invalid_argument(std::string("kwargs schema: ") + e.what());
  }
  for (std::uint32_t i = 0; i < capabilities_.gates.size(); ++i) gate_ids_.emplace(capabilities_.gates[i], i);
}

namespace {
[[noreturn]] void not_loaded(const DeviceType& type, const char* what) {
  throw Error(ErrorCode::State, type.name() + ": " + what + " is not available: " + type.library_path().string() +
                                    " was scanned in a child process and is not loaded in this one");
}
}  // namespace

const qrt_device_functions& DeviceType::functions() const {
  if (!functions_) [[unlikely]]
    not_loaded(*this, "the function table");
  return *functions_;
}

const void* DeviceType::extension(const char* id) const noexcept {
  if (!functions_ || !id || !QRT_HAS_FUNCTION(functions_, qrt_device_functions, get_extension)) return nullptr;
  const void* found = functions_->get_extension(id);
  // Every extension struct starts with struct_size: one too small to hold even that is no extension.
  if (found && *static_cast<const std::size_t*>(found) < sizeof(std::size_t)) return nullptr;
  return found;
}

const PluginLibrary& DeviceType::library() const {
  if (!library_) [[unlikely]]
    not_loaded(*this, "the library");
  return *library_;
}

std::optional<std::uint32_t> DeviceType::gate_id(std::string_view gate_name) const {
  auto it = gate_ids_.find(std::string(gate_name));
  if (it == gate_ids_.end()) return std::nullopt;
  return it->second;
}

std::string DeviceType::canonicalize_kwargs(std::string_view kwargs) const {
  config::ParsedConfig parsed = config::parse_kwargs(kwargs);
  return schema_->canonicalize(parsed.kwargs, parsed.bare_tokens, name_);
}

}  // namespace qrt
