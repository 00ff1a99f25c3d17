// qrt::Executor — many programs at once on pooled devices.
//
//   qrt::Runtime runtime;
//   qrt::Executor executor(runtime);                       // one worker per core
//   qrt::LoadedProgram program = qrt::load_program("bell.qasm");
//   std::future<qrt::RunResult> a = executor.submit("statevector.qubit", program, {.shots = 100, .seed = 1});
//   std::future<double> b = executor.submit("null.qubit", [](qrt::Device& d) { ...; return 0.0; });
//
// Model (Catalyst's): submit() queues a program and returns a std::future. Each of W worker threads
// takes the next program in submission order, borrows an Active device for it from the Runtime's pool,
// runs it, gives the device back to the pool and then fulfils the future, so a ready future means its
// device is already reusable. An instance is never used by two programs at once.
//
// Errors. A program's exception (or a failure to create its device) is stored in its own future; the
// other programs carry on. A config that cannot be resolved is rejected by submit() itself.
//
// Cancellation. cancel() sets a stop flag: every program not yet started fails at once with
// qrt::CancelledError, programs already running finish normally; later submissions fail likewise.
//
// Thread budget. A device may run threads of its own (statevector.qubit's OpenMP `threads` kwarg).
// With W workers sharing C cores, W programs at once must not ask for more than C threads in all, so a
// device whose kwargs schema declares an integer `threads` kwarg is opened with
// threads = max(1, C / W) (clamped to the schema's range) unless the config sets `threads` itself.
// ExecutorOptions::limit_device_threads = false turns this off.
//
// Determinism. The executor never touches a program's seed. To make seeded results independent of the
// number of workers and of which pooled instance runs what, give program i the seed
// derive_seed(base, i): it depends on the base seed and the program's index only.
#pragma once

#include <qrt/circuit_runner.hpp>
#include <qrt/device.hpp>
#include <qrt/device_spec.hpp>
#include <qrt/error.hpp>
#include <qrt/loaded_program.hpp>
#include <qrt/program/program.hpp>
#include <qrt/run.hpp>
#include <qrt/runtime.hpp>

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <future>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>

namespace qrt {

// The error of a program that was cancelled before it started (ErrorCode::State).
class CancelledError : public Error {
 public:
  explicit CancelledError(const std::string& message) : Error(ErrorCode::State, message) {}
};

struct ExecutorOptions {
  std::size_t workers = 0;  // worker threads; 0: one per core
  std::size_t cores = 0;    // cores the workers share (for the thread budget); 0: all of this machine's
  bool limit_device_threads = true;
};

struct ExecutorStats {
  std::uint64_t submitted = 0;
  std::uint64_t succeeded = 0;
  std::uint64_t failed = 0;  // the program (or its device's creation) threw
  std::uint64_t cancelled = 0;
  std::size_t queued = 0, running = 0;
};

// A seed for program `index` of a run whose base seed is `base` (SplitMix64 of both): distinct indices
// give unrelated seeds, and nothing but (base, index) affects it.
std::uint64_t derive_seed(std::uint64_t base, std::uint64_t index) noexcept;

class Executor {
 public:
  // `runtime` must outlive the executor.
  explicit Executor(Runtime& runtime, ExecutorOptions options = {});
  // Runs what is still queued (nothing, after cancel()) and joins the workers.
  ~Executor();
  Executor(const Executor&) = delete;
  Executor& operator=(const Executor&) = delete;

  // Runs `program(device)` on a device of `device` (a DeviceSpec, or a config string, parsed once per distinct
  // text); the future holds its result or exception. Throws qrt::Error at once when the config cannot be
  // resolved.
  template <class Program>
  requires std::invocable < std::decay_t<Program>
  &, Device& > auto submit(const DeviceSpec& device, Program&& program)
                   -> std::future<std::invoke_result_t<std::decay_t<Program>&, Device&>>;
  template <class Program>
  requires std::invocable < std::decay_t<Program>
  &, Device& > auto submit(std::string_view device_config, Program&& program)
                   -> std::future<std::invoke_result_t<std::decay_t<Program>&, Device&>>;

