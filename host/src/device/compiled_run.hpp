// A program that runs as its front end's own code (a QIR program's JIT code) rather than as a lowered
// operation list, and so runs where its device is: Backend::run_compiled calls run_here in this process,
// or ships request() and program_bytes() to the isolated device's worker, whose copy of the same front end
// (registered with the worker, isolation/compiled_runners.hpp) rebuilds the program and runs it there with
// the same code, on the worker's device. What that run reports on the way (a shot's output) comes back
// through on_message, in order, while it runs.
//
// The front end implements it; the backends only carry it. One run at a time, on the thread that holds
// the Device.
#pragma once

#include <qrt/execution_progress.hpp>

#include <boost/json/object.hpp>

#include <string>
#include <string_view>

namespace qrt {

class Device;

namespace device {

class CompiledRun {
 public:
  virtual ~CompiledRun() = default;

  // In this process, on `device` (whose backend runs here), on the calling thread.
  virtual void run_here(Device& device) = 0;

  // For a worker: the front end that rebuilds the program (its registered name, e.g. "qir"), the run's
  // settings as that front end reads them, and the program itself (e.g. the module's bytes).
  virtual std::string_view front_end() const = 0;
  virtual boost::json::object request() const = 0;
  virtual std::string_view program_bytes() const = 0;
  // Named in errors: "the QIR program teleport.ll".
  virtual std::string description() const = 0;
  // One message of the worker's run (what its front end sent on the way), in order.
  virtual void on_message(const boost::json::object& message) = 0;
  // The run's progress and stop flag (null: none). A stop ends the worker's run: at its next operation,
  // or, if it does not get there (a classical loop), by ending the worker.
  virtual ExecutionProgress* progress() const = 0;
};

}  // namespace device
}  // namespace qrt
