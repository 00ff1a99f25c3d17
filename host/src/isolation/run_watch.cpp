#include "isolation/run_watch.hpp"

#include "process/frame.hpp"

#include <qrt/error.hpp>

#include <boost/json.hpp>

#include <poll.h>
#include <sys/eventfd.h>

#include <cerrno>
#include <cstdint>
#include <cstring>

namespace qrt::isolation {

RunWatch::RunWatch(int channel, ExecutionProgress& progress, std::chrono::milliseconds report_every)
    : channel_(channel), progress_(progress), report_every_(report_every), wake_(::eventfd(0, EFD_CLOEXEC)) {
  if (!wake_) throw Error(ErrorCode::Internal, std::string("isolation worker: eventfd: ") + std::strerror(errno));
  thread_ = std::thread([this] { watch(); });
}

RunWatch::~RunWatch() {
  const std::uint64_t one = 1;
  // An eventfd write of 1 cannot block or fail short of a counter overflow; the result is ignored safely.
  [[maybe_unused]] ssize_t written = ::write(wake_.get(), &one, sizeof one);
  thread_.join();
}

void RunWatch::watch() {
  // POLLRDHUP without POLLIN: the host's end closing wakes us, the host writing (it never does mid-run) not.
  pollfd fds[2] = {{channel_, POLLRDHUP, 0}, {wake_.get(), POLLIN, 0}};
  const int timeout_ms = report_every_.count() > 0 ? static_cast<int>(report_every_.count()) : -1;
  for (;;) {
    const int n = ::poll(fds, 2, timeout_ms);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 || fds[1].revents != 0) return;  // told to finish (or poll itself failed: nothing to watch with)
    if (fds[0].revents & (POLLRDHUP | POLLHUP | POLLERR)) {
      progress_.request_stop();
      return;
    }
    if (report_every_.count() > 0 && progress_.started()) {
      const boost::json::object frame{{"progress", progress_.done()}, {"total", progress_.total()}};
      if (!send(frame)) {
        progress_.request_stop();
        return;
      }
    }
  }
}

bool RunWatch::send(const boost::json::object& frame) {
  const std::string text = boost::json::serialize(frame);
  std::lock_guard lock(write_mutex_);
  // No deadline: a frame cut short would break the framing. The host reads all through a run, and a host
  // that went away makes the write fail (EPIPE), which stops the run like a hang-up.
  return process::write_frame(channel_, text, std::nullopt).status == process::IoStatus::Ok;
}

}  // namespace qrt::isolation
