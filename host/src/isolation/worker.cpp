#include "isolation/worker.hpp"

#include "isolation/frame.hpp"
#include "isolation/wire_format.hpp"

#include <qrt/error.hpp>

#include <boost/json.hpp>

#include <poll.h>
#include <sys/wait.h>

#include <algorithm>
#include <csignal>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <utility>

namespace qrt::isolation {
namespace json = boost::json;
namespace {

using Clock = std::chrono::steady_clock;

constexpr std::chrono::milliseconds kExitGrace{2000};  // for a worker told to exit, and for one that hung up

std::string seconds_text(double s) {
  std::string text = std::to_string(s);
  text.erase(text.find_last_not_of('0') + 1);
  if (text.back() == '.') text.pop_back();
  return text;
}

}  // namespace

Worker::Worker(WorkerIdentity identity, Child child) : identity_(std::move(identity)), child_(std::move(child)) {}

Worker::~Worker() {
  if (!alive()) return;
  child_.channel.reset();  // end of file: the worker destroys its device and exits
  reap(child_.pid, kExitGrace);
}

std::unique_ptr<Worker> Worker::start(WorkerIdentity identity) {
  std::vector<std::string> args{"--serve"};
  if (identity.settings.memory_bytes) {
    args.emplace_back("--memory");
    args.push_back(std::to_string(*identity.settings.memory_bytes));
  }
  Child child = spawn(worker_executable(), args, Channel::Socket);
  std::unique_ptr<Worker> worker(new Worker(std::move(identity), std::move(child)));
  const WorkerIdentity& id = worker->identity_;
  json::object reply = worker->call(
      {{"op", "create"}, {"library", id.library.string()}, {"device", id.device}, {"kwargs", id.kwargs}},
      "creating the device");
  worker->shots_ = reply.at("shots").to_number<std::uint64_t>();
  worker->bytes_ = reply.at("bytes").to_number<std::uint64_t>();
  return worker;
}

std::string Worker::who(pid_t pid) const {
  return identity_.device + " (library " + identity_.library.string() + ", isolated worker process " +
         std::to_string(pid) + ")";
}

void Worker::die(const std::string& cause, const char* doing) {
  child_.channel.reset();
  const pid_t pid = child_.pid;
  child_.pid = -1;
  int status = reap(pid, kExitGrace);
  std::string message = who(pid) + ": ";
  if (cause.empty()) {
    message += "the worker " + describe_wait_status(status) + " while " + doing;
    if (WIFEXITED(status)) message += " (the plugin ended the process, e.g. by calling exit())";
    if (WIFSIGNALED(status) && WTERMSIG(status) == SIGSYS)  // the sandbox's report, when it could not write one
      message += " (the sandbox ended it for a forbidden system call, made with SIGSYS blocked — as system() and "
                 "posix_spawn start a process — so unnamed; see docs/isolation.md)";
    if (WIFSIGNALED(status) && identity_.settings.memory_bytes)
      message += " (its memory limit, isolate_memory, is " + std::to_string(*identity_.settings.memory_bytes) + " bytes)";
  } else {
    message += cause + " while " + doing + "; the worker was killed";
  }
  throw Error(ErrorCode::Internal, message + "; it is replaced on next use");
}

json::object Worker::call(const json::object& request, const char* doing, ExecutionProgress* progress) {
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
        die("it did not finish within " + seconds_text(*identity_.settings.timeout_seconds) + " s (isolate_timeout)", doing);
      case IoStatus::Failed: die("the channel to it failed (" + io.detail + ")", doing);
    }
  };
  check(write_frame(child_.channel.get(), json::serialize(request), deadline));
  for (;;) {
    if (progress) check(wait_for_message(*progress, deadline));
    std::string text;
    check(read_frame(child_.channel.get(), text, deadline));
    json::object reply;
    try {
      json::value v = json::parse(text);
      if (!v.is_object()) throw std::runtime_error("not a JSON object");
      reply = std::move(v.get_object());
    } catch (const std::exception& e) {
      die(std::string("it sent an unreadable reply (") + e.what() + ")", doing);
    }
    if (progress && !reply.contains("ok") && reply.contains("progress")) {  // a report on the way to the reply
      try {
        if (!progress->started()) progress->begin(reply.at("total").to_number<std::uint64_t>());
        progress->set_done(reply.at("progress").to_number<std::uint64_t>());
      } catch (const std::exception& e) {
        die(std::string("it sent an unreadable progress report (") + e.what() + ")", doing);
      }
      continue;
    }
    throw_if_error(reply);
    return reply;
  }
}

IoResult Worker::wait_for_message(const ExecutionProgress& progress, Deadline deadline) {
  constexpr std::chrono::milliseconds kStopCheckEvery{50};
  for (;;) {
    if (progress.stop_requested()) {
      // Hanging up is the stop request: the worker stops at its next operation boundary and exits; one
      // stuck inside a gate is killed after the grace period. Either way this worker is done.
      child_.channel.reset();
      const pid_t pid = std::exchange(child_.pid, -1);
      reap(pid, kExitGrace);
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

exec::ExecutionResult Worker::run(const program::LoweredProgram& program, const RunOptions& options) {
  remote_.flush();  // calls made before the program come first, as in process
  json::object request{{"op", "run"}, {"program", encode_program(program)}, {"options", encode_options(options)}};
  if (options.progress) request["progress"] = true;
  json::object reply = call(request, "running the program", options.progress);
  exec::ExecutionResult result = decode_result(reply.at("result").as_object());
  shots_ = result.shots;
  return result;
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

bool Worker::reset(std::uint64_t& bytes) noexcept {
  remote_.discard();  // undone by the reset anyway
  try {
    json::object reply = call({{"op", "reset"}}, "resetting the device");
    shots_ = reply.at("shots").to_number<std::uint64_t>();
    bytes = bytes_ = reply.at("bytes").to_number<std::uint64_t>();
    return true;
  } catch (...) {
    return false;  // not reusable: the pool destroys it (and with it the process)
  }
}

}  // namespace qrt::isolation
