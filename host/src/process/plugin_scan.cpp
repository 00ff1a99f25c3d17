#include "process/plugin_scan.hpp"

#include "process/child_process.hpp"
#include "process/scan_format.hpp"

#include <qrt/error.hpp>

#include <boost/json.hpp>

#include <poll.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <map>
#include <mutex>
#include <string_view>
#include <tuple>

namespace qrt::process {
namespace {

using Clock = std::chrono::steady_clock;

double scan_timeout_seconds() {
  if (const char* text = std::getenv("QRT_SCAN_TIMEOUT"); text && *text) {
    char* end = nullptr;
    double v = std::strtod(text, &end);
    if (*end == '\0' && v > 0 && std::isfinite(v)) return v;
  }
  return 10.0;
}

// What makes two looks at a path the same file with the same contents. ctime too: unlike mtime, no
// one can set it back, so rewriting a file in place and restoring its mtime still changes the identity.
struct FileIdentity {
  dev_t device = 0;
  ino_t inode = 0;
  off_t size = 0;
  std::int64_t mtime_ns = 0, ctime_ns = 0;
  auto operator<=>(const FileIdentity&) const = default;
};

std::optional<FileIdentity> identity_of(const std::filesystem::path& file) {
  struct stat st {};
  if (::stat(file.c_str(), &st) != 0) return std::nullopt;
  auto ns = [](const timespec& t) { return static_cast<std::int64_t>(t.tv_sec) * 1'000'000'000 + t.tv_nsec; };
  return FileIdentity{st.st_dev, st.st_ino, st.st_size, ns(st.st_mtim), ns(st.st_ctim)};
}

std::mutex cache_mutex;
std::map<std::pair<std::filesystem::path, FileIdentity>, ScanOutcome> cache;
std::atomic<std::uint64_t> scans_started{0};

// A description is a few kilobytes per device; a child that prints far more is not answering.
constexpr std::size_t kMaxAnswerBytes = std::size_t{16} << 20;

enum class ReadEnd { Eof, Timeout, TooLarge };

// Reads the child's stdout to its end, until the deadline, or until it exceeds kMaxAnswerBytes.
ReadEnd read_until_eof(int fd, std::string& out, Clock::time_point deadline) {
  char buffer[4096];
  for (;;) {
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
    if (left <= 0) return ReadEnd::Timeout;
    pollfd p{fd, POLLIN, 0};
    int n = ::poll(&p, 1, static_cast<int>(std::min<long long>(left + 1, 1 << 30)));
    if (n < 0 && errno != EINTR) return ReadEnd::Eof;
    if (n <= 0) continue;
    ssize_t got = ::read(fd, buffer, sizeof buffer);
    if (got > 0) out.append(buffer, static_cast<std::size_t>(got));
    else if (got == 0 || errno != EINTR) return ReadEnd::Eof;
    if (out.size() > kMaxAnswerBytes) return ReadEnd::TooLarge;
  }
}

// The child's answer is the last line of its stdout: a plugin that printed while loading came before it.
ScanOutcome read_answer(const std::filesystem::path& file, std::string_view out) {
  while (!out.empty() && out.back() == '\n') out.remove_suffix(1);
  if (auto newline = out.rfind('\n'); newline != std::string_view::npos) out.remove_prefix(newline + 1);
  try {
    const boost::json::object reply = boost::json::parse(out).as_object();
    if (!reply.at("ok").as_bool()) return {std::nullopt, std::string(reply.at("message").as_string())};
    PluginDescription plugin = decode_scan(reply);
    check_description(plugin);
    return {std::move(plugin), {}};
  } catch (const std::exception& e) {
    return {std::nullopt, file.string() + ": the scanning process gave an unreadable answer (" + e.what() + ")"};
  }
}

ScanOutcome scan_uncached(const std::filesystem::path& file) {
  scans_started.fetch_add(1, std::memory_order_relaxed);
  const double timeout = scan_timeout_seconds();
  Child child = spawn(worker_executable(), {"--scan", file.string()}, Channel::Stdout);
  std::string out;
  const ReadEnd end = read_until_eof(child.channel.get(), out, Clock::now() + std::chrono::duration_cast<Clock::duration>(
                                                                               std::chrono::duration<double>(timeout)));
  child.channel.reset();
  if (end == ReadEnd::TooLarge) {
    reap(child.pid, std::chrono::milliseconds(0));
    return {std::nullopt, file.string() + ": loading it printed more than " + std::to_string(kMaxAnswerBytes >> 20) +
                              " MiB; the scanning process was killed"};
  }
  if (end == ReadEnd::Timeout) {
    reap(child.pid, std::chrono::milliseconds(0));
    std::string seconds = std::to_string(timeout);
    seconds.erase(seconds.find_last_not_of('0') + 1);
    if (seconds.back() == '.') seconds.pop_back();
    return {std::nullopt, file.string() + ": loading it did not finish within " + seconds +
                              " s (QRT_SCAN_TIMEOUT); the scanning process was killed"};
  }
  const int status = reap(child.pid, std::chrono::milliseconds(2000));
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
    return {std::nullopt, file.string() + ": loading it crashed the scanning process, which " + describe_wait_status(status)};
  return read_answer(file, out);
}

}  // namespace

bool scan_isolation_requested_by_environment() {
  const char* text = std::getenv("QRT_SCAN_ISOLATED");
  if (!text) return false;
  const std::string_view v(text);
  return v == "1" || v == "true" || v == "yes" || v == "on";
}

ScanOutcome scan_in_child(const std::filesystem::path& file) {
  std::error_code ec;
  auto canonical = std::filesystem::weakly_canonical(file, ec);
  if (ec) canonical = file;
  const auto before = identity_of(canonical);
  if (before) {
    std::lock_guard lock(cache_mutex);
    if (auto it = cache.find({canonical, *before}); it != cache.end()) return it->second;
  }
  ScanOutcome outcome = scan_uncached(canonical);
  if (before && identity_of(canonical) == before) {
    std::lock_guard lock(cache_mutex);
    // Entries of older identities of the path are dropped: they can never match again.
    std::erase_if(cache, [&](const auto& entry) { return entry.first.first == canonical; });
    cache.emplace(std::pair{canonical, *before}, outcome);
  }
  return outcome;
}

std::uint64_t child_scans_started() noexcept { return scans_started.load(std::memory_order_relaxed); }

}  // namespace qrt::process
