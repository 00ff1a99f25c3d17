#include "run_progress.hpp"

#include <algorithm>
#include <atomic>
#include <cstdio>

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

RunProgressDisplay::RunProgressDisplay(const ExecutionProgress& progress, bool terminal, std::chrono::milliseconds delay)
    : progress_(progress), line_(stderr, terminal, "operations"), delay_(delay) {
  thread_ = std::thread([this] { loop(); });
}

RunProgressDisplay::~RunProgressDisplay() {
  {
    std::lock_guard lock(mutex_);
    finishing_ = true;
  }
  wake_.notify_one();
  thread_.join();
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

void RunProgressDisplay::draw() {
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
