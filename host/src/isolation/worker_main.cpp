// The worker process: serves one device over the socket at fd 3, or scans one plugin file.
// Everything that touches plugin code in an isolated setup happens here, so a crash ends only this process.
#include <qrt/isolation.hpp>

#include "device/instance.hpp"
#include "exec/in_process_backend.hpp"
#include "exec/program_execution.hpp"
#include "isolation/compiled_runners.hpp"
#include "isolation/op_format.hpp"
#include "isolation/run_watch.hpp"
#include "isolation/sandbox.hpp"
#include "isolation/wire_format.hpp"
#include "loader/plugin_description.hpp"
#include "loader/plugin_exit_guard.hpp"
#include "loader/plugin_library.hpp"
#include "process/child_process.hpp"
#include "process/frame.hpp"
#include "process/scan_format.hpp"

#include <qrt/error.hpp>

#include <boost/json.hpp>

#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <new>
#include <string_view>
#include <sys/resource.h>
#include <unistd.h>

namespace qrt::isolation {
namespace json = boost::json;
using process::IoResult;
using process::IoStatus;
using process::kWorkerChannelFd;
namespace {

constexpr std::chrono::milliseconds kProgressEvery{100};  // progress reports to a host that asked for them

// The one device this worker serves.
class Served {
 public:
  explicit Served(std::optional<std::uint64_t> memory_limit) : memory_limit_(memory_limit) {}

  json::object handle(const json::object& request) {
    const std::string_view op = request.at("op").as_string();
    if (op == "create") return create(request);
    if (!device_) throw Error(ErrorCode::State, "isolation protocol: '" + std::string(op) + "' before 'create'");
    if (op == "run") {
      const program::LoweredProgram program = decode_program(request.at("program").as_object());
      RunOptions options = decode_options(request.at("options").as_object());
      ExecutionProgress progress;
      options.progress = &progress;
      const bool report = request.contains("progress") && request.at("progress").as_bool();
      exec::ExecutionResult result;
      {
        RunWatch watch(kWorkerChannelFd, progress, report ? kProgressEvery : std::chrono::milliseconds{0});
        result = exec::execute(program, device_, options);
      }
      return {{"ok", true}, {"result", encode_result(result)}};
    }
    if (op == "run_compiled") return run_compiled(request);
    if (op == "ops") {
      const json::value* batch = request.if_contains("batch");
      if (!batch || !batch->is_array())
        throw Error(ErrorCode::InvalidArgument, "isolation protocol: 'ops' without a 'batch' array");
      return {{"ok", true}, {"value", apply_batch(device_, batch->get_array())}};
    }
    if (op == "reset") {
      device_.reset();  // a device that cannot reset fails the request: the host then drops this worker
      return status();
    }
    throw Error(ErrorCode::InvalidArgument, "isolation protocol: unknown op '" + std::string(op) + "'");
  }

  // For out-of-memory errors: where, and under which limit.
  std::string memory_note() const {
    std::string where =
        library_.empty() ? std::string("the isolated worker") : "the isolated worker of " + library_.string();
    return " (in " + where +
           (memory_limit_ ? ", whose memory limit, isolate_memory, is " + std::to_string(*memory_limit_) + " bytes)"
                          : ")");
  }

 private:
  json::object create(const json::object& request) {
    if (device_) throw Error(ErrorCode::State, "isolation protocol: the device was already created");
    const std::filesystem::path library(std::string(request.at("library").as_string()));
    library_ = library;
    const std::string_view name = request.at("device").as_string();
    LoadedPlugin plugin = LoadedPlugin::load(library);
    std::shared_ptr<const DeviceType> type;
    for (const auto& d : plugin.devices)
      if (d->name() == name) type = d;
    if (!type) throw Error(ErrorCode::NotFound, library.string() + " offers no device '" + std::string(name) + "'");
    // Loaded (its static constructors and descriptor ran): from here on, device code runs sandboxed,
    // creating the instance included, and so does a compiled program that runs here later (the filter
    // leaves what loading its front end and compiling it need: reading files, mapping executable memory).
    // The subject is the host's way of naming this worker.
    enter_sandbox(kWorkerChannelFd, std::string(name) + " (library " + library.string() + ", isolated worker process " +
                                        std::to_string(::getpid()) + ")");
    device_ =
        device::lease_unpooled(type, std::string(request.at("kwargs").as_string()), &exec::create_in_process_backend);
    return status();
  }

  // A compiled program (device/compiled_run.hpp): its bytes follow the request as a frame of their own;
  // the front end named in the request rebuilds and runs it on this device, sending messages on the way.
  // The device is reset afterwards, as a fresh one.
  json::object run_compiled(const json::object& request) {
    std::string bytes;
    if (IoResult io = process::read_frame(kWorkerChannelFd, bytes, std::nullopt); io.status != IoStatus::Ok)
      throw Error(ErrorCode::InvalidArgument,
                  "isolation protocol: 'run_compiled' without the program's frame (" + io.detail + ")");
    if (bytes.size() != request.at("bytes").to_number<std::size_t>())
      throw Error(ErrorCode::InvalidArgument, "isolation protocol: the program's frame is not the size announced");
    const CompiledFrontEnd& front_end = compiled_front_end(request.at("front_end").as_string());
    ExecutionProgress progress;
    const bool report = request.contains("progress") && request.at("progress").as_bool();
    {
      RunWatch watch(kWorkerChannelFd, progress, report ? kProgressEvery : std::chrono::milliseconds{0});
      const MessageSender send = [&](json::object message) {
        if (!watch.send({{"message", std::move(message)}})) progress.request_stop();  // the host is gone
      };
      front_end.run(request.at("request").as_object(), std::move(bytes), device_, progress, send);
    }
    device_.reset();
    json::object reply = status();
    reply["progress"] = progress.done();  // the final count, which the last report (if any) lags
    return reply;
  }

