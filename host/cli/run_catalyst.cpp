#include "run_catalyst.hpp"

#include "buffered_output.hpp"
#include "exit_status.hpp"
#include "process_watchdog.hpp"
#include "results_channel.hpp"
#include "run_progress.hpp"

#include <qrt/run.hpp>
#include <qrt/runtime.hpp>

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#ifdef QRT_HAVE_QIR
#include <qrt/catalyst/program.hpp>
#endif

extern char** environ;

namespace qrt::cli {

int run_catalyst_in_child(const std::vector<std::string>& given, const std::string& file) {
  std::vector<std::string> words = given;
  words.insert(words.begin(), "/proc/self/exe");
  std::vector<char*> argv;
  for (auto& w : words) argv.push_back(w.data());
  argv.push_back(nullptr);
  std::fflush(stdout);
  ExecutionProgress unused;  // the child stops itself on Ctrl-C; here only the arrival is noted
  StopOnSigint note_ctrl_c(unused);
  pid_t child = 0;
  if (int rc = posix_spawn(&child, "/proc/self/exe", nullptr, nullptr, argv.data(), environ); rc != 0)
    throw Error(ErrorCode::Internal, std::string("cannot start the isolated process: ") + std::strerror(rc));
  int status = 0;
  while (waitpid(child, &status, 0) < 0)
    if (errno != EINTR) throw Error(ErrorCode::Internal, std::string("waitpid: ") + std::strerror(errno));
  if (WIFSIGNALED(status)) {
    const int sig = WTERMSIG(status);
    if (sig == SIGINT) {
      std::fprintf(stderr, "qrt: interrupted: %s: the isolated process ended on Ctrl-C\n", file.c_str());
      return kExitInterrupted;
    }
    std::fprintf(
        stderr,
        "qrt: error: %s: the program crashed with signal %d (%s: %s) in its isolated process; qrt is unaffected\n",
        file.c_str(), sig, sigabbrev_np(sig) ? sigabbrev_np(sig) : "?", strsignal(sig));
    return kExitError;
  }
  return WIFEXITED(status) ? WEXITSTATUS(status) : kExitError;
}

int run_catalyst(const CatalystRunArgs& args, const LoadedProgram& program) {
#ifndef QRT_HAVE_QIR
  (void)program;
  throw Error(ErrorCode::Unsupported, args.file + " is a Catalyst program, but this qrt was built without LLVM 19");
#else
  ExecutionProgress progress;
  RunRequest request;
  request.shots = args.shots;
  request.seed = args.seed;
  request.timeout = args.timeout;
  request.progress = &progress;
  request.arguments = program.arguments_from_json(args.args);
  const bool json = args.output == "json";
  // Under -o json, stdout carries the document alone: what the program prints is in it, anything else on stderr.
  std::optional<ResultsChannel> channel;
  if (json) channel.emplace();
  std::FILE* out = channel ? channel->results() : stdout;
  RunResult result;
  {
    StopOnSigint stop_on_ctrl_c(progress);
    std::optional<RunProgressDisplay> display;
    if (show_progress_bar(args.progress, args.no_progress, args.output))
      display.emplace(progress, ::isatty(STDERR_FILENO) == 1, progress_delay());
    ProcessWatchdog watchdog(args.timeout, args.file, display ? &*display : nullptr);
    try {
      result = qrt::run(program, args.device, request);
    } catch (const TimeoutError&) {
      display.reset();
      report_timeout(args.file, *args.timeout);
      return kExitTimeout;
    } catch (const StoppedError& e) {
      if (!StopOnSigint::interrupted()) throw;
      display.reset();
      std::fprintf(stderr, "qrt: interrupted: %s: %s\n", args.file.c_str(), e.what());
      return kExitInterrupted;
    } catch (const catalyst::CallError& e) {  // the program's own failure, or its device's
      display.reset();
      std::fflush(stdout);
      std::fprintf(stderr, "qrt: error: %s: %s\n", args.file.c_str(), e.what());
      return kExitError;
    }
  }
  const PoolStats pool = process_runtime()->pool_stats();
  if (args.stats) std::fprintf(stderr, "qrt: pool %s\n", to_json(pool).c_str());
  const std::string text = json ? catalyst::run_json(program.info(), result, pool) + "\n"
                                : result.printed + catalyst::values_text(result.values);
  if (std::fwrite(text.data(), 1, text.size(), out) != text.size() || std::fflush(out) != 0)
    throw OutputError("writing the output failed; what was written is incomplete");
  if (result.exit_status != 0) {
    std::fprintf(stderr, "qrt: error: %s: main returned %d\n", args.file.c_str(), result.exit_status);
    return kExitError;
  }
  return kExitOk;
#endif
}

}  // namespace qrt::cli
