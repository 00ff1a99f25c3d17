#include "run_progress.hpp"

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <unistd.h>

namespace qrt::cli {
namespace {

using Clock = std::chrono::steady_clock;

std::atomic<ExecutionProgress*> g_stop_target{nullptr};
std::atomic<bool> g_interrupted{false};
static_assert(std::atomic<ExecutionProgress*>::is_always_lock_free, "the SIGINT handler needs lock-free atomics");

extern "C" void request_stop_on_sigint(int) {
  g_interrupted.store(true);
  if (ExecutionProgress* progress = g_stop_target.load()) progress->request_stop();
}

}  // namespace

std::chrono::milliseconds progress_delay() {
  constexpr std::chrono::milliseconds kDefault{1000};
  const char* text = std::getenv("QRT_PROGRESS_DELAY_MS");
  if (text == nullptr || *text == '\0') return kDefault;
  char* end = nullptr;
  const long long ms = std::strtoll(text, &end, 10);
  if (*end != '\0' || ms < 0)
    throw Error(ErrorCode::InvalidArgument,
                std::string("QRT_PROGRESS_DELAY_MS must be milliseconds (an integer >= 0), not '") + text + "'");
  return std::chrono::milliseconds(ms);
}

bool show_progress_bar(bool force, bool never, const std::string& output_format) {
  if (never) return false;
  if (force) return true;
  return ::isatty(STDERR_FILENO) == 1 && output_format != "json";
}

RunProgressDisplay::RunProgressDisplay(const ExecutionProgress& progress, bool terminal,
                                       std::chrono::milliseconds delay)
    : progress_(progress), line_(stderr, terminal, "operations"), delay_(delay) {
  thread_ = std::thread([this] { loop(); });
}

void RunProgressDisplay::finish() {
  {
    std::lock_guard lock(mutex_);
    finishing_ = true;
  }
  wake_.notify_one();
  if (thread_.joinable()) thread_.join();
  std::lock_guard lock(mutex_);
  line_.clear();
}

void RunProgressDisplay::loop() {
  const auto every = line_.terminal() ? std::chrono::milliseconds(100) : std::chrono::milliseconds(1000);
  std::unique_lock lock(mutex_);
  auto next = start_ + delay_;
  for (;;) {
    const bool finishing = wake_.wait_until(lock, next, [this] { return finishing_; });
    const bool due = Clock::now() >= start_ + delay_ && progress_.started();
    // A run that lasted past the delay gets a last draw at the end: a plain line then says how far it
    // got, and a bar is erased right after anyway.
    if (due) draw();
    if (finishing) return;
    next = std::max(Clock::now(), start_ + delay_) + (due ? every : std::chrono::milliseconds(20));
  }
}

void RunProgressDisplay::write_above(std::FILE* out, std::string_view text) {
  std::lock_guard lock(mutex_);  // the drawing thread draws only while holding it
  line_.clear();
  std::fwrite(text.data(), 1, text.size(), out);
  std::fflush(out);
}

void RunProgressDisplay::draw() {
  const double elapsed = std::chrono::duration<double>(Clock::now() - start_).count();
  if (progress_.total() == 0 && progress_.shots_total() > 0) {
    line_.draw_shots(progress_.shots_done(), progress_.shots_total(), progress_.done(), elapsed);
    return;
  }
  line_.draw(progress_.done(), progress_.total(), std::chrono::duration<double>(Clock::now() - start_).count());
}

StopOnSigint::StopOnSigint(ExecutionProgress& progress) {
  g_interrupted.store(false);
  g_stop_target.store(&progress);
  struct sigaction action {};
  action.sa_handler = request_stop_on_sigint;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESETHAND;  // a second Ctrl-C: the default action, the process ends
  sigaction(SIGINT, &action, &previous_);
}

StopOnSigint::~StopOnSigint() {
  sigaction(SIGINT, &previous_, nullptr);
  g_stop_target.store(nullptr);
}

bool StopOnSigint::interrupted() noexcept { return g_interrupted.load(); }

}  // namespace qrt::cli
