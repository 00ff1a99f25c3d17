// Starting and reaping the helper processes of isolation: the worker (`qrt-worker --serve`, talking over
// a socketpair at its fd 3) and the scanner (`qrt-worker --scan FILE`, answering on its stdout). Children
// are started with posix_spawn (safe in a multithreaded host), get no descriptor of the host but the one
// meant for them (every other is closed), are always reaped (no zombies) and die with the host
// (PR_SET_PDEATHSIG; see die_with_host).
#pragma once

#include "process/unique_fd.hpp"

#include <sys/types.h>

#include <chrono>
#include <filesystem>
#include <string>
#include <vector>

namespace qrt::process {

// The environment variable that tells a child its host's pid (see die_with_host).
inline constexpr const char* kParentPidVariable = "QRT_WORKER_HOST_PID";

// fd number of the worker's end of the socketpair.
inline constexpr int kWorkerChannelFd = 3;

// The worker program: $QRT_WORKER, else `qrt/qrt-worker` beside libqrt (build/lib/qrt/qrt-worker in a
// build tree, <prefix>/lib/qrt/qrt-worker installed). Throws Error(NotFound) when it is missing.
std::filesystem::path worker_executable();

struct Child {
  pid_t pid = -1;
  UniqueFd channel;  // the host's end: a socket (Channel::Socket) or the read end of stdout (Channel::Stdout)
};

enum class Channel { Socket, Stdout };

// Starts `program args...`. Socket: the child gets one end of a socketpair as fd 3 and its stdout goes
// to the host's stderr (a plugin's prints never mix with the host's output). Stdout: the child's stdout
// is a pipe. Throws Error(Internal) naming the program and errno.
Child spawn(const std::filesystem::path& program, const std::vector<std::string>& args, Channel channel);

// In the child, first thing: ask the kernel for SIGKILL when the host ends, then make sure the host has not
// already ended (it may die before this runs: then getppid() is no longer the pid the host passed in
// kParentPidVariable). Returns false when the host is gone and the child should exit at once. A child
// started by hand (no kParentPidVariable) only gets the signal.
bool die_with_host() noexcept;

// Waits for `pid` to end for up to `grace`, then kills it (SIGKILL) and waits. Returns the wait status.
int reap(pid_t pid, std::chrono::milliseconds grace) noexcept;

// "was killed by signal 11 (SIGSEGV: segmentation fault)", "exited with status 3".
std::string describe_wait_status(int status);

}  // namespace qrt::process
