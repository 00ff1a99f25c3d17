// A plugin's whole interface is its entry symbol: qrt_add_device_plugin hides everything else (the SDK's
// templates, the standard library's inline functions), so plugins built against different SDK or
// libstdc++ versions cannot interpose on each other.
#include <qrt/device_api.h>

#include "support/plugin_files.hpp"

#include <boost/dll/library_info.hpp>
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

using namespace qrt::test;

namespace {

std::vector<std::string> exported_symbols(const std::filesystem::path& library) {
  boost::dll::library_info info(library);
  std::vector<std::string> symbols = info.symbols();
  std::sort(symbols.begin(), symbols.end());
  return symbols;
}

}  // namespace

TEST_CASE("qrt_null_qubit.so exports only qrt_plugin_entry", "[exports]") {
  const auto library = real_plugin("qrt_null_qubit");
  REQUIRE(std::filesystem::exists(library));
  CHECK(exported_symbols(library) == std::vector<std::string>{QRT_PLUGIN_ENTRY_SYMBOL});
}

TEST_CASE("The fakes export the entry and their counters, nothing else", "[exports]") {
  // Not a property of the host, but the tests rely on it: the fakes are built hidden like real plugins.
  CHECK(exported_symbols(fake_plugin("fake_good")) ==
        std::vector<std::string>{"fake_plugin_read_counters", QRT_PLUGIN_ENTRY_SYMBOL});
  CHECK(exported_symbols(fake_plugin("fake_sdk_throws")) == std::vector<std::string>{QRT_PLUGIN_ENTRY_SYMBOL});
}
