// Plugin trust rules (host/src/registry/plugin_trust.hpp): unsafe modes and owners are refused with the
// reason and the fix, the development opt-out loads them, symlinks are followed once (chains, loops and
// dangling links refused), relative folders refused, relative NAME@LIBRARY paths resolved against the
// current directory and said so, and config strings never expand or execute anything.
#include <qrt/runtime.hpp>

#include "support/expect_error.hpp"
#include "support/plugin_files.hpp"
#include "support/scoped_env.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <string>
#include <vector>

using Catch::Matchers::Contains;
using qrt::ErrorCode;
using qrt::Runtime;
using namespace qrt::test;

namespace {

namespace fs = std::filesystem;

// Trust checks on, whatever the environment running the tests says.
struct StrictEnv {
  ScopedEnv unsafe{"QRT_ALLOW_UNSAFE_PLUGINS", std::nullopt};
};

// A real copy (not a symlink) of a fake plugin in `folder`, with `mode`.
fs::path copy_plugin(const PluginFolder& folder, std::string_view stem, fs::perms mode) {
  const fs::path copy = folder.path() / (std::string(stem) + ".so");
  fs::copy_file(fake_plugin(stem), copy);
  fs::permissions(copy, mode);
  return copy;
}

const qrt::LoadFailure* failure_for(const Runtime& runtime, const fs::path& path) {
  for (const auto& f : runtime.load_failures())
    if (f.file == path) return &f;
  return nullptr;
}

bool loaded(const Runtime& runtime, std::string_view stem) {
  return std::any_of(runtime.plugins().begin(), runtime.plugins().end(),
                     [&](const auto& p) { return p.file.filename() == std::string(stem) + ".so"; });
}

// Restores the current directory at scope exit.
class ScopedCwd {
 public:
  explicit ScopedCwd(const fs::path& dir) : previous_(fs::current_path()) { fs::current_path(dir); }
  ~ScopedCwd() { fs::current_path(previous_); }

 private:
  fs::path previous_;
};

constexpr auto kSafeFile = fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec |
                           fs::perms::others_read | fs::perms::others_exec;  // 0755

}  // namespace

TEST_CASE("A plugin file writable by others is refused with the reason and the fix", "[trust]") {
  StrictEnv strict;
  PluginFolder folder;
  const fs::path file = copy_plugin(folder, "fake_good", kSafeFile | fs::perms::others_write);  // 0757
  Runtime runtime(folder.options());

  CHECK_FALSE(loaded(runtime, "fake_good"));
  const qrt::LoadFailure* failure = failure_for(runtime, file);
  REQUIRE(failure);
  CHECK_THAT(failure->reason, Contains("refusing " + file.string() + ": it is writable by others (mode 0757)") &&
                                  Contains("run `chmod o-w " + file.string() + "`") &&
                                  Contains("QRT_ALLOW_UNSAFE_PLUGINS=1 for development"));

  // Named explicitly, the same file is an error with the same text.
  std::string message = error_message(ErrorCode::LoadFailed, [&] { runtime.open("fake.good@" + file.string()); });
  CHECK_THAT(message, Contains("writable by others") && Contains("chmod o-w"));

  fs::permissions(file, kSafeFile);  // fixed as the message says: now it loads
  CHECK(Runtime(folder.options()).open("fake.good").name() == "fake.good");
}

TEST_CASE("A group-writable plugin file of a shared group is refused", "[trust]") {
  if (geteuid() != 0) {
    WARN("skipped: needs root to give the file a group that is not the user's private group");
    return;
  }
  StrictEnv strict;
  PluginFolder folder;
  const fs::path file = copy_plugin(folder, "fake_good", kSafeFile | fs::perms::group_write);  // 0775
  REQUIRE(::chown(file.c_str(), 0, 54321) == 0);  // a group nobody's private group: writable by others
  Runtime runtime(folder.options());
  const qrt::LoadFailure* failure = failure_for(runtime, file);
  REQUIRE(failure);
  CHECK_THAT(failure->reason, Contains("writable by group (mode 0775)") && Contains("chmod g-w " + file.string()));
}

