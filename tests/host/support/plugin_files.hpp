// Where the test plugins are, and throwaway plugin folders holding exactly the plugins a test wants.
#pragma once

#include <qrt/runtime.hpp>

#include <filesystem>
#include <initializer_list>
#include <string_view>
#include <vector>

namespace qrt::test {

// A fake plugin built by tests/fake_plugins (e.g. "fake_good" -> <fake dir>/fake_good.so).
inline std::filesystem::path fake_plugin(std::string_view stem) {
  return std::filesystem::path(QRT_TEST_FAKE_PLUGIN_DIR) / (std::string(stem) + ".so");
}

// A real plugin from the build tree's plugin folder (e.g. "qrt_null_qubit").
inline std::filesystem::path real_plugin(std::string_view stem) {
  return std::filesystem::path(QRT_TEST_PLUGIN_DIR) / (std::string(stem) + ".so");
}

// The path the loader reports for a plugin file (it canonicalises what it loads).
inline std::string reported_path(const std::filesystem::path& file) {
  return std::filesystem::canonical(file).string();
}

// Runtime options searching `dirs` (empty: the default search path), warnings on stderr as chosen.
inline RuntimeOptions search_options(std::vector<std::filesystem::path> dirs, bool warn_on_load_failure = false) {
  RuntimeOptions options;
  options.plugin_dirs = std::move(dirs);
  options.warn_on_load_failure = warn_on_load_failure;
  return options;
}

// A fresh temporary folder of symlinks to chosen plugin files, removed with the object. Lets a test
// decide exactly what discovery sees, independently of what else is built.
class PluginFolder {
 public:
  explicit PluginFolder(std::initializer_list<std::filesystem::path> plugins = {});
  ~PluginFolder();
  PluginFolder(const PluginFolder&) = delete;
  PluginFolder& operator=(const PluginFolder&) = delete;

  // Links `plugin` into the folder, under its own file name or `as`.
  void add(const std::filesystem::path& plugin, std::string_view as = {});
  const std::filesystem::path& path() const { return path_; }
  // Runtime options that search this folder only, without warnings on stderr.
  RuntimeOptions options() const { return search_options({path_}); }

 private:
  std::filesystem::path path_;
};

}  // namespace qrt::test
