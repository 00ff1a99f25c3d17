// Watching a running program, and stopping it: the hook between whoever executes a lowered program
// (exec::execute in process, an isolation worker for an isolated device) and whoever wants to show
// progress or end the run early (the CLI's progress bar and Ctrl-C, a worker whose host hung up).
//
// Cheap by design: the executing thread stores the number of operations applied so far (a relaxed
// store per operation, no clock, no call) and reads the stop flag at each operation boundary; a reader
// samples done() from another thread whenever it likes. A stopped run throws StoppedError: there is no
// partial result to mistake for a complete one. One per run: a stop request is never taken back.
//
// Front-end neutral: it counts operations, not gates of any one language. A compiled (QIR) program has no
// total known up front (loops, branches): its driver sets total 0, reports shots done / shots total, and the
// runtime C API counts each gate and measurement as it is called (count_operation) and checks the stop flag
// there.
#pragma once

#include <qrt/error.hpp>

#include <atomic>
#include <cstdint>
#include <string>

namespace qrt {

class ExecutionProgress {
 public:
  // --- the executing side ---
  // Announces the number of operations the run will apply (for a shot-by-shot run: operations x shots).
  void begin(std::uint64_t total) noexcept {
    total_.store(total, std::memory_order_relaxed);
    done_.store(0, std::memory_order_relaxed);
    started_.store(true, std::memory_order_release);
  }
  void set_done(std::uint64_t done) noexcept { done_.store(done, std::memory_order_relaxed); }
  // One more operation. Only the executing thread writes, so a plain load and store (no locked
  // read-modify-write) is enough: this runs once per gate of a compiled program.
  void count_operation() noexcept { done_.store(done_.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed); }
  // Runs of a program (shots) done and announced; total 0: the run is not shot by shot.
  void set_shots(std::uint64_t done, std::uint64_t total) noexcept {
    shots_done_.store(done, std::memory_order_relaxed);
    shots_total_.store(total, std::memory_order_relaxed);
  }

  // --- any thread (request_stop also from a signal handler: it is one lock-free store) ---
  void request_stop() noexcept { stop_.store(true, std::memory_order_relaxed); }
  bool stop_requested() const noexcept { return stop_.load(std::memory_order_relaxed); }
  bool started() const noexcept { return started_.load(std::memory_order_acquire); }
  std::uint64_t total() const noexcept { return total_.load(std::memory_order_relaxed); }
  std::uint64_t done() const noexcept { return done_.load(std::memory_order_relaxed); }
  std::uint64_t shots_done() const noexcept { return shots_done_.load(std::memory_order_relaxed); }
  std::uint64_t shots_total() const noexcept { return shots_total_.load(std::memory_order_relaxed); }

 private:
  static_assert(std::atomic<bool>::is_always_lock_free && std::atomic<std::uint64_t>::is_always_lock_free);
  std::atomic<std::uint64_t> total_{0}, done_{0}, shots_done_{0}, shots_total_{0};
  std::atomic<bool> started_{false}, stop_{false};
};

// A run that ended because a stop was requested (ExecutionProgress::request_stop): no result exists.
class StoppedError : public Error {
 public:
  StoppedError(std::uint64_t done, std::uint64_t total)
      : Error(ErrorCode::State, "stopped after " + std::to_string(done) + " of " + std::to_string(total) +
                                    " operations (a stop was requested); there is no result"),
        done_(done),
        total_(total) {}
  // For a run whose total is not known up front: `what` says where it stopped.
  StoppedError(const std::string& what, std::uint64_t done) : Error(ErrorCode::State, what), done_(done), total_(0) {}
  std::uint64_t done() const noexcept { return done_; }
  std::uint64_t total() const noexcept { return total_; }

 private:
  std::uint64_t done_, total_;
};

}  // namespace qrt
