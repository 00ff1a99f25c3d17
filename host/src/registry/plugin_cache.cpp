#include "registry/plugin_cache.hpp"

#include "loader/plugin_description.hpp"
#include "process/scan_format.hpp"

#include <qrt/device_api.h>
#include <qrt/error.hpp>
#include <qrt/plugin_report.hpp>
#include <qrt/version.hpp>

#include <boost/dll/runtime_symbol_info.hpp>
#include <boost/json.hpp>

#include <fcntl.h>
#include <pwd.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <string_view>
#include <vector>

namespace qrt {
namespace {
namespace json = boost::json;

constexpr std::int64_t kFormat = 1;
constexpr std::size_t kMaxFileBytes = std::size_t{64} << 20;  // far above any real cache; a bound on what is read

std::optional<std::filesystem::path> absolute_env(const char* name) {
  const char* text = std::getenv(name);
  if (!text || !*text || text[0] != '/') return std::nullopt;
  return std::filesystem::path(text);
}

std::optional<std::filesystem::path> home_folder() {
  if (auto home = absolute_env("HOME")) return home;
  std::vector<char> buffer(16384);
  passwd entry{}, *found = nullptr;
  if (getpwuid_r(geteuid(), &entry, buffer.data(), buffer.size(), &found) == 0 && found && found->pw_dir &&
      found->pw_dir[0] == '/')
    return std::filesystem::path(found->pw_dir);
  return std::nullopt;
}

// The file's text, when it is a regular file of this user's that only this user may write. Opened
// without following a symlink and checked on the open descriptor, so what is checked is what is read.
std::optional<std::string> read_own_file(const std::filesystem::path& file) {
  const int fd = ::open(file.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
  if (fd < 0) return std::nullopt;
  std::optional<std::string> text;
  struct stat st {};
  if (::fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_uid == ::geteuid() && (st.st_mode & 022) == 0 &&
      static_cast<std::size_t>(st.st_size) <= kMaxFileBytes) {
    text.emplace();
    char buffer[65536];
    for (ssize_t got = 0; (got = ::read(fd, buffer, sizeof buffer)) != 0;) {
      if (got < 0 && errno == EINTR) continue;
      if (got < 0 || text->size() + static_cast<std::size_t>(got) > kMaxFileBytes) {
        text.reset();
        break;
      }
      text->append(buffer, static_cast<std::size_t>(got));
    }
  }
  ::close(fd);
  return text;
}

json::array abi_of_this_host() { return {QRT_ABI_VERSION_MAJOR, QRT_ABI_VERSION_MINOR}; }

json::array encode_identity(const process::FileIdentity& id) {
  return {id.device, id.inode, id.size, id.mtime_ns, id.ctime_ns};
}

// libqrt's own file: it holds the loader that judged the plugins, so a rebuilt or reinstalled libqrt
// (a developer's, whose version did not change) scans them again. Null when it cannot be found.
json::value scanner_identity() {
  boost::dll::fs::error_code ec;
  const auto self = boost::dll::this_line_location(ec);
  if (ec) return nullptr;
  const auto id = process::identity_of(std::filesystem::path(self.string()));
  return id ? json::value(encode_identity(*id)) : json::value(nullptr);
}

process::FileIdentity decode_identity(const json::array& a) {
  if (a.size() != 5) throw std::invalid_argument("an identity has 5 numbers");
  return {a[0].to_number<std::uint64_t>(), a[1].to_number<std::uint64_t>(), a[2].to_number<std::uint64_t>(),
          a[3].to_number<std::int64_t>(), a[4].to_number<std::int64_t>()};
}

json::object encode_outcome(const process::ScanOutcome& outcome) {
  if (outcome.plugin) return process::encode_scan(*outcome.plugin);
  json::object failure{{"ok", false}, {"message", outcome.failure}};
  if (outcome.timed_out_after > 0) failure["timed_out_after"] = outcome.timed_out_after;
  return failure;
}

// The same checks as a fresh answer from a scanning child gets (plugin_scan.cpp, read_answer).
process::ScanOutcome decode_outcome(const json::object& scan) {
  if (!scan.at("ok").as_bool()) {
    const json::value* timeout = scan.if_contains("timed_out_after");
    return {std::nullopt, std::string(scan.at("message").as_string()), true,
            timeout ? timeout->to_number<double>() : 0};
  }
  PluginDescription plugin = process::decode_scan(scan);
  check_description(plugin);
  return {std::move(plugin), {}};
}

// The entries of a cache file; none when it is missing, not the user's, malformed, or of another
// version. A malformed entry is skipped alone.
template <class Entries>
Entries read_entries(const std::filesystem::path& file) {
  Entries entries;
  const std::optional<std::string> text = read_own_file(file);
  if (!text) return entries;
  json::value doc;
  json::parse_options options;
  options.allow_invalid_utf8 = true;  // paths are bytes
  try {
    doc = json::parse(*text, {}, options);
  } catch (const std::exception&) {
    return entries;
  }
  const json::object* root = doc.if_object();
  if (!root) return entries;
  const json::value* format = root->if_contains("format");
  const json::value* qrt = root->if_contains("qrt");
  const json::value* abi = root->if_contains("abi");
  const json::value* scanner = root->if_contains("scanner");
  const json::value* plugins = root->if_contains("plugins");
  if (!format || !format->is_int64() || format->get_int64() != kFormat || !qrt || !qrt->is_string() ||
      qrt->get_string() != version() || !abi || *abi != json::value(abi_of_this_host()) || !scanner ||
      *scanner != scanner_identity() || !plugins || !plugins->is_object())
    return entries;
  for (const auto& [path, value] : plugins->get_object()) {
    try {
      const json::object& entry = value.as_object();
      entries.emplace(std::filesystem::path(std::string(path)),
                      typename Entries::mapped_type{decode_identity(entry.at("identity").as_array()),
                                                    decode_outcome(entry.at("scan").as_object())});
    } catch (const std::exception&) {  // this entry only: the file is rescanned
    }
  }
  return entries;
}

// Creates the folders above the cache file that are missing, readable by the user alone.
void make_parent_folders(const std::filesystem::path& file) {
  std::filesystem::path folder;
  for (const auto& part : file.parent_path()) {
    folder /= part;
    if (::mkdir(folder.c_str(), 0700) != 0 && errno != EEXIST) return;
  }
}

// Writes `text` to a new file beside `file` and renames it over `file`. False on any failure (the
// temporary file is removed then).
bool replace_file(const std::filesystem::path& file, const std::string& text) {
  make_parent_folders(file);
  std::string temporary = (file.parent_path() / ("." + file.filename().string() + ".XXXXXX")).string();
  const int fd = ::mkostemp(temporary.data(), O_CLOEXEC);  // mode 0600
  if (fd < 0) return false;
  bool ok = true;
  for (std::size_t done = 0; ok && done < text.size();) {
    const ssize_t put = ::write(fd, text.data() + done, text.size() - done);
    if (put < 0 && errno == EINTR) continue;
    ok = put > 0;
    if (ok) done += static_cast<std::size_t>(put);
  }
  ok = ::close(fd) == 0 && ok;
  ok = ok && ::rename(temporary.c_str(), file.c_str()) == 0;
  if (!ok) ::unlink(temporary.c_str());
  return ok;
}

}  // namespace

std::optional<std::filesystem::path> PluginCache::default_location() {
  if (const char* text = std::getenv("QRT_PLUGIN_CACHE"); text && *text) {
    const std::string_view value(text);
    if (value == "off") return std::nullopt;
    if (value.front() != '/')
      throw Error(ErrorCode::Config,
                  "QRT_PLUGIN_CACHE='" + std::string(value) + "' is neither an absolute file path nor \"off\"");
    return std::filesystem::path(value).lexically_normal();
  }
  // The XDG base directory rules: a relative XDG_CACHE_HOME is invalid and ignored.
  if (auto cache_home = absolute_env("XDG_CACHE_HOME")) return *cache_home / "qrt" / "plugin-cache.json";
  if (auto home = home_folder()) return *home / ".cache" / "qrt" / "plugin-cache.json";
  return std::nullopt;
}

PluginCache::PluginCache(std::optional<std::filesystem::path> file) : file_(std::move(file)) {
  if (file_) entries_ = read_entries<Entries>(*file_);
}

std::optional<process::ScanOutcome> PluginCache::find(const std::filesystem::path& canonical,
                                                      const process::FileIdentity& identity) const {
  std::lock_guard lock(mutex_);
  auto it = entries_.find(canonical);
  if (it == entries_.end() || it->second.identity != identity) return std::nullopt;
  return it->second.outcome;
}

void PluginCache::store(const std::filesystem::path& canonical, const process::FileIdentity& identity,
                        const process::ScanOutcome& outcome) {
  if (!file_ || !outcome.conclusive) return;
  std::lock_guard lock(mutex_);
  entries_.insert_or_assign(canonical, Entry{identity, outcome});
  stored_.insert_or_assign(canonical, Entry{identity, outcome});
}

void PluginCache::save() {
  std::lock_guard lock(mutex_);
  if (!file_ || stored_.empty()) return;
  Entries merged = read_entries<Entries>(*file_);  // what other processes saved since this one read it
  for (auto& [path, entry] : stored_) merged.insert_or_assign(path, std::move(entry));
  stored_.clear();
  json::object plugins;
  for (auto it = merged.begin(); it != merged.end();) {
    if (process::identity_of(it->first) != it->second.identity) {  // gone or changed: useless
      it = merged.erase(it);
      continue;
    }
    plugins[it->first.string()] =
        json::object{{"identity", encode_identity(it->second.identity)}, {"scan", encode_outcome(it->second.outcome)}};
    ++it;
  }
  const json::object doc{{"format", kFormat},
                         {"qrt", version()},
                         {"abi", abi_of_this_host()},
                         {"scanner", scanner_identity()},
                         {"plugins", std::move(plugins)}};
  replace_file(*file_, json::serialize(doc) + "\n");
  entries_ = std::move(merged);
}

}  // namespace qrt
