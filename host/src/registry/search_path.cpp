#include <qrt/runtime_options.hpp>

#include <boost/dll/runtime_symbol_info.hpp>

#include <cstdlib>
#include <string_view>

namespace qrt {
namespace {

// Absolute entries: symlinks resolved and `.`/`..` removed, so what is listed is what is searched.
// Relative ones stay as given: the registry refuses them, visibly, rather than guess a base.
std::filesystem::path canonical_entry(std::string_view entry) {
  std::filesystem::path path(entry);
  if (path.is_relative()) return path;
  std::error_code ec;
  auto canonical = std::filesystem::weakly_canonical(path, ec);
  return ec ? path.lexically_normal() : canonical;
}

}  // namespace

std::vector<std::filesystem::path> default_plugin_dirs() {
  std::vector<std::filesystem::path> dirs;
  if (const char* env = std::getenv("QRT_PLUGIN_PATH")) {
    std::string_view rest(env);
    while (!rest.empty()) {
      std::size_t colon = rest.find(':');
      std::string_view entry = rest.substr(0, colon);
      if (!entry.empty()) dirs.push_back(canonical_entry(entry));
      if (colon == std::string_view::npos) break;
      rest.remove_prefix(colon + 1);
    }
  }
  // libqrt's own folder: the build tree puts plugins in lib/qrt/plugins beside lib/libqrt.so, as an
  // install does, so the same rule holds in both and nothing absolute is compiled in.
  boost::dll::fs::error_code ec;
  auto self = boost::dll::this_line_location(ec);
  if (!ec) dirs.emplace_back(std::filesystem::path(self.parent_path().string()) / "qrt" / "plugins");
  return dirs;
}

}  // namespace qrt
