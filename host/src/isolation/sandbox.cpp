#include "isolation/sandbox.hpp"

#include <qrt/error.hpp>

#include <boost/json/serialize.hpp>
#include <boost/json/string.hpp>

#include <fcntl.h>
#include <linux/sched.h>
#include <seccomp.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <memory>
#include <string_view>

// LeakSanitizer checks for leaks at exit by stopping the world: a helper task (clone without CLONE_THREAD,
// with CLONE_UNTRACED) ptrace-attaches to every thread. Sanitizer builds let exactly that through, so
// the workers' leak checks keep working; release builds forbid both.
#if defined(__SANITIZE_ADDRESS__)
#define QRT_SANDBOX_LEAK_CHECKER 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define QRT_SANDBOX_LEAK_CHECKER 1
#endif
#endif

namespace qrt::isolation {
namespace {

// What a forbidden call does, in the report's words.
struct Forbidden {
  const char* name;
  const char* what;
};

// Refused outright (those a machine lacks, e.g. `open` on aarch64, are skipped).
constexpr Forbidden kForbidden[] = {
    {"execve", "running a program"},
    {"execveat", "running a program"},
    {"fork", "starting another process"},
    {"vfork", "starting another process"},
    {"process_vm_readv", "reading another process's memory"},
    {"process_vm_writev", "writing another process's memory"},
    {"pidfd_open", "taking a handle on another process"},
    {"pidfd_getfd", "taking a descriptor of another process"},
    {"pidfd_send_signal", "signalling another process"},
    {"tkill", "signalling a thread by id"},
    {"socket", "opening a socket"},
    {"socketpair", "opening a socket"},
    {"connect", "connecting a socket"},
    {"bind", "binding a socket"},
    {"listen", "listening on a socket"},
    {"accept", "accepting a connection"},
    {"accept4", "accepting a connection"},
    {"creat", "creating a file"},
    {"mknod", "creating a file"},
    {"mknodat", "creating a file"},
    {"mkdir", "creating a folder"},
    {"mkdirat", "creating a folder"},
    {"link", "linking a file"},
    {"linkat", "linking a file"},
    {"symlink", "creating a symlink"},
    {"symlinkat", "creating a symlink"},
    {"rename", "renaming a file"},
    {"renameat", "renaming a file"},
    {"renameat2", "renaming a file"},
    {"unlink", "deleting a file"},
    {"unlinkat", "deleting a file"},
    {"rmdir", "deleting a folder"},
    {"truncate", "truncating a file"},
    {"chmod", "changing a file's mode"},
    {"fchmodat", "changing a file's mode"},
    {"chown", "changing a file's owner"},
    {"lchown", "changing a file's owner"},
    {"fchownat", "changing a file's owner"},
    {"open_by_handle_at", "opening a file by handle"},
    {"io_uring_setup", "io_uring (its operations would bypass this filter)"},
    {"io_uring_enter", "io_uring (its operations would bypass this filter)"},
    {"io_uring_register", "io_uring (its operations would bypass this filter)"},
    {"bpf", "loading a BPF program"},
    {"perf_event_open", "observing other processes"},
    {"userfaultfd", "handling page faults"},
    {"keyctl", "using the kernel's key rings"},
    {"add_key", "using the kernel's key rings"},
    {"request_key", "using the kernel's key rings"},
    {"unshare", "making new namespaces"},
    {"setns", "entering namespaces"},
    {"mount", "mounting a file system"},
    {"umount2", "unmounting a file system"},
    {"pivot_root", "changing the root folder"},
    {"chroot", "changing the root folder"},
#ifndef QRT_SANDBOX_LEAK_CHECKER
    {"ptrace", "tracing a process"},
#endif
};

// Refused only with some arguments; the descriptions say which.
constexpr Forbidden kClone{"clone", "starting another process"};
constexpr Forbidden kOpenForWriting{"open", "opening a file for writing or creating one"};
constexpr Forbidden kOpenatForWriting{"openat", "opening a file for writing or creating one"};
constexpr Forbidden kKill{"kill", "signalling another process"};
constexpr Forbidden kTgkill{"tgkill", "signalling another process"};
constexpr Forbidden kSigqueue{"rt_sigqueueinfo", "signalling another process"};
constexpr Forbidden kTgsigqueue{"rt_tgsigqueueinfo", "signalling another process"};
constexpr Forbidden kTerminalInput{"ioctl", "pushing input into a terminal"};
constexpr Forbidden kSigsysHandler{"rt_sigaction", "replacing the sandbox's SIGSYS handler"};
constexpr Forbidden kSendto{"sendto", "sending to an address"};

// The report, prepared before the filter goes on: the handler only copies text and calls write, tgkill
// and prctl (async-signal-safe, and allowed).
struct Report {
  int fd = -1;
  std::uint32_t native_arch = 0;  // the AUDIT_ARCH_* value the kernel reports in si_arch
  std::array<char, 2048> head{};  // {"ok":false,"code":N,"message":"SUBJECT: the sandbox refused
  std::size_t head_size = 0;
  struct Entry {
    int number;
    const Forbidden* call;
  };
  std::array<Entry, 96> calls{};
  std::size_t count = 0;
};
Report g_report;

constexpr std::string_view kTail =
    " and ended the worker: an isolated device may compute, read files and use threads, but not run programs, "
    "write or create files, open sockets or touch other processes (docs/isolation.md); it is replaced on next use\"}";

struct Text {
  char* data;
  std::size_t size, capacity;
  void add(std::string_view s) noexcept {
    const std::size_t n = std::min(s.size(), capacity - size);
    std::memcpy(data + size, s.data(), n);
    size += n;
  }
  void add_number(long long value) noexcept {
    char digits[24];
    std::size_t n = 0;
    const bool negative = value < 0;
    unsigned long long magnitude =
        negative ? 0ull - static_cast<unsigned long long>(value) : static_cast<unsigned long long>(value);
    do {
      digits[sizeof digits - 1 - n++] = static_cast<char>('0' + magnitude % 10);
      magnitude /= 10;
    } while (magnitude != 0 && n < sizeof digits - 1);
    if (negative) digits[sizeof digits - 1 - n++] = '-';
    add(std::string_view(digits + sizeof digits - n, n));
  }
};

void on_forbidden_call(int, siginfo_t* info, void*) {
  const int saved_errno = errno;
  char frame[4096];
  Text text{frame + 4, 0, sizeof frame - 4};
  text.add(std::string_view(g_report.head.data(), g_report.head_size));
  const Forbidden* call = nullptr;
  const bool native = info->si_arch == g_report.native_arch;
  if (native)
    for (std::size_t i = 0; i < g_report.count; ++i)
      if (g_report.calls[i].number == info->si_syscall) call = g_report.calls[i].call;
  if (call) {
    text.add(call->name);
    text.add(" (");
    text.add(call->what);
    text.add(")");
  } else {
    text.add("system call ");
    text.add_number(info->si_syscall);
    text.add(native ? "" : " of another architecture");
  }
  text.add(kTail);
  const auto n = static_cast<std::uint32_t>(text.size);
  frame[0] = static_cast<char>(n & 0xff);
  frame[1] = static_cast<char>((n >> 8) & 0xff);
  frame[2] = static_cast<char>((n >> 16) & 0xff);
  frame[3] = static_cast<char>((n >> 24) & 0xff);
  const char* at = frame;
  std::size_t left = text.size + 4;
  while (left > 0) {  // one send in practice: small, and the host reads its socket
    const ssize_t sent = ::send(g_report.fd, at, left, MSG_NOSIGNAL);
    if (sent < 0 && errno == EINTR) continue;
    if (sent <= 0) break;
    at += sent;
    left -= static_cast<std::size_t>(sent);
  }
  // End with SIGSYS, the signal seccomp uses, without a core file: the handler was installed with
  // SA_RESETHAND, so the signal raised here (held until the handler returns) takes the default action.
  ::prctl(PR_SET_DUMPABLE, 0, 0, 0, 0);
  ::syscall(SYS_tgkill, ::getpid(), ::syscall(SYS_gettid), SIGSYS);
  errno = saved_errno;
}

[[noreturn]] void refuse(const std::string& what, int code) {
  throw Error(ErrorCode::Internal, "isolation worker: cannot enter the sandbox: " + what + ": " + std::strerror(-code));
}

struct FilterDeleter {
  void operator()(void* filter) const noexcept { seccomp_release(filter); }
};

class Filter {
 public:
  Filter() : filter_(seccomp_init(SCMP_ACT_ALLOW)) {
    if (!filter_) throw Error(ErrorCode::Internal, "isolation worker: cannot enter the sandbox: seccomp_init failed");
    set(SCMP_FLTATR_CTL_TSYNC, 1, "synchronising every thread");
    set(SCMP_FLTATR_CTL_NNP, 1, "setting no_new_privs");
    set(SCMP_FLTATR_ACT_BADARCH, SCMP_ACT_TRAP, "trapping other architectures' calls");
  }

