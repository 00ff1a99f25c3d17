// The host's side of one isolated device: a worker process (qrt-worker --serve) that loaded the plugin and
// created one instance of the device, and the channel to it. The pool owns one Worker per isolated
// instance (PooledInstance::worker); run_program sends it whole programs.
//
// When the worker dies (a signal, exit() in the plugin), overruns isolate_timeout or breaks the protocol,
// the call throws qrt::Error(Internal) naming the device, the library, the worker's pid and the cause;
// the process is killed if need be and reaped at once, and the Worker is dead: its reset() fails, so the
// pool destroys the instance and the next acquire of the config starts a fresh worker.
#pragma once

#include "exec/program_execution.hpp"
#include "isolation/child_process.hpp"
#include "isolation/frame.hpp"
#include "isolation/remote_device.hpp"
#include "isolation/settings.hpp"

#include <boost/json/array.hpp>
#include <boost/json/object.hpp>
#include <boost/json/value.hpp>

#include <sys/types.h>

#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>

namespace qrt::isolation {

struct WorkerIdentity {
  std::filesystem::path library;
  std::string device;
  std::string kwargs;  // canonical JSON, as the plugin's create() takes it
  Settings settings;
};

class Worker {
 public:
  // Starts a worker and creates the device in it. Throws qrt::Error naming the device, the library and
  // the cause (the plugin's own error for a failed create, or how the worker died).
  static std::unique_ptr<Worker> start(WorkerIdentity identity);
  // Closes the channel (the worker exits on end of file), then reaps it; kills it after a grace period.
  ~Worker();
  Worker(const Worker&) = delete;
  Worker& operator=(const Worker&) = delete;

  // Runs the whole program in the worker (exec::execute there). Throws exec::OperationFailure for a
  // device error at an operation, qrt::Error for the rest (see above for a dying worker).
  // options.progress, if set, follows the worker's progress reports, and a stop it requests ends the
  // worker (StoppedError; see call()).
  exec::ExecutionResult run(const program::LoweredProgram& program, const RunOptions& options);
  // Resets the device in the worker; false when it failed or the worker is gone (then it must not be
  // reused). `bytes`: the device's memory after the reset, 0 when it cannot tell.
  bool reset(std::uint64_t& bytes) noexcept;

  // The per-operation calls (Device's methods on an isolated instance), queued until one needs an answer.
  RemoteDevice& remote() noexcept { return remote_; }
  // Applies a batch of per-operation calls (op_format.hpp) to the device in the worker; returns the last
  // call's result. Throws the failing call's error, or Error(Internal) for a dying worker (see above).
  boost::json::value apply_batch(boost::json::array batch);
  void set_cached_shots(std::uint64_t shots) noexcept { shots_ = shots; }

  std::uint64_t shots() const noexcept { return shots_; }
  std::uint64_t memory_bytes() const noexcept { return bytes_; }
  pid_t pid() const noexcept { return child_.pid; }
  bool alive() const noexcept { return child_.pid > 0; }
  // For an idle worker (no request in flight): false when its end of the channel was closed or it sent
  // something unasked, i.e. it died (or broke the protocol) while pooled. Does not block.
  bool idle_and_listening() const noexcept;
  const WorkerIdentity& identity() const noexcept { return identity_; }

 private:
  Worker(WorkerIdentity identity, Child child);
  // Sends `request` and returns the reply. With `progress`: progress reports on the way update it, and a
  // stop it requests hangs up on the worker (which stops at its next operation boundary) and throws
  // StoppedError; the Worker is then dead, like one that failed.
  boost::json::object call(const boost::json::object& request, const char* doing, ExecutionProgress* progress = nullptr);
  IoResult wait_for_message(const ExecutionProgress& progress, Deadline deadline);
  [[noreturn]] void die(const std::string& cause, const char* doing);
  std::string who(pid_t pid) const;

  WorkerIdentity identity_;
  Child child_;
  std::uint64_t shots_ = 0, bytes_ = 0;
  RemoteDevice remote_{*this};
};

}  // namespace qrt::isolation
