#include <qrt/executor.hpp>

#include <qrt/run.hpp>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <thread>
#include <unordered_map>
#include <vector>

namespace qrt {

namespace {

std::size_t this_machine_cores() { return std::max(1u, std::thread::hardware_concurrency()); }

}  // namespace

struct Executor::Impl {
  struct Job {
    std::optional<ResolvedDevice> target;  // set for every queued job
    std::unique_ptr<Task> task;
    std::uint64_t index = 0;  // submission order, for messages
  };

  Impl(Runtime& r, const ExecutorOptions& options)
      : runtime(r),
        workers(options.workers > 0 ? options.workers : this_machine_cores()),
        device_threads(
            options.limit_device_threads
                ? std::max<std::size_t>(1, (options.cores > 0 ? options.cores : this_machine_cores()) / workers)
                : 0) {}

  // The device a submission runs on: its config with the thread budget as the `threads` default (see
  // executor.hpp), resolved through the runtime (whose cache makes a repeated config a hash lookup).
  ResolvedDevice target_for(const DeviceSpec& spec) {
    return runtime.resolve(
        device_threads > 0 ? spec.with_integer_default("threads", static_cast<std::int64_t>(device_threads)) : spec);
  }

  // Config strings repeat (a batch submits one config thousands of times): each text is parsed once.
  ResolvedDevice target_for(std::string_view config) {
    {
      std::lock_guard lock(targets_mutex);
      auto it = targets.find(std::string(config));
      if (it != targets.end()) return it->second;
    }
    ResolvedDevice target = target_for(DeviceSpec::parse(config));
    std::lock_guard lock(targets_mutex);
    if (targets.size() >= kMaxCachedTargets) targets.clear();  // bounded; a miss only costs a resolve
    return targets.try_emplace(std::string(config), std::move(target)).first->second;
  }

  static std::exception_ptr cancellation(std::uint64_t index) noexcept {
    try {
      return std::make_exception_ptr(
          CancelledError("program #" + std::to_string(index) + " was cancelled before it started (Executor::cancel)"));
    } catch (...) {
      return std::current_exception();  // no memory for the message: the future holds bad_alloc
    }
  }

  void work() {
    for (;;) {
      Job job;
      {
        std::unique_lock lock(mutex);
        wake.wait(lock, [&] { return !queue.empty() || stopping; });
        if (queue.empty()) return;  // stopping, and everything queued has been taken
        job = std::move(queue.front());
        queue.pop_front();
        ++running;
      }
      std::exception_ptr open_error = run_on_device(job);
      const bool ok = !open_error && !job.task->failed();
      {  // counted before the future is ready, so that stats() agree with what a waiter sees
        std::lock_guard lock(mutex);
        ++(ok ? stats.succeeded : stats.failed);
      }
      if (open_error) job.task->fail(open_error);
      else job.task->publish();
      {  // and "running" ends after it is ready, so that wait_idle() implies every future is
        std::lock_guard lock(mutex);
        --running;
        if (queue.empty() && running == 0) idle.notify_all();
      }
    }
  }

  // Borrows a device and runs the program on it; the device is back in the pool on return. Returns
  // the error of opening the device, if that failed (the program then did not run).
  std::exception_ptr run_on_device(Job& job) {
    Device device;
    try {
      device = runtime.open(*job.target);
    } catch (...) {
      return std::current_exception();
    }
    job.task->run(device);
    return nullptr;
  }

  static constexpr std::size_t kMaxCachedTargets = 1024;

  Runtime& runtime;
  const std::size_t workers;
  const std::size_t device_threads;

  std::mutex targets_mutex;
  std::unordered_map<std::string, ResolvedDevice> targets;

  mutable std::mutex mutex;
  std::condition_variable wake, idle;
  std::deque<Job> queue;
  std::size_t running = 0;
  std::uint64_t next_index = 0;
  bool stopping = false;
  std::atomic<bool> cancelled{false};
  ExecutorStats stats;
  std::vector<std::thread> threads;
};

Executor::Executor(Runtime& runtime, ExecutorOptions options) : impl_(std::make_unique<Impl>(runtime, options)) {
  impl_->threads.reserve(impl_->workers);
  try {
    for (std::size_t i = 0; i < impl_->workers; ++i)
      impl_->threads.emplace_back([impl = impl_.get()] { impl->work(); });
  } catch (...) {  // could not start every thread: stop the ones that did
    {
      std::lock_guard lock(impl_->mutex);
      impl_->stopping = true;
    }
    impl_->wake.notify_all();
    for (auto& thread : impl_->threads) thread.join();
    throw;
  }
}

Executor::~Executor() {
  {
    std::lock_guard lock(impl_->mutex);
    impl_->stopping = true;
  }
  impl_->wake.notify_all();
  for (auto& thread : impl_->threads) thread.join();
}

void Executor::enqueue(std::string_view device_config, std::unique_ptr<Task> task) {
  enqueue(impl_->target_for(device_config), std::move(task));
}

void Executor::enqueue(const DeviceSpec& device, std::unique_ptr<Task> task) {
  enqueue(impl_->target_for(device), std::move(task));
}

void Executor::enqueue(ResolvedDevice target, std::unique_ptr<Task> task) {
  std::unique_lock lock(impl_->mutex);
  const std::uint64_t index = impl_->next_index++;
  ++impl_->stats.submitted;
  if (impl_->cancelled.load(std::memory_order_relaxed)) {
    ++impl_->stats.cancelled;
    lock.unlock();
    task->fail(Impl::cancellation(index));
    return;
  }
  impl_->queue.push_back({std::move(target), std::move(task), index});
  lock.unlock();
  impl_->wake.notify_one();
}

std::future<RunResult> Executor::submit(const DeviceSpec& device, LoadedProgram program, RunRequest request) {
  return submit(device, [program = std::move(program), request = std::move(request)](Device& d) {
    return run(program, d, request);
  });
}

std::future<RunResult> Executor::submit(std::string_view device_config, LoadedProgram program, RunRequest request) {
  return submit(device_config, [program = std::move(program), request = std::move(request)](Device& d) {
    return run(program, d, request);
  });
}

void Executor::cancel() noexcept {
  std::deque<Impl::Job> dropped;
  {
    std::lock_guard lock(impl_->mutex);
    impl_->cancelled.store(true, std::memory_order_relaxed);
    dropped.swap(impl_->queue);
    impl_->stats.cancelled += dropped.size();
    if (impl_->running == 0) impl_->idle.notify_all();
  }
  // Failed outside the lock: a continuation woken by the future may submit again.
  for (auto& job : dropped) job.task->fail(Impl::cancellation(job.index));
}

bool Executor::cancelled() const noexcept { return impl_->cancelled.load(std::memory_order_relaxed); }

void Executor::wait_idle() {
  std::unique_lock lock(impl_->mutex);
  impl_->idle.wait(lock, [&] { return impl_->queue.empty() && impl_->running == 0; });
}

std::size_t Executor::workers() const noexcept { return impl_->workers; }
std::size_t Executor::device_threads() const noexcept { return impl_->device_threads; }

ExecutorStats Executor::stats() const {
  std::lock_guard lock(impl_->mutex);
  ExecutorStats stats = impl_->stats;
  stats.queued = impl_->queue.size();
  stats.running = impl_->running;
  return stats;
}

}  // namespace qrt
