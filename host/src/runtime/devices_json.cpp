// qrt::devices_json(): the plugin listing of `qrt devices --json`, shared by the CLI and the Python package.
#include <qrt/runtime.hpp>

#include <boost/json.hpp>

namespace qrt {
namespace {

boost::json::value parsed_or_text(const std::string& text) {
  boost::system::error_code ec;
  auto v = boost::json::parse(text, ec);
  return ec ? boost::json::value(text) : v;
}

}  // namespace

std::string devices_json(const Runtime& runtime) {
  boost::json::object doc;
  boost::json::array dirs;
  for (const auto& d : default_plugin_dirs()) dirs.push_back(boost::json::string(d.string()));
  doc["search_path"] = std::move(dirs);
  if (const auto& cache = runtime.plugin_cache_file()) doc["plugin_cache"] = cache->string();
  else doc["plugin_cache"] = nullptr;
  boost::json::array plugins;
  for (const auto& p : runtime.plugins()) {
    boost::json::object o;
    o["file"] = p.file.string();
    if (!p.link.empty()) o["link"] = p.link.string();  // found as this symlink, followed once
    o["plugin"] = p.plugin_name;
    o["version"] = p.plugin_version;
    o["abi"] = std::to_string(p.abi_major) + "." + std::to_string(p.abi_minor);
    boost::json::array devices;
    for (const auto& d : p.devices) {
      devices.push_back({{"name", d->name()},
                         {"version", d->version()},
                         {"description", d->description()},
                         {"kwargs", parsed_or_text(d->schema_json()).as_object().at("kwargs")},
                         {"capabilities", parsed_or_text(d->capabilities_json())}});
    }
    o["devices"] = std::move(devices);
    plugins.push_back(std::move(o));
  }
  doc["plugins"] = std::move(plugins);
  boost::json::array failures;
  for (const auto& f : runtime.load_failures()) failures.push_back({{"file", f.file.string()}, {"reason", f.reason}});
  doc["failed"] = std::move(failures);
  return boost::json::serialize(doc);
}

}  // namespace qrt
