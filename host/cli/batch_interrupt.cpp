#include "batch_interrupt.hpp"

#include <atomic>

namespace qrt::cli {
namespace {

std::atomic<bool> g_batch_interrupted{false};
static_assert(std::atomic<bool>::is_always_lock_free, "the SIGINT handler needs a lock-free flag");

extern "C" void on_batch_sigint(int) { g_batch_interrupted.store(true); }

}  // namespace

BatchInterrupt::BatchInterrupt() {
  g_batch_interrupted.store(false);
  struct sigaction action {};
  action.sa_handler = on_batch_sigint;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESETHAND;
  sigaction(SIGINT, &action, &previous_);
}

BatchInterrupt::~BatchInterrupt() { sigaction(SIGINT, &previous_, nullptr); }

bool BatchInterrupt::requested() noexcept { return g_batch_interrupted.load(); }

void BatchInterrupt::cancel_if_requested(Executor& executor, const std::function<void()>& stop_running) {
  if (!requested() || executor.cancelled()) return;
  executor.cancel();
  stop_running();
}

void BatchInterrupt::wait_for(std::future<boost::json::object>& future, Executor& executor,
                              const std::function<void()>& stop_running, const std::function<void()>& poll) {
  for (;;) {
    cancel_if_requested(executor, stop_running);
    if (future.wait_for(std::chrono::milliseconds(100)) == std::future_status::ready) return;
    poll();
  }
}

}  // namespace qrt::cli
