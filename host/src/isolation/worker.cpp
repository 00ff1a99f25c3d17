#include "isolation/worker.hpp"

#include "isolation/wire_format.hpp"

#include <qrt/error.hpp>

#include <boost/json.hpp>

#include <poll.h>
#include <sys/wait.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <csignal>
#include <cstring>
#include <utility>

namespace qrt::isolation {
namespace json = boost::json;
using process::Deadline;
using process::IoResult;
using process::IoStatus;

namespace {

using Clock = std::chrono::steady_clock;

constexpr std::chrono::milliseconds kExitGrace{2000};  // for a worker told to exit, or that closed its end
// For a worker stopped mid-run by a hang-up: it stops at its next operation (a gate ends within this
// unless it is huge); one stuck in a gate or in a compiled program's classical loop is killed. Under a
// second, so that a stop (Ctrl-C) always ends the run promptly, with the run's own message.
constexpr std::chrono::milliseconds kStopGrace{500};

std::string seconds_text(double s) {
  std::string text = std::to_string(s);
  text.erase(text.find_last_not_of('0') + 1);
  if (text.back() == '.') text.pop_back();
  return text;
}

Worker::DeviceStatus device_status(const json::object& reply) {
  return {reply.at("shots").to_number<std::uint64_t>(), reply.at("bytes").to_number<std::uint64_t>()};
}

}  // namespace

Worker::Worker(WorkerIdentity identity, process::Child child)
    : identity_(std::move(identity)), child_(std::move(child)) {}

Worker::~Worker() {
  if (!alive()) return;
  child_.channel.reset();  // end of file: the worker destroys its device and exits
  process::reap(child_.pid, kExitGrace);
}

std::unique_ptr<Worker> Worker::start(WorkerIdentity identity) {
  std::vector<std::string> args{"--serve"};
  if (identity.settings.memory_bytes) {
    args.emplace_back("--memory");
    args.push_back(std::to_string(*identity.settings.memory_bytes));
  }
  process::Child child = process::spawn(process::worker_executable(), args, process::Channel::Socket);
  std::unique_ptr<Worker> worker(new Worker(std::move(identity), std::move(child)));
  const WorkerIdentity& id = worker->identity_;
  json::object reply =
      worker->call({{"op", "create"}, {"library", id.library.string()}, {"device", id.device}, {"kwargs", id.kwargs}},
                   "creating the device");
  worker->status_ = device_status(reply);
  return worker;
}

std::string Worker::who(pid_t pid) const {
  return identity_.device + " (library " + identity_.library.string() + ", isolated worker process " +
         std::to_string(pid) + ")";
}

void Worker::die(const std::string& cause, const std::string& doing) {
  child_.channel.reset();
  const pid_t pid = std::exchange(child_.pid, -1);
  // A worker that closed its end is ending (its status tells how); one that overran or broke the protocol
  // is killed at once.
  const int status = process::reap(pid, cause.empty() ? kExitGrace : std::chrono::milliseconds{0});
  std::string message = who(pid) + ": ";
  if (cause.empty()) {
    message += "the worker " + process::describe_wait_status(status) + " while " + doing;
    if (WIFEXITED(status)) message += " (the plugin or the program ended the process, e.g. by calling exit())";
    if (WIFSIGNALED(status) && WTERMSIG(status) == SIGSYS)  // the sandbox's report, when it could not write one
      message +=
          " (the sandbox ended it for a forbidden system call, made with SIGSYS blocked — as system() and "
          "posix_spawn start a process — so unnamed; see docs/isolation.md)";
    if (WIFSIGNALED(status) && identity_.settings.memory_bytes)
      message +=
          " (its memory limit, isolate_memory, is " + std::to_string(*identity_.settings.memory_bytes) + " bytes)";
  } else {
    message += cause + " while " + doing + "; the worker was killed";
  }
  throw Error(ErrorCode::Internal, message + "; it is replaced on next use");
}

json::object Worker::call(const json::object& request, const std::string& doing, ExecutionProgress* progress,
                          const MessageHandler* on_message, std::optional<std::string_view> payload) {
  if (!alive()) throw Error(ErrorCode::State, identity_.device + ": the isolated worker has already failed");
  Deadline deadline;
  if (identity_.settings.timeout_seconds)
    deadline = Clock::now() + std::chrono::duration_cast<Clock::duration>(
                                  std::chrono::duration<double>(*identity_.settings.timeout_seconds));
  auto check = [&](const IoResult& io) {
    switch (io.status) {
      case IoStatus::Ok: return;
      case IoStatus::Closed: die({}, doing);
      case IoStatus::TimedOut:
        die("it did not finish within " + seconds_text(*identity_.settings.timeout_seconds) + " s (isolate_timeout)",
            doing);
      case IoStatus::Failed: die("the channel to it failed (" + io.detail + ")", doing);
    }
  };
  check(process::write_frame(child_.channel.get(), json::serialize(request), deadline));
  if (payload) check(process::write_frame(child_.channel.get(), *payload, deadline));
  for (;;) {
    if (progress) check(wait_for_message(*progress, deadline));
    std::string text;
    check(process::read_frame(child_.channel.get(), text, deadline));
    json::object reply;
    try {
      json::value v = json::parse(text);
      if (!v.is_object()) throw std::runtime_error("not a JSON object");
      reply = std::move(v.get_object());
    } catch (const std::exception& e) {
      die(std::string("it sent an unreadable reply (") + e.what() + ")", doing);
    }
    if (on_the_way(reply, progress, on_message, doing)) continue;
    throw_if_error(reply);
    return reply;
  }
}

bool Worker::on_the_way(const json::object& frame, ExecutionProgress* progress, const MessageHandler* on_message,
                        const std::string& doing) {
  if (frame.contains("ok")) return false;
  if (progress && frame.contains("progress")) {  // a report on the way to the reply
    try {
      if (!progress->started()) progress->begin(frame.at("total").to_number<std::uint64_t>());
      progress->set_done(frame.at("progress").to_number<std::uint64_t>());
    } catch (const std::exception& e) {
      die(std::string("it sent an unreadable progress report (") + e.what() + ")", doing);
    }
    return true;
  }
  if (on_message && frame.contains("message")) {
    const json::value& message = frame.at("message");
    if (!message.is_object()) die("it sent a message that is not a JSON object", doing);
    try {
      (*on_message)(message.get_object());
    } catch (...) {  // the caller's own error, as it is; the rest of the run's frames will never be read
      hang_up();
      throw;
    }
    return true;
  }
  return false;  // a reply without "ok": throw_if_error reports it
}

void Worker::hang_up() noexcept {
  // The worker stops at its next operation boundary and exits, or is killed after kStopGrace. Either way
  // this worker is done.
  child_.channel.reset();
  process::reap(std::exchange(child_.pid, -1), kStopGrace);
}

IoResult Worker::wait_for_message(const ExecutionProgress& progress, Deadline deadline) {
  constexpr std::chrono::milliseconds kStopCheckEvery{50};
  for (;;) {
    if (progress.stop_requested()) {
      hang_up();
      throw StoppedError(progress.done(), progress.total());
    }
    auto wait = kStopCheckEvery;
    if (deadline) {
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(*deadline - Clock::now());
      if (left.count() <= 0) return {IoStatus::TimedOut, {}};
      wait = std::min(wait, left + std::chrono::milliseconds(1));
    }
    pollfd channel{child_.channel.get(), POLLIN, 0};
    const int n = ::poll(&channel, 1, static_cast<int>(wait.count()));
    if (n > 0) return {};  // a message, or end of file: read_frame tells which
    if (n < 0 && errno != EINTR) return {IoStatus::Failed, std::string("poll: ") + std::strerror(errno)};
  }
}

device::ExecutionResult Worker::run(const program::LoweredProgram& program, const RunOptions& options) {
  json::object request{{"op", "run"}, {"program", encode_program(program)}, {"options", encode_options(options)}};
  if (options.progress) request["progress"] = true;
  json::object reply = call(request, "running the program", options.progress);
  return decode_result(reply.at("result").as_object());
}

void Worker::run_compiled(device::CompiledRun& run) {
  const std::string_view bytes = run.program_bytes();
  json::object request{
      {"op", "run_compiled"}, {"front_end", run.front_end()}, {"request", run.request()}, {"bytes", bytes.size()}};
  ExecutionProgress* progress = run.progress();
  if (progress) request["progress"] = true;
  const MessageHandler on_message = [&run](const json::object& message) { run.on_message(message); };
  const json::object reply = call(request, "running " + run.description(), progress, &on_message, bytes);
  status_ = device_status(reply);
  if (progress) progress->set_done(reply.at("progress").to_number<std::uint64_t>());  // the last report lags it
}

bool Worker::idle_and_listening() const noexcept {
  if (!alive()) return false;
  pollfd channel{child_.channel.get(), POLLIN, 0};
  // An idle worker never writes: readable means end of file (it exited) or an unasked message.
  return ::poll(&channel, 1, 0) == 0;
}

json::value Worker::apply_batch(json::array batch) {
  json::object reply = call({{"op", "ops"}, {"batch", std::move(batch)}}, "applying operations");
  json::value* value = reply.if_contains("value");
  return value ? std::move(*value) : json::value();
}

Worker::DeviceStatus Worker::reset() {
  status_ = device_status(call({{"op", "reset"}}, "resetting the device"));
  return status_;
}

}  // namespace qrt::isolation
