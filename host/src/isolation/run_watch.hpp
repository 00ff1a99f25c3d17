// The worker's side of a running program: while exec::execute runs on the worker's main thread, a
// watcher thread keeps an eye on the channel to the host. When the host hangs up (its end closed: it
// exited, was killed, or stopped the run on purpose), the watcher asks the run to stop at its next
// operation boundary. This does not depend on PR_SET_PDEATHSIG, which fires when the *thread* that
// started the worker ends and not when a host that lives on drops the device. When the host asked for
// progress, the watcher also sends it {"progress": DONE, "total": TOTAL} frames (see README.md). The running thread
// sends its own frames (a compiled program's messages) through send(), which never interleaves with the watcher's.
#pragma once

#include "process/unique_fd.hpp"

#include <qrt/execution_progress.hpp>

#include <boost/json/object.hpp>

#include <chrono>
#include <mutex>
#include <thread>

namespace qrt::isolation {

class RunWatch {
 public:
  // `progress` is the run's; `report_every`: how often to send progress (zero: never).
  RunWatch(int channel, ExecutionProgress& progress, std::chrono::milliseconds report_every);
  // Stops the watcher and waits for it: after this, nothing else writes to the channel.
  ~RunWatch();
  RunWatch(const RunWatch&) = delete;
  RunWatch& operator=(const RunWatch&) = delete;

  // Writes one frame to the host; false when the host is gone.
  bool send(const boost::json::object& frame);

 private:
  void watch();

  int channel_;
  ExecutionProgress& progress_;
  std::chrono::milliseconds report_every_;
  process::UniqueFd wake_;  // an eventfd: written by the destructor to end watch()
  std::mutex write_mutex_;  // one frame at a time on the channel
  std::thread thread_;
};

}  // namespace qrt::isolation
