#include "process_watchdog.hpp"

#include "exit_status.hpp"

#include <chrono>
#include <cstdio>
#include <cstdlib>

namespace qrt::cli {
namespace {

// How long a run asked to stop may take to reach an operation boundary before the process ends anyway.
constexpr std::chrono::milliseconds kStopGrace{1000};
constexpr std::chrono::milliseconds kPoll{20};

}  // namespace

void report_timeout(const std::string& file, double seconds) {
  std::fflush(stdout);
  std::fprintf(stderr, "qrt: error: %s: the program did not finish within --timeout %g s\n", file.c_str(), seconds);
}

ProcessWatchdog::ProcessWatchdog(std::optional<double> timeout, std::string file, RunProgressDisplay* display)
    : timeout_(timeout), file_(std::move(file)), display_(display), thread_([this] { watch(); }) {}

ProcessWatchdog::~ProcessWatchdog() {
  {
    std::lock_guard lock(mutex_);
    done_ = true;
  }
  wake_.notify_all();
  thread_.join();
}

void ProcessWatchdog::watch() {
  using Clock = std::chrono::steady_clock;
  const auto start = Clock::now();
  std::optional<Clock::time_point> interrupted_at;
  std::unique_lock lock(mutex_);
  while (!wake_.wait_for(lock, kPoll, [this] { return done_; })) {
    const auto now = Clock::now();
    if (timeout_ && now - start >= std::chrono::duration<double>(*timeout_) + kStopGrace) {
      if (display_) display_->finish();  // not reset: the run may still be printing through it
      report_timeout(file_, *timeout_);
      std::_Exit(kExitTimeout);
    }
    if (!interrupted_at && StopOnSigint::interrupted()) interrupted_at = now;
    if (interrupted_at && now - *interrupted_at >= kStopGrace) {
      if (display_) display_->finish();
      std::fflush(stdout);
      std::fprintf(stderr, "qrt: interrupted: %s: the program made no runtime call within %lld ms of Ctrl-C; ended\n",
                   file_.c_str(), static_cast<long long>(kStopGrace.count()));
      std::_Exit(kExitInterrupted);
    }
  }
}

}  // namespace qrt::cli
