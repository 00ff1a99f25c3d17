#include "registry/plugin_trust.hpp"

#include "config/environment.hpp"

#include <qrt/error.hpp>

#include <grp.h>
#include <pwd.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string_view>
#include <vector>

namespace qrt {
namespace {

const std::string kOptOut = std::string(" or set ") + kAllowUnsafePluginsEnv + "=1 for development";

[[noreturn]] void refuse(const std::filesystem::path& file, const std::string& why) {
  throw Error(ErrorCode::LoadFailed, "refusing " + file.string() + ": " + why);
}

std::string octal_mode(mode_t mode) {
  char text[8];
  std::snprintf(text, sizeof text, "%04o", static_cast<unsigned>(mode & 07777));
  return text;
}

std::string user_name(uid_t uid) {
  std::vector<char> buffer(16384);
  passwd entry{}, *found = nullptr;
  if (getpwuid_r(uid, &entry, buffer.data(), buffer.size(), &found) == 0 && found)
    return " (" + std::string(found->pw_name) + ")";
  return "";
}

// Debian's user-private groups (umask 002): a group named after its only member, who has it as primary
// group. Group-writable then means writable by the owner alone, which is harmless (ssh accepts it too).
bool user_private_group(const struct stat& st) {
  std::vector<char> pw_buffer(16384), gr_buffer(16384);
  passwd pw{}, *owner = nullptr;
  group gr{}, *grp = nullptr;
  if (getpwuid_r(st.st_uid, &pw, pw_buffer.data(), pw_buffer.size(), &owner) != 0 || !owner) return false;
  if (getgrgid_r(st.st_gid, &gr, gr_buffer.data(), gr_buffer.size(), &grp) != 0 || !grp) return false;
  if (owner->pw_gid != st.st_gid || std::string_view(grp->gr_name) != owner->pw_name) return false;
  for (char** member = grp->gr_mem; member && *member; ++member)
    if (std::string_view(*member) != owner->pw_name) return false;
  return true;
}

// Why `path` (whose stat is `st`, called `what` in the message) is unsafe, with the fix; "" if safe.
// `sticky_ok`: a sticky folder (/tmp) that others may write cannot have our entries replaced, so it may
// hold a plugin file; it is never accepted as a folder that discovery searches.
std::string unsafe_reason(const std::filesystem::path& path, const struct stat& st, const std::string& what,
                          bool sticky_ok) {
  const uid_t me = geteuid();
  if (st.st_uid != me && st.st_uid != 0)
    return what + " is owned by uid " + std::to_string(st.st_uid) + user_name(st.st_uid) + ", not by you (uid " +
           std::to_string(me) + ") or root; have it owned by you or root" + kOptOut;
  if (sticky_ok && S_ISDIR(st.st_mode) && (st.st_mode & S_ISVTX)) return "";
  const bool by_group = (st.st_mode & S_IWGRP) && !user_private_group(st);
  const bool by_others = st.st_mode & S_IWOTH;
  if (!by_group && !by_others) return "";
  const std::string who = by_group && by_others ? "group and others" : by_group ? "group" : "others";
  const std::string flags = by_group && by_others ? "go-w" : by_group ? "g-w" : "o-w";
  return what + " is writable by " + who + " (mode " + octal_mode(st.st_mode) + "); run `chmod " + flags + " " +
         path.string() + "`" + kOptOut;
}

// Checks `path` with stat (following symlinks); a path that cannot be stat'ed is left to the caller.
std::string unsafe_path(const std::filesystem::path& path, const std::string& what, bool sticky_ok) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return "";
  return unsafe_reason(path, st, what, sticky_ok);
}

}  // namespace

TrustPolicy TrustPolicy::from(bool option) {
  return TrustPolicy{option || config::environment_switch(kAllowUnsafePluginsEnv).value_or(false)};
}

VettedPlugin vet_plugin_file(const std::filesystem::path& file, const TrustPolicy& policy) {
  struct stat st {};
  if (::lstat(file.c_str(), &st) != 0) {
    if (errno == ENOENT || errno == ENOTDIR) throw Error(ErrorCode::NotFound, file.string() + ": no such file");
    refuse(file, std::strerror(errno));
  }
  VettedPlugin vetted;
  std::filesystem::path real = file;
  if (S_ISLNK(st.st_mode)) {  // followed once: the link must name the file itself
    vetted.link = file;
    std::error_code ec;
    const std::filesystem::path to = std::filesystem::read_symlink(file, ec);
    if (ec) refuse(file, "cannot read the symlink: " + ec.message());
    real = to.is_absolute() ? to : file.parent_path() / to;
    struct stat next {};
    if (::lstat(real.c_str(), &next) != 0) refuse(file, "a dangling symlink to " + real.string());
    if (S_ISLNK(next.st_mode))
      refuse(file, "a symlink to another symlink (" + file.string() + " -> " + real.string() +
                       " -> ...); a plugin link must point straight at the library (chains and loops are refused)");
  }
  std::error_code ec;
  vetted.target = std::filesystem::canonical(real, ec);  // folder symlinks; a folder loop is ELOOP, not a hang
  if (ec) refuse(file, "cannot resolve " + real.string() + ": " + ec.message());
  if (::stat(vetted.target.c_str(), &st) != 0) refuse(file, std::strerror(errno));
  if (!S_ISREG(st.st_mode)) refuse(file, "not a regular file");
  if (policy.allow_unsafe) return vetted;

  const std::string target_name = vetted.link.empty() ? "it" : "its target " + vetted.target.string();
  std::string why = unsafe_reason(vetted.target, st, target_name, false);
  const std::filesystem::path folder = vetted.target.parent_path();
  if (why.empty()) why = unsafe_path(folder, "its folder " + folder.string(), true);
  if (why.empty() && !vetted.link.empty())
    why = unsafe_path(file.parent_path(), "the symlink's folder " + file.parent_path().string(), true);
  if (!why.empty()) refuse(file, why);
  return vetted;
}

std::optional<std::string> folder_refusal(const std::filesystem::path& dir, const TrustPolicy& policy) {
  if (dir.is_relative())
    return "refusing plugin folder '" + dir.string() +
           "': a relative path would depend on the current directory; give an absolute path";
  if (policy.allow_unsafe) return std::nullopt;
  std::string why = unsafe_path(dir, "it", false);
  if (why.empty()) return std::nullopt;
  return "refusing plugin folder " + dir.string() + ": " + why;
}

NamedLibrary resolve_named_library(const std::filesystem::path& library) {
  if (library.is_absolute()) return {library.lexically_normal(), ""};
  std::error_code ec;
  const std::filesystem::path cwd = std::filesystem::current_path(ec);
  if (ec)
    throw Error(ErrorCode::NotFound,
                "library '" + library.string() + "' is relative and the current directory is unknown: " + ec.message());
  return {(cwd / library).lexically_normal(), " (the relative library path '" + library.string() +
                                                  "' was resolved against the current directory " + cwd.string() + ")"};
}

}  // namespace qrt
