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
  boost::json::object used{{"config", d.config}, {"device", d.device}, {"kwargs", boost::json::parse(d.canonical_kwargs)}};
  boost::json::object o{{"catalyst", std::move(catalyst)}, {"qrt", std::move(used)}, {"shots", d.shots}};
  o["seed"] = d.seed ? boost::json::value(*d.seed) : boost::json::value(nullptr);
  return boost::json::serialize(o);
}

}  // namespace

std::string call_text(const CallResult& result) {
  std::string out;
  for (const Tensor& t : result.results) out += tensor_to_json(t) + "\n";
  return out;
}

std::string call_json(const Program& program, const CallResult& result, const PoolStats& pool) {
  std::string out = "{\"file\":" + json_string(program.file().string()) + ",\"front_end\":\"catalyst\",\"entry\":" +
                    json_string(program.entry_name());
  out += ",\"results\":[";
  for (std::size_t k = 0; k < result.results.size(); ++k) out += (k ? "," : "") + tensor_to_json(result.results[k]);
  out += "],\"types\":[";
  for (std::size_t k = 0; k < result.results.size(); ++k) {
    const Tensor& t = result.results[k];
    boost::json::array shape;
    for (auto s : t.shape) shape.push_back(s);
    out += (k ? "," : "") + std::string("{\"dtype\":") + json_string(numpy_name(t.type)) + ",\"shape\":" + boost::json::serialize(shape) + "}";
  }
  out += "]";
  if (program.form() == EntryForm::Main) out += ",\"exit_status\":" + std::to_string(result.exit_status);
  out += ",\"devices\":[";
  for (std::size_t k = 0; k < result.devices.size(); ++k) out += (k ? "," : "") + device_json(result.devices[k]);
  out += "],\"seed\":" + (result.seed ? std::to_string(*result.seed) : std::string("null"));
  out += ",\"printed\":" + json_string(result.printed);
  out += ",\"pool\":" + to_json(pool);
  out += ",\"timings\":{\"load_s\":" + number(program.load_seconds()) + ",\"compile_s\":" + number(program.compile_seconds()) +
         ",\"run_s\":" + number(result.seconds) + "}}";
  return out;
}

}  // namespace qrt::catalyst
