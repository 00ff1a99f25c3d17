// `qrt run --timeout S` for OpenQASM: a watchdog thread that, once S seconds have passed, asks the run to
// stop at its next operation boundary (as Ctrl-C does) and, should the run not get there within a grace
// period (parsing a huge file, one long gate), ends the process with the timeout status itself.
#pragma once

#include <qrt/execution_progress.hpp>

#include <condition_variable>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

namespace qrt::cli {

class RunDeadline {
 public:
  // Without `seconds` nothing is watched. `file` names the program in the message.
  RunDeadline(std::optional<double> seconds, ExecutionProgress& progress, std::string file);
  ~RunDeadline();  // the run is over: the watchdog ends without acting
  RunDeadline(const RunDeadline&) = delete;
  RunDeadline& operator=(const RunDeadline&) = delete;

  // Ends the watch (idempotent): after it, the watchdog neither asks for a stop nor ends the process.
  void stop();
  // Whether the deadline passed (the run was asked to stop because of it).
  bool expired() const;
  // "qrt: error: FILE: the program did not finish within --timeout S s" on stderr.
  void report() const;

 private:
  void watch();

  std::optional<double> seconds_;
  ExecutionProgress& progress_;
  std::string file_;
  mutable std::mutex mutex_;
  std::condition_variable wake_;
  bool done_ = false, expired_ = false;
  std::thread watchdog_;
};

}  // namespace qrt::cli
