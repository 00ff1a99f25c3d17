// The plugin search path: $QRT_PLUGIN_PATH entries in order, then the folder beside libqrt; missing
// folders skipped; a file reached twice (same folder twice, a symlinked folder, a symlinked file) loads once.
#include <qrt/runtime.hpp>

#include "support/expect_error.hpp"
#include "support/plugin_files.hpp"
#include "support/scoped_env.hpp"

#include <algorithm>
#include <string>
#include <vector>

using qrt::Runtime;
using namespace qrt::test;

namespace {

std::vector<std::string> loaded_files(const Runtime& runtime) {
  std::vector<std::string> files;
  for (const auto& plugin : runtime.plugins()) files.push_back(plugin.file.filename().string());
  return files;
}

// The default path also holds the build tree's real plugins: only our files are this test's business.
bool no_fake_failed(const Runtime& runtime) {
  return std::none_of(runtime.load_failures().begin(), runtime.load_failures().end(), [](const auto& failure) {
    return failure.file.filename().string().starts_with("fake_") || failure.file.filename() == "renamed.so";
  });
}

// Position of a file in the discovery order, or -1.
long position(const std::vector<std::string>& files, const std::string& file) {
  auto it = std::find(files.begin(), files.end(), file);
  return it == files.end() ? -1 : static_cast<long>(it - files.begin());
}

}  // namespace

TEST_CASE("default_plugin_dirs: QRT_PLUGIN_PATH entries in order, then the folder beside libqrt", "[search_path]") {
  const std::filesystem::path beside_libqrt = QRT_TEST_PLUGIN_DIR;

  SECTION("unset") {
    ScopedEnv env("QRT_PLUGIN_PATH", std::nullopt);
    auto dirs = qrt::default_plugin_dirs();
    REQUIRE(dirs.size() == 1);
    CHECK(std::filesystem::equivalent(dirs[0], beside_libqrt));
  }
  SECTION("entries in order, empty entries skipped") {
    ScopedEnv env("QRT_PLUGIN_PATH", ":/second/b::/first/a:");
    auto dirs = qrt::default_plugin_dirs();
    REQUIRE(dirs.size() == 3);
    CHECK(dirs[0] == "/second/b");
    CHECK(dirs[1] == "/first/a");
    CHECK(std::filesystem::equivalent(dirs[2], beside_libqrt));
  }
}

TEST_CASE("Runtime searches QRT_PLUGIN_PATH folders in order and skips missing ones", "[search_path]") {
  PluginFolder first{fake_plugin("fake_newer_minor")};
  PluginFolder second{fake_plugin("fake_good"), fake_plugin("fake_dup_a")};
  ScopedEnv env("QRT_PLUGIN_PATH", first.path().string() + ":/no/such/folder:" + second.path().string());
  Runtime runtime(search_options({}));  // empty plugin_dirs: the default search path

  auto files = loaded_files(runtime);
  CHECK(position(files, "fake_newer_minor.so") == 0);  // first folder first...
  CHECK(position(files, "fake_dup_a.so") == 1);        // ...then the second, in file name order
  CHECK(position(files, "fake_good.so") == 2);
  CHECK(no_fake_failed(runtime));
  CHECK(runtime.open("fake.newer"));
  CHECK(runtime.open("fake.dup"));
}

TEST_CASE("A plugin file reached through several folders loads once", "[search_path]") {
  PluginFolder folder{fake_plugin("fake_good")};
  PluginFolder links;  // a folder whose entries are the first folder (linked) and the same file renamed
  std::filesystem::create_directory_symlink(folder.path(), links.path() / "alias");
  links.add(fake_plugin("fake_good"), "renamed.so");  // straight to the file: links are followed once only

  const std::string a = folder.path().string(), alias = (links.path() / "alias").string();
  ScopedEnv env("QRT_PLUGIN_PATH", a + ":" + a + "/.:" + alias + ":" + links.path().string());
  Runtime runtime(search_options({}));

  auto files = loaded_files(runtime);
  CHECK(std::count(files.begin(), files.end(), "fake_good.so") == 1);
  CHECK(std::count(files.begin(), files.end(), "renamed.so") == 0);
  CHECK(no_fake_failed(runtime));
  CHECK(runtime.open("fake.good").name() == "fake.good");  // not ambiguous with itself
}

TEST_CASE("RuntimeOptions::plugin_dirs replaces the default search path", "[search_path]") {
  PluginFolder env_folder{fake_plugin("fake_dup_a")};
  PluginFolder chosen{fake_plugin("fake_good")};
  ScopedEnv env("QRT_PLUGIN_PATH", env_folder.path().string());
  Runtime runtime(chosen.options());
  CHECK(loaded_files(runtime) == std::vector<std::string>{"fake_good.so"});
}
