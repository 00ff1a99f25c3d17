#include "process/plugin_scan.hpp"

#include "config/environment.hpp"
#include "process/child_process.hpp"
#include "process/scan_format.hpp"

#include <qrt/error.hpp>

#include <boost/json.hpp>

#include <poll.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <map>
#include <mutex>
#include <string_view>
#include <thread>

namespace qrt::process {
namespace {

using Clock = std::chrono::steady_clock;

}  // namespace

double scan_timeout_seconds() { return config::environment_seconds("QRT_SCAN_TIMEOUT").value_or(10.0); }

namespace {

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
  const ReadEnd end = read_until_eof(
      child.channel.get(), out,
      Clock::now() + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(timeout)));
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
    return {std::nullopt,
            file.string() + ": loading it did not finish within " + seconds +
                " s (QRT_SCAN_TIMEOUT); the scanning process was killed",
            true, timeout};
  }
  const int status = reap(child.pid, std::chrono::milliseconds(2000));
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
    return {std::nullopt,
            file.string() + ": loading it crashed the scanning process, which " + describe_wait_status(status)};
  // The scanner's answer is a line of its own that starts with {"ok": none means the library ended the
  // process itself while loading.
  if (out.find("\n{\"ok\":") == std::string::npos)
    return {std::nullopt, file.string() +
                              ": loading it ended the scanning process, which exited with status 0 before "
                              "it could answer (a plugin must never end its process)"};
  return read_answer(file, out);
}

}  // namespace

std::optional<bool> scan_isolation_from_environment() { return config::environment_switch("QRT_SCAN_ISOLATED"); }

std::optional<FileIdentity> identity_of(const std::filesystem::path& file) {
  struct stat st {};
  if (::stat(file.c_str(), &st) != 0) return std::nullopt;
  auto ns = [](const timespec& t) { return static_cast<std::int64_t>(t.tv_sec) * 1'000'000'000 + t.tv_nsec; };
  return FileIdentity{static_cast<std::uint64_t>(st.st_dev), static_cast<std::uint64_t>(st.st_ino),
                      static_cast<std::uint64_t>(st.st_size), ns(st.st_mtim), ns(st.st_ctim)};
}

bool holds_under_current_timeout(const ScanOutcome& outcome) {
  return outcome.timed_out_after <= 0 || outcome.timed_out_after >= scan_timeout_seconds();
}

std::optional<ScanOutcome> known_scan(const std::filesystem::path& canonical, const FileIdentity& identity) {
  std::lock_guard lock(cache_mutex);
  if (auto it = cache.find({canonical, identity}); it != cache.end() && holds_under_current_timeout(it->second))
    return it->second;
  return std::nullopt;
}

void remember_scan(const std::filesystem::path& canonical, const FileIdentity& identity, const ScanOutcome& outcome) {
  std::lock_guard lock(cache_mutex);
  // Entries of older identities of the path are dropped: they can never match again.
  std::erase_if(cache, [&](const auto& entry) { return entry.first.first == canonical; });
  cache.emplace(std::pair{canonical, identity}, outcome);
}

ScanOutcome scan_in_child(const std::filesystem::path& file) {
  std::error_code ec;
  auto canonical = std::filesystem::weakly_canonical(file, ec);
  if (ec) canonical = file;
  const auto before = identity_of(canonical);
  if (before)
    if (auto known = known_scan(canonical, *before)) return std::move(*known);
  ScanOutcome outcome = scan_uncached(canonical);
  if (before && identity_of(canonical) == before) remember_scan(canonical, *before, outcome);
  return outcome;
}

unsigned max_parallel_scans() noexcept { return std::clamp(std::thread::hardware_concurrency(), 4u, 16u); }

std::vector<ScanOutcome> scan_in_children(const std::vector<std::filesystem::path>& files) {
  std::vector<ScanOutcome> outcomes(files.size());
  std::atomic<std::size_t> next{0};
  auto scan_some = [&] {
    for (std::size_t i = 0; (i = next.fetch_add(1)) < files.size();) {
      try {
        outcomes[i] = scan_in_child(files[i]);
      } catch (const std::exception& e) {
        outcomes[i] = {std::nullopt, files[i].string() + ": " + e.what(), false};
      }
    }
  };
  const std::size_t helpers = std::min<std::size_t>(files.size(), max_parallel_scans()) - (files.empty() ? 0 : 1);
  std::vector<std::jthread> threads;
  for (std::size_t t = 0; t < helpers; ++t) threads.emplace_back(scan_some);
  scan_some();      // this thread is one of the scanners
  threads.clear();  // joined before `outcomes` is handed out
  return outcomes;
}

std::uint64_t child_scans_started() noexcept { return scans_started.load(std::memory_order_relaxed); }

}  // namespace qrt::process
