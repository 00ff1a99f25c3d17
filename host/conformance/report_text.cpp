// The human-readable report: a header, one line per check (outcome, group/name, detail), a summary
// per device and the verdict.
#include <qrt/conformance.hpp>

#include <sstream>

namespace qrt::conformance {
namespace {

const char* tag(Outcome outcome) {
  switch (outcome) {
    case Outcome::Passed: return "PASS";
    case Outcome::Failed: return "FAIL";
    case Outcome::NotChecked: return "SKIP";
    case Outcome::Note: return "NOTE";
  }
  return "????";
}

}  // namespace

std::string to_text(const Report& report) {
  std::ostringstream out;
  out << "qrt check-plugin " << report.file.string() << "\n";
  if (report.load_error) {
    out << "FAIL  load: " << *report.load_error << "\n\nverdict: FAILED (the file did not load)\n";
    return out.str();
  }
  out << "plugin " << report.plugin_name << " " << report.plugin_version << ", ABI " << report.abi_major << "."
      << report.abi_minor << "\n";
  for (const DeviceReport& d : report.devices) {
    out << "\ndevice " << d.name << " " << d.version << " (observed through "
        << (d.observed_through.empty() ? "nothing" : d.observed_through) << "; "
        << (d.simulating ? "simulating" : "not simulating") << ")\n";
    for (const CheckResult& r : d.checks)
      out << "  " << tag(r.outcome) << "  " << r.group << "/" << r.name << (r.detail.empty() ? "" : ": ") << r.detail
          << "\n";
    out << "  summary: " << d.count(Outcome::Passed) << " passed, " << d.count(Outcome::Failed) << " failed, "
        << d.count(Outcome::NotChecked) << " not checked, " << d.count(Outcome::Note) << " notes\n";
  }
  out << "\nverdict: " << (report.passed() ? "PASSED" : "FAILED") << "\n";
  return out.str();
}

}  // namespace qrt::conformance
