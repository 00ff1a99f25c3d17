// `qrt devices [--json] [--isolate]`: every discovered plugin with its devices, kwargs schemas and capabilities,
// and every file that failed to load or that the trust rules refused, with the reason. A plugin found as
// a symlink is shown as "link -> file".
#include "commands.hpp"
#include "json_text.hpp"

#include <qrt/runtime.hpp>

#include <boost/json.hpp>

#include <iostream>

namespace qrt::cli {
namespace {

boost::json::value parsed_or_text(const std::string& text) {
  boost::system::error_code ec;
  auto v = boost::json::parse(text, ec);
  return ec ? boost::json::value(text) : v;
}

int list_devices(bool json, bool isolate) {
  RuntimeOptions options;
  options.warn_on_load_failure = false;  // reported below instead
  if (isolate) options.isolate = true;   // else $QRT_ISOLATE decides; either way plugins are only scanned
  Runtime runtime(options);
  if (json) {
    // libqrt's listing (shared with the Python package), its numbers written as every command writes them.
    std::cout << json_text(boost::json::parse(devices_json(runtime))) << "\n";
    return 0;
  }

  std::cout << "Search path:\n";
  for (const auto& d : default_plugin_dirs()) std::cout << "  " << d.string() << "\n";
  const auto& cache = runtime.plugin_cache_file();
  std::cout << "Plugin cache: " << (cache ? cache->string() : "off") << "\n";
  for (const auto& p : runtime.plugins()) {
    std::cout << "\n"
              << (p.link.empty() ? "" : p.link.string() + " -> ") << p.file.string() << "\n  plugin " << p.plugin_name
              << " " << p.plugin_version << ", ABI " << p.abi_major << "." << p.abi_minor << "\n";
    for (const auto& d : p.devices) {
      std::cout << "  " << d->name() << " " << d->version() << " — " << d->description() << "\n";
      auto schema = parsed_or_text(d->schema_json());
      for (const auto& k : schema.as_object().at("kwargs").as_array()) {
        const auto& o = k.as_object();
        std::cout << "      " << boost::json::value_to<std::string>(o.at("name")) << " ("
                  << boost::json::value_to<std::string>(o.at("type")) << ", default " << json_text(o.at("default"));
        if (o.contains("min")) std::cout << ", min " << json_text(o.at("min"));
        if (o.contains("max")) std::cout << ", max " << json_text(o.at("max"));
        if (o.contains("choices")) std::cout << ", one of " << json_text(o.at("choices"));
        std::cout << ")";
        if (o.contains("doc")) std::cout << ": " << boost::json::value_to<std::string>(o.at("doc"));
        std::cout << "\n";
      }
      const Capabilities& c = d->capabilities();
      std::cout << "    gates (" << c.gates.size() << "):";
      for (const auto& g : c.gates) std::cout << " " << g;
      std::cout << "\n    observables:";
      for (const auto& g : c.observables) std::cout << " " << g;
      std::cout << "\n    measurements:";
      for (const auto& g : c.measurements) std::cout << " " << g;
      std::cout << "\n    max qubits " << c.max_qubits << "; shots " << (c.shots ? "yes" : "no") << "; state "
                << (c.state ? "yes" : "no") << "; mid-circuit measurement "
                << (c.mid_circuit_measurement ? "yes" : "no") << "; controlled gates "
                << (c.controlled_gates ? "yes" : "no") << "; adjoint " << (c.adjoint ? "yes" : "no") << "\n";
    }
  }
  if (!runtime.load_failures().empty()) {
    std::cout << "\nFailed to load:\n";
    for (const auto& f : runtime.load_failures()) std::cout << "  " << f.reason << "\n";
  }
  return 0;
}

}  // namespace

Action add_devices_command(CLI::App& app) {
  auto* sub = app.add_subcommand("devices", "List discovered device plugins, their kwargs and capabilities");
  auto json = std::make_shared<bool>(false);
  auto isolate = std::make_shared<bool>(false);
  sub->add_flag("--json", *json, "Print one JSON document");
  sub->add_flag("--isolate", *isolate,
                "Never load a plugin in this process, even with QRT_SCAN_ISOLATED=0: describe each one from a "
                "child process that loads it (also: QRT_ISOLATE=1)");
  return [json, isolate] { return list_devices(*json, *isolate); };
}

}  // namespace qrt::cli
