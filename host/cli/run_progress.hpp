// What `qrt run` shows and does while a program runs: a progress bar that a thread draws from the run's
// ExecutionProgress (execution_progress.hpp) once the run has lasted `delay`, and Ctrl-C asking the run
// to stop at its next operation boundary. A run that announces shots but no total (a compiled program)
// gets the shots bar of ProgressLine::draw_shots.
#pragma once

#include "progress_line.hpp"

#include <qrt/execution_progress.hpp>

#include <chrono>
#include <condition_variable>
#include <csignal>
#include <cstdio>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>

namespace qrt::cli {

// Quick runs show no bar: 1 s, or for tests QRT_PROGRESS_DELAY_MS (0: the bar shows as soon as the run
// starts); Error(InvalidArgument) for a value that is not an integer >= 0.
std::chrono::milliseconds progress_delay();
// A bar on a terminal; never on a pipe or a file, nor over JSON meant for a program, unless forced
// (--progress); --no-progress: never.
bool show_progress_bar(bool force, bool never, const std::string& output_format);

class RunProgressDisplay {
 public:
  // Draws on stderr: a bar 10 times a second when `terminal`, else a plain line once a second.
  RunProgressDisplay(const ExecutionProgress& progress, bool terminal, std::chrono::milliseconds delay);
  // Stops drawing and erases the bar: what is printed next starts on a clean line.
  ~RunProgressDisplay() { finish(); }
  // The same, early, while the run may still call write_above (which then just writes): for a process
  // that is about to end without waiting for its run.
  void finish();
  RunProgressDisplay(const RunProgressDisplay&) = delete;
  // Writes `text` to `out` with the bar out of its way (erased, redrawn at the next tick): for output that
  // appears while the run goes on, e.g. a compiled program's shots.
  void write_above(std::FILE* out, std::string_view text);
  RunProgressDisplay& operator=(const RunProgressDisplay&) = delete;

 private:
  void loop();
  void draw();

  const ExecutionProgress& progress_;
  ProgressLine line_;
  std::chrono::milliseconds delay_;
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
  std::mutex mutex_;
  std::condition_variable wake_;
  bool finishing_ = false;  // guarded by mutex_
  std::thread thread_;
};

// For its scope, the first SIGINT requests a stop of `progress`'s run (a second one ends the process, as
// the default action does). One at a time.
class StopOnSigint {
 public:
  explicit StopOnSigint(ExecutionProgress& progress);
  ~StopOnSigint();
  StopOnSigint(const StopOnSigint&) = delete;
  StopOnSigint& operator=(const StopOnSigint&) = delete;

  // Whether a SIGINT arrived in this scope.
  static bool interrupted() noexcept;

 private:
  struct sigaction previous_ {};
};

}  // namespace qrt::cli
