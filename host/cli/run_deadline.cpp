#include "run_deadline.hpp"

#include "exit_status.hpp"

#include <chrono>
#include <cstdio>
#include <cstdlib>

namespace qrt::cli {
namespace {

// How long a run asked to stop may take to reach an operation boundary before the process ends anyway.
constexpr std::chrono::milliseconds kStopGrace{1000};

}  // namespace

RunDeadline::RunDeadline(std::optional<double> seconds, ExecutionProgress& progress, std::string file)
    : seconds_(seconds), progress_(progress), file_(std::move(file)) {
  if (seconds_) watchdog_ = std::thread([this] { watch(); });
}

RunDeadline::~RunDeadline() { stop(); }

void RunDeadline::stop() {
  {
    std::lock_guard lock(mutex_);
    done_ = true;
  }
  wake_.notify_all();
  if (watchdog_.joinable()) watchdog_.join();
}

bool RunDeadline::expired() const {
  std::lock_guard lock(mutex_);
  return expired_;
}

void RunDeadline::report() const {
  std::fflush(stdout);
  std::fprintf(stderr, "qrt: error: %s: the program did not finish within --timeout %g s\n", file_.c_str(), *seconds_);
}

void RunDeadline::watch() {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(*seconds_);
  std::unique_lock lock(mutex_);
  if (wake_.wait_until(lock, deadline, [this] { return done_; })) return;
  expired_ = true;
  progress_.request_stop();
  if (wake_.wait_for(lock, kStopGrace, [this] { return done_; })) return;
  report();  // the run did not reach an operation boundary: nothing of it will be printed
  std::_Exit(kExitTimeout);
}

}  // namespace qrt::cli
