#include <qrt/conformance.hpp>

#include <algorithm>

namespace qrt::conformance {

const char* to_string(Outcome outcome) noexcept {
  switch (outcome) {
    case Outcome::Passed: return "passed";
    case Outcome::Failed: return "failed";
    case Outcome::NotChecked: return "not checked";
    case Outcome::Note: return "note";
  }
  return "?";
}

std::size_t DeviceReport::count(Outcome outcome) const {
  return static_cast<std::size_t>(
      std::count_if(checks.begin(), checks.end(), [&](const CheckResult& r) { return r.outcome == outcome; }));
}

const CheckResult* DeviceReport::find(std::string_view group, std::string_view name) const {
  for (const CheckResult& r : checks)
    if (r.group == group && r.name == name) return &r;
  return nullptr;
}

const DeviceReport* Report::device(std::string_view name) const {
  for (const DeviceReport& d : devices)
    if (d.name == name) return &d;
  return nullptr;
}

bool Report::passed() const {
  return !load_error && !devices.empty() &&
         std::all_of(devices.begin(), devices.end(), [](const DeviceReport& d) { return d.passed(); });
}

}  // namespace qrt::conformance
