#include "run/deadline.hpp"

#include <chrono>

namespace qrt::run_policy {

Deadline::Deadline(std::optional<double> seconds, ExecutionProgress& progress)
    : seconds_(seconds), progress_(progress) {
  if (!seconds_) return;
  watchdog_ = std::thread([this] {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(*seconds_);
    std::unique_lock lock(mutex_);
    if (wake_.wait_until(lock, deadline, [this] { return done_; })) return;
    expired_ = true;
    progress_.request_stop();
  });
}

Deadline::~Deadline() {
  {
    std::lock_guard lock(mutex_);
    done_ = true;
  }
  wake_.notify_all();
  if (watchdog_.joinable()) watchdog_.join();
}

bool Deadline::expired() const {
  std::lock_guard lock(mutex_);
  return expired_;
}

}  // namespace qrt::run_policy
