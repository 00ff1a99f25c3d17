// Discovery through Runtime: broken libraries are recorded and skipped, good ones listed and usable;
// device lookup by name (not found, ambiguous) and by NAME@LIBRARY.
#include <qrt/runtime.hpp>

#include "loader/plugin_library.hpp"
#include "support/expect_error.hpp"
#include "support/plugin_files.hpp"

#include <algorithm>
#include <iostream>
#include <set>
#include <sstream>
#include <string>

using Catch::Matchers::Contains;
using Catch::Matchers::StartsWith;
using qrt::ErrorCode;
using qrt::Runtime;
using namespace qrt::test;

namespace {

const std::set<std::string> kLoadingFakes = {"fake_create_fails.so", "fake_create_null.so", "fake_dup_a.so",
                                             "fake_dup_b.so",        "fake_good.so",        "fake_newer_minor.so",
                                             "fake_older_minor.so",  "fake_reset_fails.so", "fake_sdk_throws.so"};
const std::set<std::string> kRefusedFakes = {"fake_abi_major.so",     "fake_bad_capabilities.so", "fake_bad_schema.so",
                                             "fake_entry_refuses.so", "fake_no_entry.so",         "fake_not_elf.so",
                                             "fake_null_required.so", "fake_unresolved.so"};

qrt::RuntimeOptions all_fakes(bool warn = false) { return search_options({QRT_TEST_FAKE_PLUGIN_DIR}, warn); }

std::set<std::string> loaded_files(const Runtime& runtime) {
  std::set<std::string> files;
  for (const auto& plugin : runtime.plugins()) files.insert(plugin.file.filename().string());
  return files;
}

std::set<std::string> failed_files(const Runtime& runtime) {
  std::set<std::string> files;
  for (const auto& failure : runtime.load_failures()) files.insert(failure.file.filename().string());
  return files;
}

// Redirects std::cerr into a string for the object's lifetime.
class CaptureStderr {
 public:
  CaptureStderr() : previous_(std::cerr.rdbuf(captured_.rdbuf())) {}
  ~CaptureStderr() { std::cerr.rdbuf(previous_); }
  std::string text() const { return captured_.str(); }

 private:
  std::ostringstream captured_;
  std::streambuf* previous_;
};

}  // namespace

TEST_CASE("Discovery loads every good library and records every broken one", "[registry]") {
  Runtime runtime(all_fakes());

  CHECK(loaded_files(runtime) == kLoadingFakes);
  CHECK(failed_files(runtime) == kRefusedFakes);
  for (const auto& failure : runtime.load_failures()) {
    INFO(failure.reason);
    CHECK_THAT(failure.reason, StartsWith(failure.file.string() + ": "));
  }

  // Discovery order: folder order, then file name order.
  std::vector<std::string> order;
  for (const auto& plugin : runtime.plugins()) order.push_back(plugin.file.filename().string());
  CHECK(std::is_sorted(order.begin(), order.end()));

  auto good = std::find_if(runtime.plugins().begin(), runtime.plugins().end(),
                           [](const auto& p) { return p.file.filename() == "fake_good.so"; });
  REQUIRE(good != runtime.plugins().end());
  CHECK(good->plugin_name == "fake-good");
  CHECK(good->plugin_version == "0.1.0");
  CHECK(good->abi_major == QRT_ABI_VERSION_MAJOR);
  CHECK(good->abi_minor == QRT_ABI_VERSION_MINOR);
  REQUIRE(good->devices.size() == 2);
  CHECK(good->devices[0]->name() == "fake.good");
  CHECK(good->devices[1]->name() == "fake.other");

  // The host keeps working after the refusals.
  qrt::Device device = runtime.open("fake.good");
  CHECK(device.allocate(3).size() == 3);
  CHECK(device.num_qubits() == 3);
}

TEST_CASE("Each load failure is warned about on stderr unless disabled", "[registry]") {
  SECTION("warnings on") {
    CaptureStderr captured;
    Runtime runtime(all_fakes(true));
    for (const std::string& file : kRefusedFakes) CHECK_THAT(captured.text(), Contains(file));
    for (const std::string& file : kLoadingFakes) CHECK_THAT(captured.text(), !Contains(file));
    CHECK_THAT(captured.text(), Contains("qrt: warning: skipping plugin"));
  }
  SECTION("warnings off") {
    CaptureStderr captured;
    Runtime runtime(all_fakes(false));
    CHECK(runtime.load_failures().size() == kRefusedFakes.size());
    CHECK(captured.text().empty());
  }
}

TEST_CASE("An unknown device is NotFound with the nearest name and the list of devices", "[registry]") {
  PluginFolder folder{fake_plugin("fake_good")};
  Runtime runtime(folder.options());

  std::string message = error_message(ErrorCode::NotFound, [&] { runtime.open("fake.godo"); });
  CHECK_THAT(message, Contains("unknown device 'fake.godo'") && Contains("did you mean 'fake.good'?"));
  CHECK_THAT(message, Contains("available: fake.good fake.other"));

  message = error_message(ErrorCode::NotFound, [&] { runtime.open("zzzzzzzz"); });
  CHECK_THAT(message, Contains("unknown device 'zzzzzzzz'") && !Contains("did you mean"));

  // resolve() reports the same without creating anything.
  error_message(ErrorCode::NotFound, [&] { runtime.resolve("fake.godo"); });
  CHECK(runtime.pool_stats().creations == 0);
}

TEST_CASE("With no plugins at all, NotFound says so and how to add some", "[registry]") {
  PluginFolder empty;
  Runtime runtime(empty.options());
  CHECK(runtime.plugins().empty());
  std::string message = error_message(ErrorCode::NotFound, [&] { runtime.open("null.qubit"); });
  CHECK_THAT(message, Contains("no plugins were found") && Contains("QRT_PLUGIN_PATH"));
}

