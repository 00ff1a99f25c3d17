// The front ends whose compiled programs an isolation worker runs (device/compiled_run.hpp). libqrt knows
// none: qrt-worker hands worker_main the ones it links (the QIR front end, when it is built), so that the
// worker of a build without LLVM still serves devices and whole programs.
#pragma once

#include <qrt/device.hpp>
#include <qrt/execution_progress.hpp>

#include <boost/json/object.hpp>

#include <functional>
#include <span>
#include <string>
#include <string_view>

namespace qrt::isolation {

// Sends one message to the host (it arrives at CompiledRun::on_message). From the running thread only.
using MessageSender = std::function<void(boost::json::object message)>;

struct CompiledFrontEnd {
  std::string_view name;  // CompiledRun::front_end()
  // Rebuilds the program from `request` and `bytes` (CompiledRun::request() and program_bytes()) and runs
  // it on `device`, on the calling thread, watched by `progress` (a stop request ends it: the host hung
  // up), sending what the host's CompiledRun expects. Throws qrt::Error for what fails the whole run.
  void (*run)(const boost::json::object& request, std::string bytes, Device& device, ExecutionProgress& progress,
              const MessageSender& send);
};

// The worker's main (<qrt/isolation.hpp>) with the front ends it can run compiled programs of.
int worker_main(int argc, char** argv, std::span<const CompiledFrontEnd> front_ends);

}  // namespace qrt::isolation