TEST_CASE("A plugin file owned by another user is refused", "[trust]") {
  if (geteuid() != 0) {
    WARN("skipped: needs root to give the file another owner");
    return;
  }
  StrictEnv strict;
  PluginFolder folder;
  const fs::path file = copy_plugin(folder, "fake_good", kSafeFile);
  REQUIRE(::chown(file.c_str(), 54321, 54321) == 0);
  Runtime runtime(folder.options());
  const qrt::LoadFailure* failure = failure_for(runtime, file);
  REQUIRE(failure);
  CHECK_THAT(failure->reason, Contains("owned by uid 54321") && Contains("not by you (uid 0) or root"));
}

TEST_CASE("A plugin folder writable by others is refused, sticky or not", "[trust]") {
  StrictEnv strict;
  PluginFolder folder{fake_plugin("fake_good")};
  fs::permissions(folder.path(), fs::perms::all | fs::perms::sticky_bit);  // like /tmp: others may add files
  Runtime runtime(folder.options());
  CHECK(runtime.plugins().empty());
  const qrt::LoadFailure* failure = failure_for(runtime, folder.path());
  REQUIRE(failure);
  CHECK_THAT(failure->reason, Contains("refusing plugin folder " + folder.path().string()) &&
                                  Contains("writable by others (mode 1777)") && Contains("chmod o-w"));
}

TEST_CASE("The development opt-out loads unsafe plugins: environment or RuntimeOptions", "[trust]") {
  PluginFolder folder;
  copy_plugin(folder, "fake_good", fs::perms::all);  // 0777
  SECTION("QRT_ALLOW_UNSAFE_PLUGINS=1") {
    ScopedEnv unsafe("QRT_ALLOW_UNSAFE_PLUGINS", "1");
    Runtime runtime(folder.options());
    CHECK(loaded(runtime, "fake_good"));
    CHECK(runtime.load_failures().empty());
  }
  SECTION("RuntimeOptions::allow_unsafe_plugins") {
    StrictEnv strict;
    auto options = folder.options();
    options.allow_unsafe_plugins = true;
    Runtime runtime(options);
    CHECK(loaded(runtime, "fake_good"));
  }
  SECTION("QRT_ALLOW_UNSAFE_PLUGINS=0 keeps the checks") {
    ScopedEnv unsafe("QRT_ALLOW_UNSAFE_PLUGINS", "0");
    Runtime runtime(folder.options());
    CHECK_FALSE(loaded(runtime, "fake_good"));
  }
}

TEST_CASE("A symlinked plugin is followed once and reported with its link", "[trust]") {
  StrictEnv strict;
  PluginFolder folder{fake_plugin("fake_good")};  // PluginFolder links to the built file
  Runtime runtime(folder.options());
  REQUIRE(runtime.plugins().size() == 1);
  CHECK(runtime.plugins()[0].link == folder.path() / "fake_good.so");
  CHECK(runtime.plugins()[0].file == fs::canonical(fake_plugin("fake_good")));

  PluginFolder real_files;
  const fs::path real = copy_plugin(real_files, "fake_good", kSafeFile);
  PluginFolder links;
  fs::create_symlink(real, links.path() / "direct.so");
  std::string explicit_link = (links.path() / "direct.so").string();
  CHECK(Runtime(links.options()).open("fake.good@" + explicit_link).name() == "fake.good");
}

TEST_CASE("Symlink chains, loops and dangling links are refused, never followed further", "[trust]") {
  StrictEnv strict;
  PluginFolder folder;
  fs::create_symlink(fake_plugin("fake_good"), folder.path() / "hop.lib");
  fs::create_symlink(folder.path() / "hop.lib", folder.path() / "chain.so");
  fs::create_symlink(folder.path() / "loop_b.so", folder.path() / "loop_a.so");
  fs::create_symlink(folder.path() / "loop_a.so", folder.path() / "loop_b.so");
  fs::create_symlink(folder.path() / "nowhere.so.1", folder.path() / "dangling.so");
  Runtime runtime(folder.options());

  CHECK(runtime.plugins().empty());
  const auto* chain = failure_for(runtime, folder.path() / "chain.so");
  REQUIRE(chain);
  CHECK_THAT(chain->reason, Contains("a symlink to another symlink") && Contains("chains and loops are refused"));
  for (const char* name : {"loop_a.so", "loop_b.so"}) {
    const auto* loop = failure_for(runtime, folder.path() / name);
    REQUIRE(loop);
    CHECK_THAT(loop->reason, Contains("a symlink to another symlink"));
  }
  const auto* dangling = failure_for(runtime, folder.path() / "dangling.so");
  REQUIRE(dangling);
  CHECK_THAT(dangling->reason, Contains("dangling symlink"));

  const std::string loop = (folder.path() / "loop_a.so").string();
  std::string message = error_message(ErrorCode::LoadFailed, [&] { runtime.open("fake.good@" + loop); });
  CHECK_THAT(message, Contains("a symlink to another symlink"));
}

