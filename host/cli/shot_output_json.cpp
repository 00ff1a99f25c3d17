#include "shot_output_json.hpp"

#include <boost/json.hpp>

namespace qrt::cli {
namespace {

boost::json::value typed_value(const OutputEvent& e) {
  switch (e.kind) {
    case EventKind::Result: return e.value == "1" ? 1 : 0;
    case EventKind::Bool: return e.value == "true";
    case EventKind::Int:
    case EventKind::Tuple:
    case EventKind::Array: return std::stoll(e.value);
    case EventKind::Double: return std::stod(e.value);
    case EventKind::Message: break;
  }
  return boost::json::string(e.value);
}

boost::json::object shot_json(std::uint64_t k, const ShotOutput& shot) {
  static constexpr const char* kKinds[] = {"RESULT", "BOOL", "INT", "DOUBLE", "TUPLE", "ARRAY"};
  boost::json::array records, messages;
  for (const auto& e : shot.events) {
    if (e.kind == EventKind::Message) {
      messages.push_back(boost::json::string(e.value));
      continue;
    }
    boost::json::object r{{"kind", kKinds[static_cast<int>(e.kind)]}, {"value", typed_value(e)}};
    if (e.labelled) r["label"] = e.label;
    records.push_back(std::move(r));
  }
  boost::json::object o{{"shot", k},
                        {"status", shot.failed ? "failed" : "ok"},
                        {"records", std::move(records)},
                        {"messages", std::move(messages)}};
  if (shot.failed) o["error"] = shot.error;
  return o;
}

}  // namespace

boost::json::object histogram_json(const RunResult& result) {
  boost::json::object h;
  for (const auto& [key, count] : result.counts) h[key] = count;
  return h;
}

boost::json::array messages_json(const RunResult& result) {
  boost::json::array messages;
  for (const auto& shot : result.shot_outputs)
    for (const auto& e : shot.events)
      if (e.kind == EventKind::Message) messages.push_back(boost::json::string(e.value));
  return messages;
}

boost::json::object shot_run_summary(const LoadedProgram& program, const RunResult& result) {
  return {{"front_end", "qir"},
          {"entry", program.info().entry},
          {"path", program.info().path},  // read as a circuit, or compiled (docs/qir.md)
          {"shots", result.shot_outputs.size()},
          {"histogram", histogram_json(result)},
          {"timings",
           {{"load_s", program.info().load_seconds},
            {"compile_s", program.info().compile_seconds},
            {"run_s", result.run_seconds}}}};
}

boost::json::object shot_run_document(const LoadedProgram& program, const RunResult& result, const std::string& file,
                                      const std::string& device_config) {
  const ProgramInfo& info = program.info();
  boost::json::object doc;
  doc["file"] = file;
  doc["front_end"] = "qir";
  doc["entry"] = info.entry;
  doc["path"] = info.path;
  doc["device"] = device_config;
  doc["shots"] = result.shots;
  doc["seed"] = result.seed ? boost::json::value(*result.seed) : boost::json::value(nullptr);
  boost::json::object metadata;
  for (const auto& m : info.metadata)
    metadata[m.key] = m.value ? boost::json::value(*m.value) : boost::json::value(nullptr);
  doc["metadata"] = std::move(metadata);
  boost::json::array shots;
  for (std::uint64_t k = 0; k < result.shot_outputs.size(); ++k) shots.push_back(shot_json(k, result.shot_outputs[k]));
  doc["results"] = std::move(shots);
  doc["histogram"] = histogram_json(result);
  doc["timings"] = {{"load_s", info.load_seconds}, {"compile_s", info.compile_seconds}, {"run_s", result.run_seconds}};
  return doc;
}

boost::json::object own_devices_summary(const LoadedProgram& program, const RunResult& result) {
  boost::json::object doc{{"front_end", "catalyst"}, {"entry", program.info().entry}};
  boost::json::array values, devices;
  for (const Tensor& t : result.values) values.push_back(boost::json::parse(tensor_to_json(t)));
  doc["results"] = std::move(values);
  for (const DeviceInit& d : result.devices)
    devices.push_back({{"catalyst", d.name}, {"qrt", d.config}, {"shots", d.shots}});
  doc["devices"] = std::move(devices);
  if (!result.printed.empty()) doc["printed"] = result.printed;
  doc["timings"] = {{"load_s", program.info().load_seconds},
                    {"compile_s", program.info().compile_seconds},
                    {"run_s", result.run_seconds}};
  return doc;
}

std::string failure_text(const RunResult& result) {
  return "shot " + std::to_string(result.shot_outputs.size() - 1) + " failed: " + result.shot_outputs.back().error;
}

}  // namespace qrt::cli
