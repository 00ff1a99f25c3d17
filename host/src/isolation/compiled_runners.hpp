// The front ends whose compiled programs an isolation worker runs (device/compiled_run.hpp). libqrt links
// none: the front end NAME is loaded on the first compiled program of its kind, from qrt's own library
// libqrt_NAME.so beside libqrt (loader/own_library.hpp), which exports
//   extern "C" const qrt::isolation::CompiledFrontEnd* qrt_worker_front_end_NAME();
// so a worker that runs none (every plugin scan, most isolated devices) never maps LLVM, and a qrt built
// without a front end refuses its programs with a clear error.
#pragma once

#include <qrt/device.hpp>
#include <qrt/execution_progress.hpp>

#include <boost/json/object.hpp>

#include <functional>
#include <string>
#include <string_view>

namespace qrt::isolation {

// Sends one message to the host (it arrives at CompiledRun::on_message). From the running thread only.
using MessageSender = std::function<void(boost::json::object message)>;

struct CompiledFrontEnd {
  // Rebuilds the program from `request` and `bytes` (CompiledRun::request() and program_bytes()) and runs
  // it on `device`, on the calling thread, watched by `progress` (a stop request ends it: the host hung
  // up), sending what the host's CompiledRun expects. Throws qrt::Error for what fails the whole run.
  void (*run)(const boost::json::object& request, std::string bytes, Device& device, ExecutionProgress& progress,
              const MessageSender& send);
};

// The front end `name` (CompiledRun::front_end(): lower-case letters, digits and '_'), loaded on first use.
// Throws Error(Unsupported) naming it when this qrt has none by that name.
const CompiledFrontEnd& compiled_front_end(std::string_view name);

}  // namespace qrt::isolation