TEST_CASE("Relative plugin folders are refused and QRT_PLUGIN_PATH entries are canonicalised", "[trust]") {
  StrictEnv strict;
  PluginFolder folder{fake_plugin("fake_good")};
  SECTION("a relative entry of QRT_PLUGIN_PATH") {
    ScopedCwd cwd(folder.path().parent_path());
    ScopedEnv env("QRT_PLUGIN_PATH", folder.path().filename().string());
    Runtime runtime(search_options({}));
    CHECK_FALSE(loaded(runtime, "fake_good"));
    const auto* failure = failure_for(runtime, folder.path().filename());
    REQUIRE(failure);
    CHECK_THAT(failure->reason, Contains("refusing plugin folder '" + folder.path().filename().string() + "'") &&
                                    Contains("relative path"));
  }
  SECTION("absolute entries lose `.` and `..` and symlinked folders") {
    PluginFolder links;
    fs::create_directory_symlink(folder.path(), links.path() / "alias");
    fs::create_directory(links.path() / "sub");
    const std::string entry = (links.path() / "sub" / ".." / "." / "alias" / ".").string();
    ScopedEnv env("QRT_PLUGIN_PATH", entry);
    auto dirs = qrt::default_plugin_dirs();
    REQUIRE(dirs.size() >= 2);
    CHECK(dirs[0] == fs::canonical(folder.path()));
  }
}

TEST_CASE("A relative NAME@LIBRARY path is resolved against the current directory, and said so", "[trust]") {
  StrictEnv strict;
  PluginFolder folder;
  copy_plugin(folder, "fake_good", kSafeFile);
  PluginFolder empty;
  Runtime runtime(empty.options());
  ScopedCwd cwd(folder.path());
  CHECK(runtime.open("fake.good@./fake_good.so").name() == "fake.good");
  CHECK(runtime.open("fake.good@fake_good.so").name() == "fake.good");

  std::string message = error_message(ErrorCode::NotFound, [&] { runtime.open("fake.good@./missing.so"); });
  CHECK_THAT(message, Contains((folder.path() / "missing.so").string()) && Contains("no such file") &&
                          Contains("resolved against the current directory " + folder.path().string()));
}

TEST_CASE("Config strings expand nothing and execute nothing", "[trust]") {
  StrictEnv strict;
  PluginFolder empty;
  Runtime runtime(empty.options());
  ScopedCwd cwd(empty.path());
  ScopedEnv home("HOME", empty.path().string());
  const fs::path marker = empty.path() / "executed";

  // $VAR, ~ and command substitution are literal path text: nothing named so exists.
  const std::vector<std::string> libraries = {"$HOME/fake_good.so", "~/fake_good.so",
                                              "$(touch " + marker.string() + ")", "`touch " + marker.string() + "`"};
  for (const std::string& library : libraries) {
    INFO(library);
    std::string message = error_message(ErrorCode::NotFound, [&] { runtime.open("fake.good@" + library); });
    CHECK_THAT(message, Contains(library) && Contains("no such file"));
  }
  std::string message = error_message(ErrorCode::NotFound, [&] {
    runtime.open("{\"device\": \"fake.good\", \"library\": \"$(touch " + marker.string() + ")\"}");
  });
  CHECK_THAT(message, Contains("no such file"));
  CHECK_FALSE(fs::exists(marker));
}
