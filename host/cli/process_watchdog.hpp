// The last resort of `qrt run` against a run that does not stop when asked. The run policy stops a run at its
// next operation when its timeout passes or Ctrl-C asks (qrt::run, StopOnSigint), but code that makes no
// operation for a while (a compiled program's classical loop, one huge gate) does not see the request: the
// watchdog then ends the process itself, with the status and message the stop would have given.
#pragma once

#include "run_progress.hpp"

#include <condition_variable>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

namespace qrt::cli {

class ProcessWatchdog {
 public:
  // `timeout`: --timeout's seconds (unset: only Ctrl-C is watched). `file` names the program in messages;
  // `display` (optional) is finished before the process ends, so the message starts on a clean line.
  ProcessWatchdog(std::optional<double> timeout, std::string file, RunProgressDisplay* display);
  ~ProcessWatchdog();  // the run is over: the watchdog ends without acting
  ProcessWatchdog(const ProcessWatchdog&) = delete;
  ProcessWatchdog& operator=(const ProcessWatchdog&) = delete;

 private:
  void watch();

  std::optional<double> timeout_;
  std::string file_;
  RunProgressDisplay* display_;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool done_ = false;
  std::thread thread_;
};

// "qrt: error: FILE: the program did not finish within --timeout S s" on stderr, after stdout is flushed.
void report_timeout(const std::string& file, double seconds);

}  // namespace qrt::cli