TEST_CASE("A device name offered by two libraries is ambiguous only when selected", "[registry]") {
  const auto a = fake_plugin("fake_dup_a"), b = fake_plugin("fake_dup_b");
  PluginFolder folder{a, b, fake_plugin("fake_good")};
  Runtime runtime(folder.options());  // constructing is fine: nothing selected the name yet

  CHECK(runtime.load_failures().empty());
  CHECK(runtime.plugins().size() == 3);
  CHECK(runtime.open("fake.good"));  // other devices are unaffected

  for (auto select : {+[](Runtime& r) { r.open("fake.dup"); }, +[](Runtime& r) { r.resolve("fake.dup:shots=1"); },
                      +[](Runtime& r) { r.open("", "fake.dup", ""); }}) {
    std::string message = error_message(ErrorCode::Ambiguous, [&] { select(runtime); });
    CHECK_THAT(message, Contains("'fake.dup'") && Contains(reported_path(a)) && Contains(reported_path(b)));
    CHECK_THAT(message, Contains("NAME@LIBRARY"));
  }

  SECTION("NAME@LIBRARY picks one") {
    qrt::Device from_a = runtime.open("fake.dup@" + a.string());
    qrt::Device from_b = runtime.open("fake.dup@" + reported_path(b) + ":shots=2");
    CHECK(from_a.type().library_path() == reported_path(a));
    CHECK(from_b.type().library_path() == reported_path(b));
    CHECK(from_b.shots() == 2);
  }
  SECTION("Catalyst's (library, name, kwargs) form picks one") {
    qrt::Device from_b = runtime.open(b.string(), "fake.dup", "shots=3");
    CHECK(from_b.type().library_path() == reported_path(b));
    CHECK(from_b.type().library().plugin_name() == "fake-dup-b");
    CHECK(from_b.shots() == 3);
  }
  SECTION("through the symlink in the searched folder, the same library") {
    qrt::Device via_link = runtime.open("fake.dup@" + (folder.path() / "fake_dup_a.so").string());
    CHECK(via_link.type().library_path() == reported_path(a));
    // The discovered device, loaded once: the same type as opening it by its real path.
    const auto& discovered = std::find_if(runtime.plugins().begin(), runtime.plugins().end(), [&](const auto& p) {
                               return p.file == reported_path(a);
                             })->devices.front();
    CHECK(via_link.type().name() == discovered->name());
    CHECK(via_link.type().loaded());
    qrt::Device direct = runtime.open("fake.dup@" + a.string());
    CHECK(&via_link.type() == &direct.type());
  }
}

TEST_CASE("NAME@LIBRARY loads a library outside the searched folders", "[registry]") {
  PluginFolder empty;
  Runtime runtime(empty.options());
  const auto good = fake_plugin("fake_good");

  SECTION("by absolute path") {
    qrt::Device device = runtime.open("fake.other@" + good.string() + ":shots=4");
    CHECK(device.name() == "fake.other");
    CHECK(device.shots() == 4);
  }
  SECTION("by a path relative to the current directory") {
    auto relative = std::filesystem::relative(good, std::filesystem::current_path());
    REQUIRE(relative.is_relative());
    qrt::Device device = runtime.open("fake.good@" + relative.string());
    CHECK(device.type().library_path() == reported_path(good));
  }
  SECTION("loaded once, however often it is named") {
    auto first = runtime.resolve("fake.good@" + good.string()).type();
    auto second = runtime.resolve("fake.other@" + good.string()).type();
    CHECK(&first->library() == &second->library());
  }
  CHECK(runtime.plugins().empty());  // explicit libraries are not discovered plugins
}

TEST_CASE("NAME@LIBRARY errors name the library and what is wrong", "[registry]") {
  PluginFolder empty;
  Runtime runtime(empty.options());

  SECTION("a library without that device") {
    const auto good = fake_plugin("fake_good");
    std::string message = error_message(ErrorCode::NotFound, [&] { runtime.open("fake.dup@" + good.string()); });
    CHECK_THAT(message, Contains(reported_path(good)) && Contains("no device 'fake.dup'"));
    CHECK_THAT(message, Contains("fake.good") && Contains("fake.other"));
  }
  SECTION("a library that cannot be loaded") {
    const auto broken = fake_plugin("fake_unresolved");
    std::string message =
        error_message(ErrorCode::LoadFailed, [&] { runtime.open("fake.unresolved@" + broken.string()); });
    CHECK_THAT(message, Contains(reported_path(broken)) && Contains("undefined symbol"));
  }
  SECTION("a library path after '@' that is empty") {
    std::string message = error_message(ErrorCode::Config, [&] { runtime.open("fake.good@:shots=1"); });
    CHECK_THAT(message, Contains("library path after '@'"));
  }
  // The runtime is still usable afterwards.
  CHECK(runtime.open("fake.good@" + fake_plugin("fake_good").string()));
}

// ErrorCode::NotFound is documented as "no such device / library / file"; the loader reports a missing
// library file as LoadFailed instead (loader/plugin_library.cpp, refuse() for "no such file").
TEST_CASE("NAME@LIBRARY with a file that does not exist is NotFound", "[registry][!mayfail]") {
  PluginFolder empty;
  Runtime runtime(empty.options());
  const auto missing = empty.path() / "missing.so";
  std::string message = error_message(ErrorCode::NotFound, [&] { runtime.open("fake.good@" + missing.string()); });
  CHECK_THAT(message, Contains(missing.string()) && Contains("no such file"));
}
