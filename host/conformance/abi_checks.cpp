// abi: what can be checked without creating an instance — descriptor and table sizes, required
// functions, the JSON texts and their internal consistency, declared operations backed by functions.
#include "conformance/check_groups.hpp"

#include <boost/json.hpp>

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <set>

namespace qrt::conformance {
namespace {

constexpr std::string_view kGroup = "abi";

std::string size_text(std::size_t written, std::size_t known) {
  std::string text = "struct_size " + std::to_string(written) + " bytes (this host's: " + std::to_string(known) + ")";
  if (written < known)
    text += "; an earlier minor: the fields past byte " + std::to_string(written) + " count as absent";
  if (written > known) text += "; a later minor: the " + std::to_string(written - known) + " unknown bytes are ignored";
  return text;
}

// Optional function members, for presence reports.
struct OptionalFunction {
  std::string_view name;
  bool (*present)(const qrt_device_functions& f);
};
#define QRT_OPTIONAL(member)                                                                                  \
  OptionalFunction {                                                                                          \
#member, [](const qrt_device_functions& f) { return QRT_HAS_FUNCTION(&f, qrt_device_functions, member); } \
  }
constexpr OptionalFunction kOptionalFunctions[] = {
    QRT_OPTIONAL(apply_gate), QRT_OPTIONAL(apply_matrix), QRT_OPTIONAL(measure),      QRT_OPTIONAL(reset_wire),
    QRT_OPTIONAL(expval),     QRT_OPTIONAL(var),          QRT_OPTIONAL(probs),        QRT_OPTIONAL(sample),
    QRT_OPTIONAL(counts),     QRT_OPTIONAL(state_size),   QRT_OPTIONAL(state),        QRT_OPTIONAL(set_shots),
    QRT_OPTIONAL(get_shots),  QRT_OPTIONAL(set_seed),     QRT_OPTIONAL(memory_bytes),
};
#undef QRT_OPTIONAL

bool present(const qrt_device_functions& f, std::string_view name) {
  for (const auto& o : kOptionalFunctions)
    if (o.name == name) return o.present(f);
  return false;
}

boost::json::object parse_object(const char* text, const char* what) {
  if (!text) fail(std::string(what) + " is NULL");
  boost::system::error_code ec;
  boost::json::value v = boost::json::parse(text, ec);
  if (ec) fail(std::string(what) + " is not valid JSON: " + ec.message());
  if (!v.is_object()) fail(std::string(what) + " is not a JSON object");
  return v.as_object();
}

void check_sizes(CheckContext& c) {
  const qrt_plugin_descriptor& plugin = c.plugin();
  c.run(kGroup, "plugin descriptor", [&] {
    std::string text = size_text(plugin.struct_size, sizeof(qrt_plugin_descriptor)) + "; ABI " +
                       std::to_string(plugin.abi_major) + "." + std::to_string(plugin.abi_minor) +
                       " (this host's: " + std::to_string(QRT_ABI_VERSION_MAJOR) + "." +
                       std::to_string(QRT_ABI_VERSION_MINOR) + ")";
    if (plugin.abi_major != QRT_ABI_VERSION_MAJOR) fail(text + ": the major version must match");
    return text;
  });
  c.run(kGroup, "device descriptor",
        [&] { return size_text(c.descriptor().struct_size, sizeof(qrt_device_descriptor)); });
  c.run(kGroup, "function table", [&] {
    const qrt_device_functions& f = c.functions();
    std::string absent;
    for (const auto& o : kOptionalFunctions)
      if (!present(f, o.name)) absent += (absent.empty() ? "" : ", ") + std::string(o.name);
    return size_text(f.struct_size, sizeof(qrt_device_functions)) +
           "; optional functions absent: " + (absent.empty() ? "none" : absent);
  });
  c.run(kGroup, "required functions", [&] {
    const qrt_device_functions& f = c.functions();
    std::string missing;
    auto need = [&](bool ok, const char* name) {
      if (!ok) missing += (missing.empty() ? "" : ", ") + std::string(name);
    };
    need(f.create, "create");
    need(f.destroy, "destroy");
    need(f.reset, "reset");
    need(f.allocate_qubits, "allocate_qubits");
    need(f.release_qubits, "release_qubits");
    need(f.num_qubits, "num_qubits");
    if (!missing.empty()) fail("NULL: " + missing);
    return std::string("create, destroy, reset, allocate_qubits, release_qubits, num_qubits present");
  });
}

void check_strings(CheckContext& c) {
  c.run(kGroup, "descriptor strings", [&] {
    const qrt_device_descriptor& d = c.descriptor();
    const std::string name = d.name ? d.name : "";
    const bool name_ok = !name.empty() && std::all_of(name.begin(), name.end(), [](char ch) {
      return (ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9') || ch == '_' || ch == '.' || ch == '-';
    });
    if (!name_ok) fail("device name '" + name + "' is not [a-z0-9_.-]+");
    if (!d.version || !*d.version) fail("version is NULL or empty");
    if (!d.description || !*d.description) fail("description is NULL or empty");
    if (std::string_view(d.description).find('\n') != std::string_view::npos) fail("description is not one line");
    return "name '" + name + "', version '" + d.version + "'";
  });
}

void check_capabilities(CheckContext& c) {
  c.run(kGroup, "capabilities JSON", [&] {
    const boost::json::object o = parse_object(c.descriptor().capabilities_json, "capabilities_json");
    for (const char* key : {"gates", "observables", "measurements"}) {
      if (!o.contains(key)) continue;
      if (!o.at(key).is_array()) fail(std::string("\"") + key + "\" is not an array");
      for (const auto& item : o.at(key).as_array())
        if (!item.is_string()) fail(std::string("\"") + key + "\" holds a non-string: " + boost::json::serialize(item));
    }
    if (o.contains("max_qubits")) {
      const auto& m = o.at("max_qubits");
      if (!(m.is_uint64() || (m.is_int64() && m.as_int64() >= 0))) fail("\"max_qubits\" is not a non-negative integer");
    }
    for (const char* key : {"shots", "state", "mid_circuit_measurement", "controlled_gates", "adjoint", "collective"})
      if (o.contains(key) && !o.at(key).is_bool())
        fail(std::string("\"") + key +
             "\" is not a bool (the host reads it as false): " + boost::json::serialize(o.at(key)));
    const Capabilities& caps = c.capabilities();
    return std::to_string(caps.gates.size()) + " gates, " + std::to_string(caps.observables.size()) + " observables, " +
           std::to_string(caps.measurements.size()) + " measurements, max_qubits " + std::to_string(caps.max_qubits);
  });
  c.run(kGroup, "gate names unique", [&] {
    std::set<std::string> seen;
    std::string repeated;
    for (const auto& g : c.capabilities().gates)
      if (!seen.insert(g).second) repeated += (repeated.empty() ? "" : ", ") + g;
    if (!repeated.empty()) fail("listed more than once (gate ids would be ambiguous): " + repeated);
    return std::to_string(seen.size()) + " distinct names";
  });
}

std::string kwarg_default_problem(const boost::json::object& entry, const std::string& type) {
  if (!entry.contains("default")) return "has no \"default\"";
  const boost::json::value& d = entry.at("default");
  if (d.is_null()) return {};  // null: "unset" is allowed
  auto number = [](const boost::json::value& v) -> std::optional<double> {
    if (v.is_int64()) return static_cast<double>(v.as_int64());
    if (v.is_uint64()) return static_cast<double>(v.as_uint64());
    if (v.is_double()) return v.as_double();
    return std::nullopt;
  };
  const std::string shown = boost::json::serialize(d);
  if (type == "int" && !(d.is_int64() || d.is_uint64())) return "default " + shown + " is not an int";
  if (type == "float" && !number(d)) return "default " + shown + " is not a float";
  if (type == "bool" && !d.is_bool()) return "default " + shown + " is not a bool";
  if (type == "string" && !d.is_string()) return "default " + shown + " is not a string";
  std::optional<double> min, max;
  for (const char* key : {"min", "max"}) {
    if (!entry.contains(key)) continue;
    auto n = number(entry.at(key));
    if (!n) return std::string("\"") + key + "\" is not a number";
    (std::string_view(key) == "min" ? min : max) = n;
  }
  if (min && max && *min > *max) return "min " + format_number(*min) + " > max " + format_number(*max);
  if (auto n = number(d)) {
    if (type == "float" && !std::isfinite(*n)) return "default " + shown + " is not finite";
    if ((min && *n < *min) || (max && *n > *max))
      return "default " + shown + " is outside [" + (min ? format_number(*min) : "-inf") + ", " +
             (max ? format_number(*max) : "inf") + "]";
  }
  if (entry.contains("choices")) {
    if (!entry.at("choices").is_array()) return "\"choices\" is not an array";
    const auto& choices = entry.at("choices").as_array();
    if (type == "string" && std::find(choices.begin(), choices.end(), d) == choices.end())
      return "default " + shown + " is not one of its choices " + boost::json::serialize(choices);
  }
  return {};
}

void check_schema(CheckContext& c) {
  std::optional<boost::json::array> entries;
  c.run(kGroup, "kwargs schema JSON", [&] {
    const boost::json::object o = parse_object(c.descriptor().kwargs_schema_json, "kwargs_schema_json");
    if (!o.contains("kwargs") || !o.at("kwargs").is_array()) fail("no \"kwargs\" array");
    std::set<std::string> names;
    for (const auto& item : o.at("kwargs").as_array()) {
      if (!item.is_object()) fail("an entry is not an object: " + boost::json::serialize(item));
      const auto& e = item.as_object();
      if (!e.contains("name") || !e.at("name").is_string()) fail("an entry has no string \"name\"");
      const std::string name(e.at("name").as_string());
      if (!e.contains("type") || !e.at("type").is_string()) fail("kwarg '" + name + "' has no string \"type\"");
      const std::string_view type = e.at("type").as_string();
      if (type != "int" && type != "float" && type != "bool" && type != "string")
        fail("kwarg '" + name + "' has unknown type '" + std::string(type) + "'");
      if (!names.insert(name).second) fail("kwarg '" + name + "' is declared twice");
    }
    entries = o.at("kwargs").as_array();
    return std::to_string(names.size()) + " kwargs";
  });
  c.run(kGroup, "kwargs defaults", [&] {
    if (!entries) not_applicable("the schema did not parse");
    std::string problems;
    for (const auto& item : *entries) {
      const auto& e = item.as_object();
      std::string problem = kwarg_default_problem(e, std::string(e.at("type").as_string()));
      if (!problem.empty())
        problems +=
            (problems.empty() ? "" : "; ") + ("kwarg '" + std::string(e.at("name").as_string()) + "': " + problem);
    }
    if (!problems.empty()) fail(problems);
    return "every default is valid against its own type, range and choices";
  });
}

void check_declared_operations(CheckContext& c) {
  c.run(kGroup, "declared operations implemented", [&] {
    const Capabilities& caps = c.capabilities();
    const qrt_device_functions& f = c.functions();
    // measurement name -> the functions it needs ("counts" may be served by the host from "sample").
    static const std::map<std::string, std::vector<std::string>, std::less<>> needs = {
        {"expval", {"expval"}},    {"var", {"var"}},
        {"probs", {"probs"}},      {"sample", {"sample", "get_shots"}},
        {"counts", {"get_shots"}}, {"state", {"state_size", "state"}},
        {"measure", {"measure"}},  {"reset", {"reset_wire"}}};
    std::string missing;
    auto need = [&](const std::string& why, const std::string& function) {
      if (!present(f, function)) missing += (missing.empty() ? "" : "; ") + why + " needs " + function;
    };
    if (!caps.gates.empty()) need("declaring gates", "apply_gate");
    for (const auto& m : caps.measurements) {
      auto it = needs.find(m);
      if (it == needs.end()) continue;  // unknown names are reported by the measurements group
      for (const auto& function : it->second) need("measurement '" + m + "'", function);
    }
    if (caps.state) {
      need("\"state\": true", "state_size");
      need("\"state\": true", "state");
    }
    if (caps.shots) {
      need("\"shots\": true", "set_shots");
      need("\"shots\": true", "get_shots");
    }
    if (caps.mid_circuit_measurement) need("\"mid_circuit_measurement\": true", "measure");
    if (std::find(caps.measurements.begin(), caps.measurements.end(), "counts") != caps.measurements.end() &&
        !present(f, "counts") && !present(f, "sample"))
      missing += std::string(missing.empty() ? "" : "; ") + "measurement 'counts' needs counts or sample";
    if (!missing.empty()) fail(missing);
    return std::string("every declared gate, measurement and flag has its functions");
  });
}

}  // namespace

void check_abi(CheckContext& context) {
  check_sizes(context);
  check_strings(context);
  check_capabilities(context);
  check_schema(context);
  check_declared_operations(context);
}

}  // namespace qrt::conformance