  // `call` with the given argument conditions (all must hold) traps; a name this machine lacks is skipped.
  template <class... Conditions>
  void trap(const Forbidden& call, Conditions... conditions) {
    const int number = seccomp_syscall_resolve_name(call.name);
    if (number == __NR_SCMP_ERROR || number < 0) return;  // not a call of this architecture
    add(SCMP_ACT_TRAP, number, call.name, conditions...);
    if (g_report.count < g_report.calls.size()) {
      bool known = false;
      for (std::size_t i = 0; i < g_report.count; ++i) known = known || g_report.calls[i].number == number;
      if (!known) g_report.calls[g_report.count++] = {number, &call};
    }
  }

  // `name` fails with `error` instead of running: for calls whose arguments a filter cannot see (a struct
  // in memory), where the C library falls back to one it can (clone3 -> clone, openat2 -> openat).
  void fail(const char* name, int error) {
    const int number = seccomp_syscall_resolve_name(name);
    if (number == __NR_SCMP_ERROR || number < 0) return;
    add(SCMP_ACT_ERRNO(static_cast<std::uint32_t>(error)), number, name);
  }

  void load() {
    if (const int rc = seccomp_load(filter_.get()); rc != 0) refuse("loading the filter", rc);
  }

 private:
  void set(scmp_filter_attr attribute, std::uint32_t value, const char* what) {
    if (const int rc = seccomp_attr_set(filter_.get(), attribute, value); rc != 0) refuse(what, rc);
  }

