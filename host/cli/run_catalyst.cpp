#include "run_catalyst.hpp"

#include "exit_status.hpp"
#include "run_deadline.hpp"
#include "run_progress.hpp"

#include <qrt/runtime.hpp>

#include <boost/json.hpp>

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <spawn.h>
#include <sys/wait.h>

#ifdef QRT_HAVE_QIR
#include <qrt/catalyst/program.hpp>
#endif

extern char** environ;

namespace qrt::cli {
namespace {

// --isolate: the same command in a child process (this executable), whose crash cannot take qrt down.
// Its output goes straight to ours; a signal that ends it becomes a clear error.
int run_in_child(const CatalystRunArgs& args) {
  std::vector<std::string> words = {"/proc/self/exe", "run", args.file, "-o", args.output};
  if (!args.entry.empty()) words.insert(words.end(), {"--entry", args.entry});
  for (const auto& a : args.args) words.insert(words.end(), {"--arg", a});
  if (args.device) words.insert(words.end(), {"-d", *args.device});
  if (args.shots) words.insert(words.end(), {"--shots", std::to_string(*args.shots)});
  if (args.seed) words.insert(words.end(), {"--seed", std::to_string(*args.seed)});
  if (args.timeout) words.insert(words.end(), {"--timeout", std::to_string(*args.timeout)});
  if (args.stats) words.push_back("--stats");
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
      std::fprintf(stderr, "qrt: interrupted: %s: the isolated process ended on Ctrl-C\n", args.file.c_str());
      return kExitInterrupted;
    }
    std::fprintf(stderr, "qrt: error: %s: the program crashed with signal %d (%s: %s) in its isolated process; qrt is unaffected\n",
                 args.file.c_str(), sig, sigabbrev_np(sig) ? sigabbrev_np(sig) : "?", strsignal(sig));
    return kExitError;
  }
  return WIFEXITED(status) ? WEXITSTATUS(status) : kExitError;
}

#ifdef QRT_HAVE_QIR

catalyst::CallOptions call_options(const std::optional<std::string>& device, std::optional<std::uint64_t> shots,
                                   std::optional<std::uint64_t> seed) {
  catalyst::CallOptions options;
  options.device = device;
  options.shots = shots;
  options.seed = seed;
  return options;
}

int run_here(const CatalystRunArgs& args) {
  std::optional<catalyst::Program> program;
  try {
    catalyst::LoadOptions load;
    load.entry = args.entry;
    program.emplace(catalyst::Program::load(args.file, load));
  } catch (const qir::ProgramError& e) {
    std::fprintf(stderr, "%s\n", e.what());
    return kExitError;
  }
  std::vector<catalyst::Tensor> values;
  try {
    values = program->arguments_from_json(args.args);
  } catch (const Error& e) {
    throw UsageError(e.what());  // a wrong --arg is the command line's
  }
  const bool json = args.output == "json";
  catalyst::CallOptions options = call_options(args.device, args.shots, args.seed);
  options.print = json ? catalyst::PrintTo::Collect : catalyst::PrintTo::Stdout;
  ExecutionProgress progress;
  options.progress = &progress;
  StopOnSigint stop_on_ctrl_c(progress);
  RunDeadline deadline(args.timeout, progress, args.file);
  catalyst::CallResult result;
  try {
    result = program->call(values, options);
  } catch (const StoppedError& e) {
    deadline.stop();
    if (deadline.expired() && !StopOnSigint::interrupted()) {
      deadline.report();
      return kExitTimeout;
    }
    if (!StopOnSigint::interrupted()) throw;
    std::fprintf(stderr, "qrt: interrupted: %s: %s\n", args.file.c_str(), e.what());
    return kExitInterrupted;
  } catch (const catalyst::CallError& e) {
    std::fflush(stdout);
    std::fprintf(stderr, "qrt: error: %s: %s\n", args.file.c_str(), e.what());
    return kExitError;
  }
  deadline.stop();
  const PoolStats pool = process_runtime()->pool_stats();
  if (args.stats) std::fprintf(stderr, "qrt: pool %s\n", to_json(pool).c_str());
  const std::string out = json ? catalyst::call_json(*program, result, pool) + "\n" : catalyst::call_text(result);
  std::fwrite(out.data(), 1, out.size(), stdout);
  std::fflush(stdout);
  if (result.exit_status != 0) {
    std::fprintf(stderr, "qrt: error: %s: main returned %d\n", args.file.c_str(), result.exit_status);
    return kExitError;
  }
  return kExitOk;
}

#endif

}  // namespace

int run_catalyst(const CatalystRunArgs& args) {
  if (!args.openqasm_only.empty())
    throw UsageError(args.openqasm_only + (args.openqasm_only.find(',') == std::string::npos ? " applies" : " apply") +
                     " to OpenQASM programs; " + args.file + " is a Catalyst program, whose results are what its entry returns");
#ifndef QRT_HAVE_QIR
  std::fprintf(stderr, "qrt: error: %s is a Catalyst program (LLVM IR), but this qrt was built without LLVM 19 "
                       "(Debian's llvm-19-dev)\n", args.file.c_str());
  return kExitError;
#else
  if (args.isolate) return run_in_child(args);
  return run_here(args);
#endif
}

boost::json::object run_catalyst_for_batch(const std::string& file, const std::optional<std::string>& device,
                                           std::optional<std::uint64_t> shots, std::optional<std::uint64_t> seed) {
#ifndef QRT_HAVE_QIR
  (void)device, (void)shots, (void)seed;
  throw Error(ErrorCode::Unsupported, file + " is a Catalyst program, but this qrt was built without LLVM 19");
#else
  const catalyst::Program program = [&] {
    try {
      return catalyst::Program::load(file);
    } catch (const qir::ProgramError& e) {
      throw Error(ErrorCode::InvalidArgument, e.what());  // the batch reports it as this program's error
    }
  }();
  if (!program.arguments().empty())
    throw Error(ErrorCode::InvalidArgument, file + ": " + program.entry_name() + " takes " +
                                                std::to_string(program.arguments().size()) +
                                                " arguments; qrt batch runs Catalyst programs without arguments (use qrt run --arg)");
  catalyst::CallOptions options = call_options(device, shots, seed);
  options.print = catalyst::PrintTo::Collect;
  const catalyst::CallResult result = program.call({}, options);
  boost::json::object doc{{"status", "ok"}, {"front_end", "catalyst"}, {"entry", program.entry_name()}};
  boost::json::array results;
  for (const auto& t : result.results) results.push_back(boost::json::parse(catalyst::tensor_to_json(t)));
  doc["results"] = std::move(results);
  boost::json::array devices;
  for (const auto& d : result.devices) devices.push_back({{"catalyst", d.name}, {"qrt", d.config}, {"shots", d.shots}});
  doc["devices"] = std::move(devices);
  if (!result.printed.empty()) doc["printed"] = result.printed;
  doc["timings"] = {{"load_s", program.load_seconds()}, {"compile_s", program.compile_seconds()}, {"run_s", result.seconds}};
  return doc;
#endif
}

}  // namespace qrt::cli
