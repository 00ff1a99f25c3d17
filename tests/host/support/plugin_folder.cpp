#include "plugin_files.hpp"

#include <qrt/error.hpp>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <string>

namespace qrt::test {

PluginFolder::PluginFolder(std::initializer_list<std::filesystem::path> plugins) {
  // mkdtemp: test binaries may run in parallel (ctest -j), so every folder needs a unique name.
  std::string pattern = (std::filesystem::temp_directory_path() / "qrt-host-test-XXXXXX").string();
  if (!mkdtemp(pattern.data()))
    throw std::runtime_error("PluginFolder: mkdtemp(" + pattern + ") failed: " + std::strerror(errno));
  path_ = pattern;
  for (const auto& plugin : plugins) add(plugin);
}

PluginFolder::~PluginFolder() {
  std::error_code ignored;
  std::filesystem::remove_all(path_, ignored);
}

void PluginFolder::add(const std::filesystem::path& plugin, std::string_view as) {
  if (!std::filesystem::exists(plugin)) throw std::runtime_error("PluginFolder: " + plugin.string() + " was not built");
  std::filesystem::path name = as.empty() ? plugin.filename() : std::filesystem::path(as);
  std::filesystem::create_symlink(std::filesystem::absolute(plugin), path_ / name);
}

}  // namespace qrt::test
