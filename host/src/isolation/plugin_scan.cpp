#include "isolation/plugin_scan.hpp"

#include "isolation/child_process.hpp"

#include <qrt/error.hpp>

#include <boost/json.hpp>

#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <map>
#include <mutex>
#include <tuple>

namespace qrt::isolation {
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

struct CacheEntry {
  std::uintmax_t size = 0;
  std::filesystem::file_time_type mtime;
  std::optional<std::string> failure;
};

std::mutex cache_mutex;
std::map<std::filesystem::path, CacheEntry> cache;

// Reads the child's stdout to its end, or until the deadline. False on timeout.
bool read_until_eof(int fd, std::string& out, Clock::time_point deadline) {
  char buffer[4096];
  for (;;) {
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
    if (left <= 0) return false;
    pollfd p{fd, POLLIN, 0};
    int n = ::poll(&p, 1, static_cast<int>(std::min<long long>(left + 1, 1 << 30)));
    if (n < 0 && errno != EINTR) return true;
    if (n <= 0) continue;
    ssize_t got = ::read(fd, buffer, sizeof buffer);
    if (got > 0) out.append(buffer, static_cast<std::size_t>(got));
    else if (got == 0 || errno != EINTR) return true;
  }
}

std::optional<std::string> scan_uncached(const std::filesystem::path& file) {
  const double timeout = scan_timeout_seconds();
  Child child = spawn(worker_executable(), {"--scan", file.string()}, Channel::Stdout);
  std::string out;
  const bool finished = read_until_eof(child.channel.get(), out, Clock::now() + std::chrono::duration_cast<Clock::duration>(
                                                                                 std::chrono::duration<double>(timeout)));
  child.channel.reset();
  if (!finished) {
    reap(child.pid, std::chrono::milliseconds(0));
    std::string seconds = std::to_string(timeout);
    seconds.erase(seconds.find_last_not_of('0') + 1);
    if (seconds.back() == '.') seconds.pop_back();
    return file.string() + ": loading it did not finish within " + seconds +
           " s (QRT_SCAN_TIMEOUT); the scanning process was killed";
  }
  const int status = reap(child.pid, std::chrono::milliseconds(2000));
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
    return file.string() + ": loading it crashed the scanning process, which " + describe_wait_status(status);
  try {
    boost::json::object reply = boost::json::parse(out).as_object();
    if (reply.at("ok").as_bool()) return std::nullopt;
    return std::string(reply.at("message").as_string());
  } catch (const std::exception& e) {
    return file.string() + ": the scanning process gave an unreadable answer (" + e.what() + ")";
  }
}

}  // namespace

bool scan_isolation_requested_by_environment() {
  const char* text = std::getenv("QRT_SCAN_ISOLATED");
  if (!text) return false;
  const std::string_view v(text);
  return v == "1" || v == "true" || v == "yes" || v == "on";
}

std::optional<std::string> scan_in_child(const std::filesystem::path& file) {
  std::error_code ec;
  auto canonical = std::filesystem::weakly_canonical(file, ec);
  if (ec) canonical = file;
  const auto size = std::filesystem::file_size(canonical, ec);
  const auto mtime = std::filesystem::last_write_time(canonical, ec);
  {
    std::lock_guard lock(cache_mutex);
    auto it = cache.find(canonical);
    if (it != cache.end() && !ec && it->second.size == size && it->second.mtime == mtime) return it->second.failure;
  }
  std::optional<std::string> failure = scan_uncached(file);
  if (!ec) {
    std::lock_guard lock(cache_mutex);
    cache[canonical] = CacheEntry{size, mtime, failure};
  }
  return failure;
}

}  // namespace qrt::isolation
