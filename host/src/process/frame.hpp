// The framing of the host <-> worker protocol (see README.md in this folder): each message is a 4-byte
// little-endian unsigned length N followed by N bytes of JSON text, N <= kMaxFrameBytes. Both ends use
// these functions on their end of a SOCK_STREAM socketpair; writes use MSG_NOSIGNAL, so a peer that has
// died is an error value (EPIPE), never a SIGPIPE.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace qrt::process {

inline constexpr std::uint32_t kMaxFrameBytes = std::uint32_t{1} << 30;  // 1 GiB: a 25-qubit state fits

using Deadline = std::optional<std::chrono::steady_clock::time_point>;  // nullopt: wait forever

enum class IoStatus { Ok, Closed, TimedOut, Failed };

struct IoResult {
  IoStatus status = IoStatus::Ok;
  std::string detail;  // for Failed: what went wrong (errno text, a bad length)
};

IoResult write_frame(int fd, std::string_view payload, Deadline deadline);
// Closed: the peer closed the connection before a whole frame arrived.
IoResult read_frame(int fd, std::string& payload, Deadline deadline);

}  // namespace qrt::process
