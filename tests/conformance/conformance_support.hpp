// Where the plugins the conformance tests check are, and assertions on reports that print the whole
// report when they fail.
#pragma once

#include <qrt/conformance.hpp>

#include <catch2/catch.hpp>

#include <filesystem>
#include <string>
#include <string_view>

namespace conformance_test {

inline std::filesystem::path bundled_plugin(std::string_view stem) {
  return std::filesystem::path(QRT_TEST_PLUGIN_DIR) / (std::string(stem) + ".so");
}

inline std::filesystem::path tiny_plugin(std::string_view stem = "tiny_qubit") {
  return std::filesystem::path(QRT_TEST_TINY_PLUGIN_DIR) / (std::string(stem) + ".so");
}

// The result of (group, name) in the report's only device; fails the test when it is missing.
inline const qrt::conformance::CheckResult& result(const qrt::conformance::Report& report, std::string_view group,
                                                   std::string_view name) {
  REQUIRE(report.devices.size() == 1);
  const qrt::conformance::CheckResult* r = report.devices[0].find(group, name);
  INFO("looking for " << group << "/" << name);
  REQUIRE(r != nullptr);
  return *r;
}

inline qrt::conformance::Outcome outcome(const qrt::conformance::Report& report, std::string_view group,
                                         std::string_view name) {
  return result(report, group, name).outcome;
}

}  // namespace conformance_test

namespace Catch {
template <>
struct StringMaker<qrt::conformance::Outcome> {
  static std::string convert(qrt::conformance::Outcome o) { return qrt::conformance::to_string(o); }
};
}  // namespace Catch
