// RunRequest::timeout: a watchdog thread that, once the time has passed, asks the run to stop at its next
// operation boundary (ExecutionProgress::request_stop), as Ctrl-C does.
#pragma once

#include <qrt/execution_progress.hpp>

#include <condition_variable>
#include <mutex>
#include <optional>
#include <thread>

namespace qrt::run_policy {

class Deadline {
 public:
  // Without `seconds` nothing is watched (and no thread started).
  Deadline(std::optional<double> seconds, ExecutionProgress& progress);
  ~Deadline();  // ends the watch
  Deadline(const Deadline&) = delete;
  Deadline& operator=(const Deadline&) = delete;

  // Whether the time passed and the stop was asked for because of it.
  bool expired() const;

 private:
  std::optional<double> seconds_;
  ExecutionProgress& progress_;
  mutable std::mutex mutex_;
  std::condition_variable wake_;
  bool done_ = false, expired_ = false;
  std::thread watchdog_;
};

}  // namespace qrt::run_policy
