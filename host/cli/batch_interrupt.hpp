// Ctrl-C in `qrt batch`: the first one cancels what has not started and asks running programs to stop at their
// next operation (every result so far is written, exit status 130); a second one ends the process at once
// (SA_RESETHAND).
#pragma once

#include <qrt/executor.hpp>

#include <boost/json/object.hpp>

#include <chrono>
#include <csignal>
#include <functional>
#include <future>

namespace qrt::cli {

// Installs the handler for its scope and clears the flag.
class BatchInterrupt {
 public:
  BatchInterrupt();
  ~BatchInterrupt();
  BatchInterrupt(const BatchInterrupt&) = delete;
  BatchInterrupt& operator=(const BatchInterrupt&) = delete;

  static bool requested() noexcept;
  // Cancels the queue and calls `stop_running` once Ctrl-C has been pressed.
  static void cancel_if_requested(Executor& executor, const std::function<void()>& stop_running);
  // Waits for `future`, polling so that Ctrl-C cancels the queue and progress keeps moving. The flag is
  // checked before every wait, not only when one times out: programs quicker than the poll interval would
  // otherwise never see it, and the whole queue would run.
  static void wait_for(std::future<boost::json::object>& future, Executor& executor,
                       const std::function<void()>& stop_running, const std::function<void()>& poll);

 private:
  struct sigaction previous_ {};
};

}  // namespace qrt::cli