  template <class... Conditions>
  void add(std::uint32_t action, int number, const char* name, Conditions... conditions) {
    const int rc =
        seccomp_rule_add(filter_.get(), action, number, static_cast<unsigned>(sizeof...(conditions)), conditions...);
    if (rc != 0) refuse(std::string("a rule for ") + name, rc);
  }

  std::unique_ptr<void, FilterDeleter> filter_;
};

// The report's fixed part, JSON-escaped once here.
void prepare_report(int report_fd, const std::string& subject) {
  const std::string message = boost::json::serialize(boost::json::string(subject + ": the sandbox refused "));
  const std::string head = "{\"ok\":false,\"code\":" + std::to_string(static_cast<int>(ErrorCode::Internal)) +
                           ",\"message\":" + message.substr(0, message.size() - 1);  // without the closing quote
  const std::size_t size = std::min(head.size(), g_report.head.size());
  std::memcpy(g_report.head.data(), head.data(), size);
  g_report.head_size = size;
  g_report.fd = report_fd;
  g_report.native_arch = seccomp_arch_native();
  g_report.count = 0;
}

void install_handler() {
  struct sigaction action {};
  action.sa_sigaction = &on_forbidden_call;
  action.sa_flags = SA_SIGINFO | SA_RESETHAND;
  sigemptyset(&action.sa_mask);
  if (::sigaction(SIGSYS, &action, nullptr) != 0) refuse("installing the SIGSYS handler", -errno);
}

void stdin_from_null() {
  const int null = ::open("/dev/null", O_RDONLY | O_CLOEXEC);
  if (null < 0) refuse("opening /dev/null", -errno);
  const int rc = ::dup2(null, STDIN_FILENO);  // dup2 clears close-on-exec on the copy
  const int error = errno;
  ::close(null);
  if (rc < 0) refuse("making /dev/null stdin", -error);
}

}  // namespace

void enter_sandbox(int report_fd, const std::string& subject) {
  prepare_report(report_fd, subject);
  stdin_from_null();
  Filter filter;
  for (const Forbidden& call : kForbidden) filter.trap(call);

    // Threads share the address space (CLONE_THREAD); anything else is a new process.
#ifdef QRT_SANDBOX_LEAK_CHECKER
  filter.trap(kClone, SCMP_A0(SCMP_CMP_MASKED_EQ, CLONE_THREAD | CLONE_UNTRACED, 0));
#else
  filter.trap(kClone, SCMP_A0(SCMP_CMP_MASKED_EQ, CLONE_THREAD, 0));
#endif
  filter.fail("clone3", ENOSYS);  // its flags are in memory: the C library then uses clone

  // Opening for writing, or creating or truncating: each flag is one rule (the conditions of a rule all
  // hold at once). Flags are an int: only the low 32 bits count.
  for (const int flag : {O_WRONLY, O_RDWR, O_CREAT, O_TRUNC}) {
    const auto bits = static_cast<scmp_datum_t>(flag);
    filter.trap(kOpenForWriting, SCMP_A1(SCMP_CMP_MASKED_EQ, bits, bits));
    filter.trap(kOpenatForWriting, SCMP_A2(SCMP_CMP_MASKED_EQ, bits, bits));
  }
  filter.fail("openat2", ENOSYS);  // its flags are in memory: the C library uses openat

  // Signals to this process only (abort, raise and the C++ runtime use kill/tgkill on it).
  const auto self = static_cast<scmp_datum_t>(::getpid());
  filter.trap(kKill, SCMP_A0(SCMP_CMP_NE, self));
  filter.trap(kTgkill, SCMP_A0(SCMP_CMP_NE, self));
  filter.trap(kSigqueue, SCMP_A0(SCMP_CMP_NE, self));
  filter.trap(kTgsigqueue, SCMP_A0(SCMP_CMP_NE, self));

  // TIOCSTI and TIOCLINUX push keystrokes into a terminal (the worker's stderr may be the user's). The
  // request is an unsigned int to the kernel: compare its low 32 bits.
  filter.trap(kTerminalInput, SCMP_A1(SCMP_CMP_MASKED_EQ, 0xFFFFFFFFu, static_cast<scmp_datum_t>(TIOCSTI)));
  filter.trap(kTerminalInput, SCMP_A1(SCMP_CMP_MASKED_EQ, 0xFFFFFFFFu, static_cast<scmp_datum_t>(TIOCLINUX)));

  // The report's handler stays: setting a SIGSYS action is refused (reading it is not).
  filter.trap(kSigsysHandler, SCMP_A0(SCMP_CMP_MASKED_EQ, 0xFFFFFFFFu, static_cast<scmp_datum_t>(SIGSYS)),
              SCMP_A1(SCMP_CMP_NE, 0));
  // A socket opened before the sandbox (while loading) may still send on its connection, not to addresses.
  filter.trap(kSendto, SCMP_A4(SCMP_CMP_NE, 0));

  install_handler();
  filter.load();
}

}  // namespace qrt::isolation
