#include "process/frame.hpp"

#include <poll.h>
#include <sys/socket.h>
#include <sys/uio.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

namespace qrt::process {
namespace {

using Clock = std::chrono::steady_clock;

// Waits until `fd` is ready for `events`; Ok, TimedOut or Failed.
IoResult wait_ready(int fd, short events, Deadline deadline) {
  for (;;) {
    int timeout_ms = -1;
    if (deadline) {
      auto left = std::chrono::duration_cast<std::chrono::milliseconds>(*deadline - Clock::now()).count();
      if (left <= 0) return {IoStatus::TimedOut, {}};
      timeout_ms = static_cast<int>(std::min<long long>(left + 1, 1 << 30));
    }
    pollfd p{fd, events, 0};
    int n = ::poll(&p, 1, timeout_ms);
    if (n > 0) return {};  // readable, writable, or hung up: the next call tells which
    if (n == 0) continue;  // re-check the deadline
    if (errno != EINTR) return {IoStatus::Failed, std::string("poll: ") + std::strerror(errno)};
  }
}

// Sends the header and the payload with one sendmsg where the socket takes them: a small frame then
// reaches the socket whole, never split by a frame another thread sends meanwhile (the worker's progress
// reports; the sandbox's report, sandbox.cpp).
IoResult write_all(int fd, const char* header, std::size_t header_size, const char* data, std::size_t size,
                   Deadline deadline) {
  iovec parts[2] = {{const_cast<char*>(header), header_size}, {const_cast<char*>(data), size}};
  std::size_t first = 0;  // the part being sent
  while (first < 2) {
    if (parts[first].iov_len == 0) {
      ++first;
      continue;
    }
    msghdr message{};
    message.msg_iov = parts + first;
    message.msg_iovlen = 2 - first;
    ssize_t n = ::sendmsg(fd, &message, MSG_NOSIGNAL | MSG_DONTWAIT);
    if (n > 0) {
      for (auto left = static_cast<std::size_t>(n); left > 0 && first < 2;) {
        const std::size_t taken = std::min(left, parts[first].iov_len);
        parts[first].iov_base = static_cast<char*>(parts[first].iov_base) + taken;
        parts[first].iov_len -= taken;
        left -= taken;
        if (parts[first].iov_len == 0) ++first;
      }
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
      IoResult ready = wait_ready(fd, POLLOUT, deadline);
      if (ready.status != IoStatus::Ok) return ready;
      continue;
    }
    if (n < 0 && (errno == EPIPE || errno == ECONNRESET)) return {IoStatus::Closed, {}};
    return {IoStatus::Failed, std::string("sendmsg: ") + std::strerror(errno)};
  }
  return {};
}

IoResult read_all(int fd, char* data, std::size_t size, Deadline deadline) {
  while (size > 0) {
    ssize_t n = ::recv(fd, data, size, MSG_DONTWAIT);
    if (n > 0) {
      data += n;
      size -= static_cast<std::size_t>(n);
      continue;
    }
    if (n == 0) return {IoStatus::Closed, {}};
    if (errno == EINTR) continue;
    if (errno == EAGAIN || errno == EWOULDBLOCK) {
      IoResult ready = wait_ready(fd, POLLIN, deadline);
      if (ready.status != IoStatus::Ok) return ready;
      continue;
    }
    if (errno == ECONNRESET) return {IoStatus::Closed, {}};
    return {IoStatus::Failed, std::string("recv: ") + std::strerror(errno)};
  }
  return {};
}

}  // namespace

IoResult write_frame(int fd, std::string_view payload, Deadline deadline) {
  if (payload.size() > kMaxFrameBytes)
    return {IoStatus::Failed, "a message of " + std::to_string(payload.size()) +
                                  " bytes exceeds the protocol's limit of " + std::to_string(kMaxFrameBytes) +
                                  " bytes"};
  const auto n = static_cast<std::uint32_t>(payload.size());
  const char header[4] = {static_cast<char>(n & 0xff), static_cast<char>((n >> 8) & 0xff),
                          static_cast<char>((n >> 16) & 0xff), static_cast<char>((n >> 24) & 0xff)};
  return write_all(fd, header, sizeof header, payload.data(), payload.size(), deadline);
}

IoResult read_frame(int fd, std::string& payload, Deadline deadline) {
  unsigned char header[4];
  IoResult r = read_all(fd, reinterpret_cast<char*>(header), sizeof header, deadline);
  if (r.status != IoStatus::Ok) return r;
  const std::uint32_t n = std::uint32_t{header[0]} | (std::uint32_t{header[1]} << 8) |
                          (std::uint32_t{header[2]} << 16) | (std::uint32_t{header[3]} << 24);
  if (n > kMaxFrameBytes)
    return {IoStatus::Failed, "a frame announces " + std::to_string(n) + " bytes, over the protocol's limit of " +
                                  std::to_string(kMaxFrameBytes)};
  payload.resize(n);
  return read_all(fd, payload.data(), n, deadline);
}

}  // namespace qrt::process
