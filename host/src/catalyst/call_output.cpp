// What `qrt run` prints for a Catalyst program: one line per result, or one JSON document.
#include <qrt/catalyst/program.hpp>
#include <qrt/pool_policy.hpp>

#include <boost/json.hpp>

#include <charconv>

namespace qrt::catalyst {
namespace {

std::string json_string(std::string_view s) { return boost::json::serialize(boost::json::string(s)); }

std::string number(double d) {
  char text[32];
  return std::string(text, std::to_chars(text, text + sizeof text, d).ptr);
}

std::string device_json(const DeviceInit& d) {
  boost::json::object catalyst{{"library", d.library}, {"name", d.name}, {"kwargs", d.kwargs}};
  boost::json::object used{
      {"config", d.config}, {"device", d.device}, {"kwargs", boost::json::parse(d.canonical_kwargs)}};
  boost::json::object o{{"catalyst", std::move(catalyst)}, {"qrt", std::move(used)}, {"shots", d.shots}};
  o["seed"] = d.seed ? boost::json::value(*d.seed) : boost::json::value(nullptr);
  return boost::json::serialize(o);
}

// The document of call_json and run_json, from what both have.
struct CallView {
  const std::string& file;
  const std::string& entry;
  bool main_form;
  const std::vector<Tensor>& values;
  int exit_status;
  const std::vector<DeviceInit>& devices;
  const std::optional<std::uint64_t>& seed;
  const std::string& printed;
  double load_seconds, compile_seconds, run_seconds;
};

std::string document(const CallView& v, const PoolStats& pool) {
  std::string out =
      "{\"file\":" + json_string(v.file) + ",\"front_end\":\"catalyst\",\"entry\":" + json_string(v.entry);
  out += ",\"results\":[";
  for (std::size_t k = 0; k < v.values.size(); ++k) out += (k ? "," : "") + tensor_to_json(v.values[k]);
  out += "],\"types\":[";
  for (std::size_t k = 0; k < v.values.size(); ++k) {
    const Tensor& t = v.values[k];
    boost::json::array shape;
    for (auto s : t.shape) shape.push_back(s);
    out += (k ? "," : "") + std::string("{\"dtype\":") + json_string(numpy_name(t.type)) +
           ",\"shape\":" + boost::json::serialize(shape) + "}";
  }
  out += "]";
  if (v.main_form) out += ",\"exit_status\":" + std::to_string(v.exit_status);
  out += ",\"devices\":[";
  for (std::size_t k = 0; k < v.devices.size(); ++k) out += (k ? "," : "") + device_json(v.devices[k]);
  out += "],\"seed\":" + (v.seed ? std::to_string(*v.seed) : std::string("null"));
  out += ",\"printed\":" + json_string(v.printed);
  out += ",\"pool\":" + to_json(pool);
  out += ",\"timings\":{\"load_s\":" + number(v.load_seconds) + ",\"compile_s\":" + number(v.compile_seconds) +
         ",\"run_s\":" + number(v.run_seconds) + "}}";
  return out;
}

}  // namespace

std::string values_text(const std::vector<Tensor>& values) {
  std::string out;
  for (const Tensor& t : values) out += tensor_to_json(t) + "\n";
  return out;
}

std::string call_text(const CallResult& result) { return values_text(result.results); }

std::string call_json(const Program& program, const CallResult& result, const PoolStats& pool) {
  return document({program.file().string(), program.entry_name(), program.form() == EntryForm::Main, result.results,
                   result.exit_status, result.devices, result.seed, result.printed, program.load_seconds(),
                   program.compile_seconds(), result.seconds},
                  pool);
}

std::string run_json(const ProgramInfo& info, const qrt::RunResult& result, const PoolStats& pool) {
  return document({info.name, info.entry, info.entry == "main", result.values, result.exit_status, result.devices,
                   result.seed, result.printed, info.load_seconds, info.compile_seconds, result.run_seconds},
                  pool);
}

}  // namespace qrt::catalyst
