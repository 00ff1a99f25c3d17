// The worker process as check() sees it: started with posix_spawn (safe in a threaded caller), its file
// descriptor 3 the write end of a pipe that check() reads line by line under a deadline, its stdout sent
// to check()'s stderr (a plugin's prints never mix with a report on stdout), every other descriptor of
// the caller closed; killed with SIGKILL when the caller gives up on it, and always reaped.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace qrt::conformance {

// qrt-check-worker beside libqrt_conformance: `qrt/qrt-check-worker` in its folder (build/lib/qrt in a build
// tree, <libdir>/qrt installed). Throws Error(NotFound) when it is missing.
std::filesystem::path worker_program();

class WorkerProcess {
 public:
  using Clock = std::chrono::steady_clock;

  // Throws Error(Internal) naming the program when it cannot be started.
  WorkerProcess(const std::filesystem::path& program, const std::vector<std::string>& args);
  ~WorkerProcess();  // kills and reaps a worker still running
  WorkerProcess(const WorkerProcess&) = delete;
  WorkerProcess& operator=(const WorkerProcess&) = delete;

  enum class Read { Line, End, Timeout };
  // The next complete line (without its newline); End once the worker has closed its end or ended;
  // Timeout when `deadline` passed first (nullopt: no deadline).
  Read next_line(std::string& line, std::optional<Clock::time_point> deadline);

  // Waits up to `grace` for the worker to end, then kills it (SIGKILL): its wait status.
  int finish(std::chrono::milliseconds grace);

 private:
  pid_t pid_ = -1;
  int fd_ = -1;
  std::string buffer_;
  std::optional<int> status_;  // set once reaped
};

// "exited with status 3", "was killed by signal 11 (SIGSEGV: Segmentation fault)".
std::string describe_wait_status(int status);

}  // namespace qrt::conformance
