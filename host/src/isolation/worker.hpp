// The host's side of one isolated device: a worker process (qrt-worker --serve) that loaded the plugin and
// created one instance of the device, and the channel to it (protocol: README.md in this folder). The
// isolated backend (isolated_backend.hpp) owns one Worker and sends it whole programs, compiled programs
// and batches of per-operation calls.
//
// When the worker dies (a signal, exit() in the plugin or in a compiled program), overruns
// isolate_timeout or breaks the protocol, the call throws qrt::Error(Internal) naming the device, the
// library, the worker's pid and the cause; the process is killed if need be and reaped at once, and the
// Worker is dead: later calls throw Error(State), and the pool destroys the instance on release.
#pragma once

#include "device/compiled_run.hpp"
#include "device/execution_result.hpp"
#include "isolation/settings.hpp"
#include "process/child_process.hpp"
#include "process/frame.hpp"

#include <qrt/circuit_runner.hpp>
#include <qrt/execution_progress.hpp>
#include <qrt/program/lowering.hpp>

#include <boost/json/array.hpp>
#include <boost/json/object.hpp>
#include <boost/json/value.hpp>

#include <sys/types.h>

#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

namespace qrt::isolation {

struct WorkerIdentity {
  std::filesystem::path library;
  std::string device;
  std::string kwargs;  // canonical JSON, as the plugin's create() takes it
  Settings settings;
};

class Worker {
 public:
  // The device's shots and memory, as the worker reports them after a create or a reset.
  struct DeviceStatus {
    std::uint64_t shots = 0, bytes = 0;
  };

  // Starts a worker and creates the device in it. Throws qrt::Error naming the device, the library and
  // the cause (the plugin's own error for a failed create, or how the worker died).
  static std::unique_ptr<Worker> start(WorkerIdentity identity);
  // Closes the channel (the worker exits on end of file), then reaps it; kills it after a grace period.
  ~Worker();
  Worker(const Worker&) = delete;
  Worker& operator=(const Worker&) = delete;

  // Runs the whole program in the worker (exec::execute there). Throws device::OperationFailure for a
  // device error at an operation, qrt::Error for the rest. options.progress, if set, follows the
  // worker's progress reports, and a stop it requests ends the worker (StoppedError; see call()).
  device::ExecutionResult run(const program::LoweredProgram& program, const RunOptions& options);
  // Has the worker rebuild `run` with its front end and run it on its device (compiled_run.hpp); the
  // messages it sends on the way go to run.on_message, in order. Progress and stop as for run().
  void run_compiled(device::CompiledRun& run);
  // Resets the device in the worker. Throws the device's error, or Error(Internal) for a dying worker.
  DeviceStatus reset();
  // Applies a batch of per-operation calls (op_format.hpp) to the device in the worker; returns the last
  // call's result. Throws the failing call's error, or Error(Internal) for a dying worker (see above).
  boost::json::value apply_batch(boost::json::array batch);

  // After the create, the last reset or the last compiled run (which resets the device when it ends).
  const DeviceStatus& status() const noexcept { return status_; }
  pid_t pid() const noexcept { return child_.pid; }
  bool alive() const noexcept { return child_.pid > 0; }
  // For an idle worker (no request in flight): false when its end of the channel was closed or it sent
  // something unasked, i.e. it died (or broke the protocol) while pooled. Does not block.
  bool idle_and_listening() const noexcept;
  const WorkerIdentity& identity() const noexcept { return identity_; }

 private:
  using MessageHandler = std::function<void(const boost::json::object&)>;

  Worker(WorkerIdentity identity, process::Child child);
  // Sends `request` (and `payload`, when there is one, as the frame after it) and returns the reply.
  // With `progress`: progress reports on the way update it, and a stop it requests hangs up on the worker
  // (which stops at its next operation boundary) and throws StoppedError; the Worker is then dead, like
  // one that failed. With `on_message`: {"message": {...}} frames on the way go to it.
  boost::json::object call(const boost::json::object& request, const std::string& doing,
                           ExecutionProgress* progress = nullptr, const MessageHandler* on_message = nullptr,
                           std::optional<std::string_view> payload = std::nullopt);
  // A frame on the way to the reply (a progress report or a message); false when `frame` is the reply.
  bool on_the_way(const boost::json::object& frame, ExecutionProgress* progress, const MessageHandler* on_message,
                  const std::string& doing);
  // Ends the run in flight by closing the channel, and reaps the worker: it is dead afterwards.
  void hang_up() noexcept;
  process::IoResult wait_for_message(const ExecutionProgress& progress, process::Deadline deadline);
  [[noreturn]] void die(const std::string& cause, const std::string& doing);
  std::string who(pid_t pid) const;

  WorkerIdentity identity_;
  process::Child child_;
  DeviceStatus status_;
};

}  // namespace qrt::isolation
