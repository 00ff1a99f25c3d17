#include "conformance/worker_process.hpp"

#include <qrt/conformance.hpp>
#include <qrt/error.hpp>

#include <dlfcn.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <thread>

extern char** environ;

namespace qrt::conformance {
namespace {

constexpr int kReportFd = 3;
// How often a worker that has not written is asked whether it still runs (one that ended while a
// process it started keeps the pipe open would otherwise look alive until the deadline).
constexpr std::chrono::milliseconds kLivenessPoll{200};

[[noreturn]] void fail_errno(const std::string& what, int error) {
  throw Error(ErrorCode::Internal, "conformance: " + what + ": " + std::strerror(error));
}

struct FileActions {
  posix_spawn_file_actions_t actions{};
  FileActions() { posix_spawn_file_actions_init(&actions); }
  ~FileActions() { posix_spawn_file_actions_destroy(&actions); }
  FileActions(const FileActions&) = delete;
  FileActions& operator=(const FileActions&) = delete;
};

}  // namespace

std::filesystem::path worker_program() {
  Dl_info info{};
  if (::dladdr(reinterpret_cast<const void*>(&worker_program), &info) == 0 || !info.dli_fname)
    throw Error(ErrorCode::NotFound, "conformance: cannot locate libqrt_conformance to find qrt-check-worker");
  std::error_code ec;
  const auto library = std::filesystem::canonical(info.dli_fname, ec);
  auto program = (ec ? std::filesystem::path(info.dli_fname) : library).parent_path() / "qrt" / "qrt-check-worker";
  if (::access(program.c_str(), X_OK) != 0)
    throw Error(ErrorCode::NotFound, "conformance: the check worker " + program.string() +
                                         " is missing or not executable (build the qrt_check_worker target, or "
                                         "check in process: Isolation::InProcess, `qrt check-plugin --in-process`)");
  return program;
}

WorkerProcess::WorkerProcess(const std::filesystem::path& program, const std::vector<std::string>& args) {
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC) != 0) fail_errno("pipe2", errno);
  fd_ = fds[0];
  // Above the report descriptor, so that dup2 onto it always clears close-on-exec.
  int write_end = ::fcntl(fds[1], F_DUPFD_CLOEXEC, kReportFd + 1);
  const int dup_error = errno;
  ::close(fds[1]);
  if (write_end < 0) {
    ::close(fd_);
    fail_errno("fcntl(F_DUPFD_CLOEXEC)", dup_error);
  }
  FileActions fa;
  posix_spawn_file_actions_adddup2(&fa.actions, write_end, kReportFd);
  posix_spawn_file_actions_adddup2(&fa.actions, STDERR_FILENO, STDOUT_FILENO);
  posix_spawn_file_actions_addclosefrom_np(&fa.actions, kReportFd + 1);

  std::vector<std::string> argv_text{program.string()};
  argv_text.insert(argv_text.end(), args.begin(), args.end());
  std::vector<char*> argv;
  argv.reserve(argv_text.size() + 1);
  for (auto& a : argv_text) argv.push_back(a.data());
  argv.push_back(nullptr);
  const int error = ::posix_spawn(&pid_, program.c_str(), &fa.actions, nullptr, argv.data(), environ);
  ::close(write_end);
  if (error != 0) {
    ::close(fd_);
    fail_errno("cannot start " + program.string(), error);
  }
}

WorkerProcess::~WorkerProcess() {
  finish(std::chrono::milliseconds(0));
  ::close(fd_);
}

WorkerProcess::Read WorkerProcess::next_line(std::string& line, std::optional<Clock::time_point> deadline) {
  for (;;) {
    if (const auto newline = buffer_.find('\n'); newline != std::string::npos) {
      line.assign(buffer_, 0, newline);
      buffer_.erase(0, newline + 1);
      return Read::Line;
    }
    auto wait = kLivenessPoll;
    if (deadline) {
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(*deadline - Clock::now());
      if (left.count() <= 0) return Read::Timeout;
      wait = std::min(wait, left + std::chrono::milliseconds(1));
    }
    pollfd p{fd_, POLLIN, 0};
    const int n = ::poll(&p, 1, static_cast<int>(wait.count()));
    if (n < 0 && errno != EINTR) return Read::End;
    if (n <= 0) {
      int status = 0;
      if (!status_ && ::waitpid(pid_, &status, WNOHANG) == pid_) status_ = status;
      if (status_) {  // ended; what it wrote before is still in the pipe
        pollfd again{fd_, POLLIN, 0};
        if (::poll(&again, 1, 0) <= 0) return Read::End;
      }
      continue;
    }
    char chunk[4096];
    const ssize_t got = ::read(fd_, chunk, sizeof chunk);
    if (got > 0) buffer_.append(chunk, static_cast<std::size_t>(got));
    else if (got == 0 || errno != EINTR) return Read::End;  // an unfinished last line is dropped
  }
}

int WorkerProcess::finish(std::chrono::milliseconds grace) {
  if (status_) return *status_;
  int status = 0;
  for (const auto until = Clock::now() + grace;;) {
    const pid_t r = ::waitpid(pid_, &status, WNOHANG);
    if (r == pid_) return *(status_ = status);
    if (r < 0 && errno == ECHILD) return *(status_ = 0);  // reaped by someone else (SIGCHLD ignored): gone
    if (Clock::now() >= until) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  ::kill(pid_, SIGKILL);
  while (::waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
  }
  status_ = status;
  return status;
}

std::string describe_wait_status(int status) {
  if (WIFSIGNALED(status)) {
    const int sig = WTERMSIG(status);
    std::string text = "was killed by signal " + std::to_string(sig) + " (";
    if (const char* abbreviation = ::sigabbrev_np(sig)) text += "SIG" + std::string(abbreviation) + ": ";
    return text + ::strsignal(sig) + ")";
  }
  if (WIFEXITED(status)) return "exited with status " + std::to_string(WEXITSTATUS(status));
  return "ended with wait status " + std::to_string(status);
}

}  // namespace qrt::conformance