  json::object status() {
    std::uint64_t shots = 0, bytes = 0;
    try {
      shots = device_.shots();
    } catch (const Error&) {  // a device without shots: analytic
    }
    try {
      bytes = device_.memory_bytes();
    } catch (const Error&) {
    }
    return {{"ok", true}, {"shots", shots}, {"bytes", bytes}};
  }

  std::optional<std::uint64_t> memory_limit_;
  std::filesystem::path library_;
  Device device_;
};

int serve(std::optional<std::uint64_t> memory_limit) {
  if (memory_limit) {
    rlimit limit{*memory_limit, *memory_limit};
    if (::setrlimit(RLIMIT_AS, &limit) != 0) {
      std::cerr << "qrt-worker: setrlimit(RLIMIT_AS): " << std::strerror(errno) << "\n";
      return 1;
    }
  }
  Served served(memory_limit);
  std::string text;
  for (;;) {
    IoResult io = process::read_frame(kWorkerChannelFd, text, std::nullopt);
    if (io.status == IoStatus::Closed) return 0;  // the host is done with this device
    if (io.status != IoStatus::Ok) {
      std::cerr << "qrt-worker: " << io.detail << "\n";
      return 1;
    }
    json::object reply;
    try {
      json::value request = json::parse(text);
      text.clear();
      text.shrink_to_fit();
      reply = served.handle(request.as_object());
    } catch (const Error& e) {
      reply = encode_error(e);
      if (e.code() == ErrorCode::OutOfMemory) reply["message"] = std::string(e.what()) + served.memory_note();
    } catch (const std::bad_alloc&) {
      reply = encode_error(ErrorCode::OutOfMemory, "the worker ran out of memory" + served.memory_note());
    } catch (const std::exception& e) {
      reply = encode_error(ErrorCode::Internal, std::string("isolation worker: ") + e.what());
    }
    std::string out;
    try {
      out = json::serialize(reply);
    } catch (const std::bad_alloc&) {
      out = json::serialize(encode_error(ErrorCode::OutOfMemory,
                                         "the result does not fit in the worker's memory" + served.memory_note()));
    }
    io = process::write_frame(kWorkerChannelFd, out, std::nullopt);
    if (io.status == IoStatus::Closed) return 0;
    if (io.status != IoStatus::Ok) {
      std::cerr << "qrt-worker: " << io.detail << "\n";
      return 1;
    }
  }
}

// One JSON line on stdout (scan_format.hpp): the plugin's description, or why it did not load.
int scan(const char* file) {
  json::object out;
  try {
    out = process::encode_scan(describe(LoadedPlugin::load(file)));
  } catch (const std::exception& e) {
    out = {{"ok", false}, {"message", e.what()}};
  }
  // On a line of its own: a plugin that printed while loading does not garble it (the host reads the last line).
  std::cout << '\n' << json::serialize(out) << std::endl;
  return 0;
}

int usage() {
  std::cerr << "usage: qrt-worker --serve [--memory BYTES]   (started by the qrt host; talks on fd 3)\n"
               "       qrt-worker --scan FILE              (prints FILE's plugin metadata as JSON)\n";
  return 2;
}

}  // namespace

void declare_worker_process() { loader::leave_plugin_exits_to_parent(); }

int worker_main(int argc, char** argv) {
  // The host reports how this worker ended, naming the device: a plugin's exit() here passes unchanged.
  declare_worker_process();
  // Die with the host: a worker nobody will read from must not keep computing (or holding gigabytes).
  if (!process::die_with_host()) return 1;
  std::signal(SIGPIPE, SIG_IGN);  // a vanished host is an error value on write, not a signal
  // Ctrl-C on a terminal reaches the whole process group: the host decides what it means (it stops the
  // run by hanging up, or dies and takes the worker with it), not the worker on its own.
  std::signal(SIGINT, SIG_IGN);
  // A plugin's crash must end the worker with its signal, which the host reports: undo handlers that a
  // sanitizer runtime installed (they would turn SIGSEGV into "exited with status 1").
  for (const int crash : {SIGSEGV, SIGBUS, SIGFPE, SIGILL}) std::signal(crash, SIG_DFL);
  if (argc == 3 && std::string_view(argv[1]) == "--scan") return scan(argv[2]);
  if (argc >= 2 && std::string_view(argv[1]) == "--serve") {
    std::optional<std::uint64_t> memory;
    if (argc == 4 && std::string_view(argv[2]) == "--memory") {
      char* end = nullptr;
      memory = std::strtoull(argv[3], &end, 10);
      if (*end != '\0' || *memory == 0) return usage();
    } else if (argc != 2) {
      return usage();
    }
    return serve(memory);
  }
  return usage();
}

}  // namespace qrt::isolation