  // Runs a program with qrt::run (<qrt/run.hpp>); one LoadedProgram may be shared by many submissions (a
  // circuit is lowered once per device kind, whatever the number of runs).
  std::future<RunResult> submit(const DeviceSpec& device, LoadedProgram program, RunRequest request = {});
  std::future<RunResult> submit(std::string_view device_config, LoadedProgram program, RunRequest request = {});

  void cancel() noexcept;
  bool cancelled() const noexcept;
  // Blocks until nothing is queued or running.
  void wait_idle();

  std::size_t workers() const noexcept;
  // The `threads` value given to devices that have the kwarg (0 when the budget is off).
  std::size_t device_threads() const noexcept;
  ExecutorStats stats() const;

 private:
  // A queued program, type-erased. run() never throws: it keeps the outcome until publish(), which the
  // worker calls after the device is back in the pool.
  class Task {
   public:
    virtual ~Task() = default;
    virtual void run(Device& device) noexcept = 0;
    virtual bool failed() const noexcept = 0;
    virtual void publish() noexcept = 0;
    virtual void fail(std::exception_ptr error) noexcept = 0;
  };
  template <class Program, class Result>
  class CallableTask;
  // The queued task of `program` and the future of its result.
  template <class Program>
  requires std::invocable < std::decay_t<Program>
  &, Device& > static auto task_for(Program&& program);

  void enqueue(std::string_view device_config, std::unique_ptr<Task> task);
  void enqueue(const DeviceSpec& device, std::unique_ptr<Task> task);
  void enqueue(ResolvedDevice device, std::unique_ptr<Task> task);

  struct Impl;
  std::unique_ptr<Impl> impl_;
};

template <class Program, class Result>
class Executor::CallableTask final : public Task {
 public:
  explicit CallableTask(Program program) : program_(std::move(program)) {}
  std::future<Result> future() { return promise_.get_future(); }

  void run(Device& device) noexcept override {
    try {
      if constexpr (std::is_void_v<Result>) {
        program_(device);
      } else {
        result_.emplace(program_(device));
      }
    } catch (...) {
      error_ = std::current_exception();
    }
  }
  bool failed() const noexcept override { return error_ != nullptr; }
  void publish() noexcept override {
    try {
      if (error_) promise_.set_exception(error_);
      else if constexpr (std::is_void_v<Result>) promise_.set_value();
      else promise_.set_value(std::move(*result_));
    } catch (...) {  // set_value may throw only when the promise was already satisfied: not possible here
    }
  }
  void fail(std::exception_ptr error) noexcept override {
    try {
      promise_.set_exception(std::move(error));
    } catch (...) {
    }
  }

 private:
  Program program_;
  std::promise<Result> promise_;
  std::optional<std::conditional_t<std::is_void_v<Result>, bool, Result>> result_;  // unused for void
  std::exception_ptr error_;
};

template <class Program>
requires std::invocable < std::decay_t<Program>
&, Device& > auto Executor::task_for(Program&& program) {
  using Callable = std::decay_t<Program>;
  using Result = std::invoke_result_t<Callable&, Device&>;
  static_assert(!std::is_reference_v<Result>, "a program must return a value, not a reference");
  auto task = std::make_unique<CallableTask<Callable, Result>>(std::forward<Program>(program));
  auto future = task->future();
  return std::pair<std::unique_ptr<Task>, std::future<Result>>(std::move(task), std::move(future));
}

template <class Program>
requires std::invocable < std::decay_t<Program>
&, Device& > auto Executor::submit(const DeviceSpec& device, Program&& program)
                 -> std::future<std::invoke_result_t<std::decay_t<Program>&, Device&>> {
  auto [task, future] = task_for(std::forward<Program>(program));
  enqueue(device, std::move(task));
  return std::move(future);
}

template <class Program>
requires std::invocable < std::decay_t<Program>
&, Device& > auto Executor::submit(std::string_view device_config, Program&& program)
                 -> std::future<std::invoke_result_t<std::decay_t<Program>&, Device&>> {
  auto [task, future] = task_for(std::forward<Program>(program));
  enqueue(device_config, std::move(task));
  return std::move(future);
}

}  // namespace qrt
