#include "isolation/child_process.hpp"

#include <qrt/error.hpp>

#include <boost/dll/runtime_symbol_info.hpp>

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <thread>

extern char** environ;

namespace qrt::isolation {
namespace {

std::string errno_text(const char* what, int error) { return std::string(what) + ": " + std::strerror(error); }

const char* signal_abbreviation(int sig) {
  switch (sig) {
    case SIGSEGV: return "SIGSEGV";
    case SIGABRT: return "SIGABRT";
    case SIGBUS: return "SIGBUS";
    case SIGFPE: return "SIGFPE";
    case SIGILL: return "SIGILL";
    case SIGKILL: return "SIGKILL";
    case SIGTERM: return "SIGTERM";
    case SIGXCPU: return "SIGXCPU";
    case SIGPIPE: return "SIGPIPE";
    case SIGTRAP: return "SIGTRAP";
    default: return nullptr;
  }
}

// Moves `fd` above the standard descriptors and the channel number, so that dup2 to it always clears
// close-on-exec (dup2(fd, fd) would not).
UniqueFd above_channel(UniqueFd fd) {
  if (fd.get() > kWorkerChannelFd) return fd;
  int moved = ::fcntl(fd.get(), F_DUPFD_CLOEXEC, kWorkerChannelFd + 1);
  if (moved < 0) throw Error(ErrorCode::Internal, errno_text("isolation: fcntl(F_DUPFD_CLOEXEC)", errno));
  return UniqueFd(moved);
}

// posix_spawn_file_actions_t as RAII.
struct FileActions {
  posix_spawn_file_actions_t actions;
  FileActions() { posix_spawn_file_actions_init(&actions); }
  ~FileActions() { posix_spawn_file_actions_destroy(&actions); }
  FileActions(const FileActions&) = delete;
  FileActions& operator=(const FileActions&) = delete;
};

}  // namespace

std::filesystem::path worker_executable() {
  if (const char* env = std::getenv("QRT_WORKER"); env && *env) return env;
  boost::dll::fs::error_code ec;
  auto self = boost::dll::this_line_location(ec);
  if (ec) throw Error(ErrorCode::NotFound, "isolation: cannot locate libqrt to find qrt-worker; set QRT_WORKER");
  auto path = std::filesystem::path(self.parent_path().string()) / "qrt" / "qrt-worker";
  if (::access(path.c_str(), X_OK) != 0)
    throw Error(ErrorCode::NotFound, "isolation: the worker program " + path.string() +
                                         " is missing or not executable (build the qrt_worker target, or set QRT_WORKER)");
  return path;
}

Child spawn(const std::filesystem::path& program, const std::vector<std::string>& args, Channel channel) {
  UniqueFd host_end, child_end;
  int fds[2];
  if (channel == Channel::Socket) {
    if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, fds) != 0)
      throw Error(ErrorCode::Internal, errno_text("isolation: socketpair", errno));
    host_end.reset(fds[0]);
    child_end.reset(fds[1]);
  } else {
    if (::pipe2(fds, O_CLOEXEC) != 0) throw Error(ErrorCode::Internal, errno_text("isolation: pipe2", errno));
    host_end.reset(fds[0]);
    child_end.reset(fds[1]);
  }
  child_end = above_channel(std::move(child_end));

  FileActions fa;
  if (channel == Channel::Socket) {
    posix_spawn_file_actions_adddup2(&fa.actions, child_end.get(), kWorkerChannelFd);
    posix_spawn_file_actions_adddup2(&fa.actions, STDERR_FILENO, STDOUT_FILENO);
  } else {
    posix_spawn_file_actions_adddup2(&fa.actions, child_end.get(), STDOUT_FILENO);
  }
  // Nothing else of the host's reaches the child, close-on-exec or not.
  posix_spawn_file_actions_addclosefrom_np(&fa.actions, channel == Channel::Socket ? kWorkerChannelFd + 1 : STDERR_FILENO + 1);

  std::vector<std::string> argv_text;
  argv_text.push_back(program.string());
  argv_text.insert(argv_text.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (auto& a : argv_text) argv.push_back(a.data());
  argv.push_back(nullptr);

  pid_t pid = -1;
  int error = ::posix_spawn(&pid, program.c_str(), &fa.actions, nullptr, argv.data(), environ);
  if (error != 0) throw Error(ErrorCode::Internal, errno_text(("isolation: cannot start " + program.string()).c_str(), error));
  return Child{pid, std::move(host_end)};
}

int reap(pid_t pid, std::chrono::milliseconds grace) noexcept {
  int status = 0;
  const auto until = std::chrono::steady_clock::now() + grace;
  for (;;) {
    pid_t r = ::waitpid(pid, &status, WNOHANG);
    if (r == pid) return status;
    if (r < 0 && errno != EINTR) return 0;  // not our child (already reaped): nothing to wait for
    if (std::chrono::steady_clock::now() >= until) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  ::kill(pid, SIGKILL);
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  return status;
}

std::string describe_wait_status(int status) {
  if (WIFSIGNALED(status)) {
    const int sig = WTERMSIG(status);
    std::string text = "was killed by signal " + std::to_string(sig) + " (";
    if (const char* abbreviation = signal_abbreviation(sig)) text += std::string(abbreviation) + ": ";
    return text + ::strsignal(sig) + ")";
  }
  if (WIFEXITED(status)) return "exited with status " + std::to_string(WEXITSTATUS(status));
  return "ended with wait status " + std::to_string(status);
}

}  // namespace qrt::isolation
