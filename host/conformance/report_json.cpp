// The report as one JSON document (the layout is documented in conformance.hpp).
#include <qrt/conformance.hpp>

#include <boost/json.hpp>

namespace qrt::conformance {

std::string to_json(const Report& report) {
  boost::json::object doc;
  doc["file"] = report.file.string();
  doc["plugin"] = report.plugin_name;
  doc["plugin_version"] = report.plugin_version;
  doc["abi"] = std::to_string(report.abi_major) + "." + std::to_string(report.abi_minor);
  doc["passed"] = report.passed();
  doc["load_error"] = report.load_error ? boost::json::value(*report.load_error) : boost::json::value(nullptr);
  boost::json::array devices;
  for (const DeviceReport& d : report.devices) {
    boost::json::array checks;
    for (const CheckResult& r : d.checks)
      checks.push_back({{"group", r.group}, {"name", r.name}, {"outcome", to_string(r.outcome)}, {"detail", r.detail}});
    devices.push_back({{"name", d.name},
                       {"version", d.version},
                       {"simulating", d.simulating},
                       {"observed_through", d.observed_through},
                       {"passed", d.passed()},
                       {"summary",
                        {{"passed", d.count(Outcome::Passed)},
                         {"failed", d.count(Outcome::Failed)},
                         {"not_checked", d.count(Outcome::NotChecked)},
                         {"notes", d.count(Outcome::Note)}}},
                       {"checks", std::move(checks)}});
  }
  doc["devices"] = std::move(devices);
  return boost::json::serialize(doc);
}

}  // namespace qrt::conformance
