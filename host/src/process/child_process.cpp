#include "process/child_process.hpp"

#include "config/environment.hpp"

#include <qrt/error.hpp>

#include <boost/dll/runtime_symbol_info.hpp>

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <condition_variable>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <future>
#include <mutex>
#include <optional>
#include <string_view>
#include <thread>

extern char** environ;

namespace qrt::process {
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
    case SIGSYS: return "SIGSYS";  // the sandbox (sandbox.hpp)
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
  posix_spawn_file_actions_t actions{};
  FileActions() { posix_spawn_file_actions_init(&actions); }
  ~FileActions() { posix_spawn_file_actions_destroy(&actions); }
  FileActions(const FileActions&) = delete;
  FileActions& operator=(const FileActions&) = delete;
};

// The child's environment: the host's, with kParentPidVariable naming this process (the worker checks it
// against getppid() right after setting its parent-death signal, which closes the race where the host
// dies between posix_spawn and prctl).
std::vector<std::string> child_environment() {
  std::vector<std::string> env;
  const std::string prefix = std::string(kParentPidVariable) + "=";
  for (char** e = environ; e && *e; ++e)
    if (std::string_view(*e).substr(0, prefix.size()) != prefix) env.emplace_back(*e);
  env.push_back(prefix + std::to_string(::getpid()));
  return env;
}

std::vector<char*> pointers_to(std::vector<std::string>& texts) {
  std::vector<char*> out;
  out.reserve(texts.size() + 1);
  for (auto& t : texts) out.push_back(t.data());
  out.push_back(nullptr);
  return out;
}

Child spawn_here(const std::filesystem::path& program, const std::vector<std::string>& args, Channel channel) {
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
  posix_spawn_file_actions_addclosefrom_np(&fa.actions,
                                           channel == Channel::Socket ? kWorkerChannelFd + 1 : STDERR_FILENO + 1);

  std::vector<std::string> argv_text;
  argv_text.push_back(program.string());
  argv_text.insert(argv_text.end(), args.begin(), args.end());
  std::vector<char*> argv = pointers_to(argv_text);
  std::vector<std::string> env_text = child_environment();
  std::vector<char*> envp = pointers_to(env_text);

  pid_t pid = -1;
  int error = ::posix_spawn(&pid, program.c_str(), &fa.actions, nullptr, argv.data(), envp.data());
  if (error != 0)
    throw Error(ErrorCode::Internal, errno_text(("isolation: cannot start " + program.string()).c_str(), error));
  return Child{pid, std::move(host_end)};
}

// The kernel sends a child its parent-death signal when the *thread* that started it ends, not the process.
// Children are therefore started by this one thread, which lives until static destruction (the process is
// ending then: its workers may go too), so a worker opened by a short-lived thread of the host — an
// executor's, a batch's — does not die with that thread.
class SpawningThread {
 public:
  SpawningThread() : thread_([this] { loop(); }) {}
  ~SpawningThread() {
    {
      std::lock_guard lock(mutex_);
      stopping_ = true;
    }
    wake_.notify_one();
    thread_.join();
  }
  SpawningThread(const SpawningThread&) = delete;
  SpawningThread& operator=(const SpawningThread&) = delete;

  Child spawn(const std::filesystem::path& program, const std::vector<std::string>& args, Channel channel) {
    std::packaged_task<Child()> task([&] { return spawn_here(program, args, channel); });
    std::future<Child> result = task.get_future();
    {
      std::lock_guard lock(mutex_);
      tasks_.push_back(std::move(task));
    }
    wake_.notify_one();
    return result.get();  // rethrows spawn_here's Error
  }

 private:
  void loop() {
    std::unique_lock lock(mutex_);
    for (;;) {
      wake_.wait(lock, [this] { return stopping_ || !tasks_.empty(); });
      if (tasks_.empty()) return;  // stopping, nothing left to start
      std::packaged_task<Child()> task = std::move(tasks_.front());
      tasks_.pop_front();
      lock.unlock();
      task();
      lock.lock();
    }
  }

  std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<std::packaged_task<Child()>> tasks_;
  bool stopping_ = false;
  std::thread thread_;  // last: started once the rest exists
};

}  // namespace

std::filesystem::path worker_executable() {
  if (std::optional<std::string> worker = config::environment_value("QRT_WORKER")) return *worker;
  boost::dll::fs::error_code ec;
  auto self = boost::dll::this_line_location(ec);
  if (ec) throw Error(ErrorCode::NotFound, "isolation: cannot locate libqrt to find qrt-worker; set QRT_WORKER");
  auto path = std::filesystem::path(self.parent_path().string()) / "qrt" / "qrt-worker";
  if (::access(path.c_str(), X_OK) != 0)
    throw Error(ErrorCode::NotFound,
                "isolation: the worker program " + path.string() +
                    " is missing or not executable (build the qrt_worker target, or set QRT_WORKER)");
  return path;
}

Child spawn(const std::filesystem::path& program, const std::vector<std::string>& args, Channel channel) {
  static SpawningThread spawner;
  static const pid_t spawner_process = ::getpid();
  // After fork() the thread exists only in the parent: a forked child starts its children itself.
  if (::getpid() != spawner_process) return spawn_here(program, args, channel);
  return spawner.spawn(program, args, channel);
}

bool die_with_host() noexcept {
  if (::prctl(PR_SET_PDEATHSIG, SIGKILL) != 0) return true;  // not Linux-like: nothing more to do here
  const char* expected = std::getenv(kParentPidVariable);
  if (expected == nullptr || *expected == '\0') return true;
  char* end = nullptr;
  const long host = std::strtol(expected, &end, 10);
  return *end != '\0' || static_cast<long>(::getppid()) == host;
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

}  // namespace qrt::process
