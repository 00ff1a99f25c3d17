#include "run_qir.hpp"

#include <qrt/runtime.hpp>

#include <boost/json.hpp>

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <future>
#include <iostream>
#include <map>
#include <spawn.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

#ifdef QRT_HAVE_QIR
#include <qrt/qir/program.hpp>
#endif

extern char** environ;

namespace qrt::cli {
namespace {

constexpr int kExitTimeout = 124;

void report_timeout(const QirRunArgs& args) {
  std::fflush(stdout);
  std::fprintf(stderr, "qrt: error: %s: the program did not finish within --timeout %g s\n", args.file.c_str(), *args.timeout);
}

// --isolate: the same command in a child process (this executable), whose crash cannot take the host
// down. Its output goes straight to ours; a signal that ends it becomes a clear error.
int run_isolated(const QirRunArgs& args) {
  std::vector<std::string> words = {"/proc/self/exe", "run", args.file, "--device", args.device, "-o", args.output};
  if (!args.entry.empty()) words.insert(words.end(), {"--entry", args.entry});
  if (args.shots) words.insert(words.end(), {"--shots", std::to_string(*args.shots)});
  if (args.seed) words.insert(words.end(), {"--seed", std::to_string(*args.seed)});
  std::vector<char*> argv;
  for (auto& w : words) argv.push_back(w.data());
  argv.push_back(nullptr);
  std::fflush(stdout);
  pid_t child = 0;
  if (int rc = posix_spawn(&child, "/proc/self/exe", nullptr, nullptr, argv.data(), environ); rc != 0)
    throw Error(ErrorCode::Internal, std::string("cannot start the isolated process: ") + std::strerror(rc));
  auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(args.timeout.value_or(0));
  int status = 0;
  for (;;) {
    pid_t done = waitpid(child, &status, args.timeout ? WNOHANG : 0);
    if (done == child) break;
    if (done < 0 && errno != EINTR) throw Error(ErrorCode::Internal, std::string("waitpid: ") + std::strerror(errno));
    if (args.timeout && std::chrono::steady_clock::now() >= deadline) {
      kill(child, SIGKILL);
      waitpid(child, &status, 0);
      report_timeout(args);
      return kExitTimeout;
    }
    if (done == 0) std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  if (WIFSIGNALED(status)) {
    int sig = WTERMSIG(status);
    std::fprintf(stderr, "qrt: error: %s: the program crashed with signal %d (%s: %s) in its isolated process; qrt is unaffected\n",
                 args.file.c_str(), sig, sigabbrev_np(sig) ? sigabbrev_np(sig) : "?", strsignal(sig));
    return 1;
  }
  return WIFEXITED(status) ? WEXITSTATUS(status) : 1;
}

#ifdef QRT_HAVE_QIR

boost::json::value typed_value(const qir::OutputEvent& e) {
  switch (e.kind) {
    case qir::EventKind::Result: return e.value == "1" ? 1 : 0;
    case qir::EventKind::Bool: return e.value == "true";
    case qir::EventKind::Int:
    case qir::EventKind::Tuple:
    case qir::EventKind::Array: return std::stoll(e.value);
    case qir::EventKind::Double: return std::stod(e.value);
    case qir::EventKind::Message: break;
  }
  return boost::json::string(e.value);
}

// A shot's records as one line, arrays as [..] and tuples as (..): the histogram's key.
std::string outcome_key(const qir::ShotOutput& shot) {
  std::string key;
  std::vector<std::pair<char, std::int64_t>> open;  // closing bracket, elements still to come
  auto element_done = [&] {
    while (!open.empty() && --open.back().second == 0) {
      key += open.back().first;
      open.pop_back();
    }
  };
  for (const auto& e : shot.events) {
    if (e.kind == qir::EventKind::Message) continue;
    if (!key.empty() && key.back() != '[' && key.back() != '(') key += ",";
    if (e.kind == qir::EventKind::Array || e.kind == qir::EventKind::Tuple) {
      bool array = e.kind == qir::EventKind::Array;
      key += array ? '[' : '(';
      std::int64_t n = std::stoll(e.value);
      if (n == 0) {
        key += array ? ']' : ')';
        element_done();
      } else {
        open.push_back({array ? ']' : ')', n});
      }
      continue;
    }
    key += e.value;
    element_done();
  }
  for (auto it = open.rbegin(); it != open.rend(); ++it) key += it->first;  // a program that recorded too few
  return key;
}

boost::json::object histogram_json(const qir::RunResult& result) {
  std::map<std::string, std::uint64_t> histogram;
  for (const auto& shot : result.shots)
    if (!shot.failed) ++histogram[outcome_key(shot)];
  boost::json::object h;
  for (const auto& [key, count] : histogram) h[key] = count;
  return h;
}

boost::json::object shot_json(std::uint64_t k, const qir::ShotOutput& shot) {
  static constexpr const char* kKinds[] = {"RESULT", "BOOL", "INT", "DOUBLE", "TUPLE", "ARRAY"};
  boost::json::array records, messages;
  for (const auto& e : shot.events) {
    if (e.kind == qir::EventKind::Message) {
      messages.push_back(boost::json::string(e.value));
      continue;
    }
    boost::json::object r{{"kind", kKinds[static_cast<int>(e.kind)]}, {"value", typed_value(e)}};
    if (e.labelled) r["label"] = e.label;
    records.push_back(std::move(r));
  }
  boost::json::object o{{"shot", k}, {"status", shot.failed ? "failed" : "ok"}, {"records", std::move(records)},
                        {"messages", std::move(messages)}};
  if (shot.failed) o["error"] = shot.error;
  return o;
}

int run_program(const QirRunArgs& args) {
  qir::LoadOptions load;
  load.entry = args.entry;
  qir::Program program = qir::Program::load(args.file, load);
  qir::RunOptions options;
  options.device = args.device;
  options.shots = args.shots.value_or(1);
  options.seed = args.seed;
  const bool json = args.output == "json";
  if (!json) options.on_shot = [&](std::uint64_t, const qir::ShotOutput& shot) {
    std::string text = qir::format_shot(program, shot);
    std::fwrite(text.data(), 1, text.size(), stdout);
    std::fflush(stdout);
  };
  qir::RunResult result = qir::run(program, options);
  if (json) {
    boost::json::object doc;
    doc["file"] = args.file;
    doc["front_end"] = "qir";
    doc["entry"] = program.entry_name();
    doc["device"] = args.device;
    doc["shots"] = options.shots;
    doc["seed"] = args.seed ? boost::json::value(*args.seed) : boost::json::value(nullptr);
    boost::json::object metadata;
    for (const auto& m : program.metadata()) metadata[m.key] = m.value ? boost::json::value(*m.value) : boost::json::value(nullptr);
    doc["metadata"] = std::move(metadata);
    boost::json::array shots;
    for (std::uint64_t k = 0; k < result.shots.size(); ++k) shots.push_back(shot_json(k, result.shots[k]));
    doc["results"] = std::move(shots);
    doc["histogram"] = histogram_json(result);
    doc["timings"] = {{"load_s", program.load_seconds()}, {"compile_s", program.compile_seconds()}, {"run_s", result.run_seconds}};
    std::cout << boost::json::serialize(doc) << "\n" << std::flush;
  }
  if (result.failed()) {
    std::fprintf(stderr, "qrt: error: %s: shot %zu failed: %s\n", args.file.c_str(), result.shots.size() - 1,
                 result.shots.back().error.c_str());
    return 1;
  }
  return 0;
}

// Program errors (a module that does not load) are the input's fault: status 1, the message as is.
int run_in_process(const QirRunArgs& args) {
  try {
    return run_program(args);
  } catch (const qir::ProgramError& e) {
    std::fprintf(stderr, "%s\n", e.what());
    return 1;
  }
}

#endif

}  // namespace

boost::json::object run_qir_for_batch(const std::string& file, const std::string& device, std::uint64_t shots,
                                      std::optional<std::uint64_t> seed) {
#ifndef QRT_HAVE_QIR
  (void)device, (void)shots, (void)seed;
  throw Error(ErrorCode::Unsupported, file + " is a QIR program, but this qrt was built without the QIR front end");
#else
  qir::Program program = [&] {
    try {
      return qir::Program::load(file);
    } catch (const qir::ProgramError& e) {
      throw Error(ErrorCode::InvalidArgument, e.what());  // the batch reports it as this program's error
    }
  }();
  qir::RunOptions options;
  options.device = device;
  options.shots = shots;
  options.seed = seed;
  qir::RunResult result = qir::run(program, options);
  boost::json::object doc{{"status", result.failed() ? "error" : "ok"}, {"front_end", "qir"}, {"entry", program.entry_name()},
                          {"shots", result.shots.size()}, {"histogram", histogram_json(result)}};
  if (result.failed()) doc["error"] = "shot " + std::to_string(result.shots.size() - 1) + " failed: " + result.shots.back().error;
  doc["timings"] = {{"load_s", program.load_seconds()}, {"compile_s", program.compile_seconds()}, {"run_s", result.run_seconds}};
  return doc;
#endif
}

int run_qir(const QirRunArgs& args) {
#ifndef QRT_HAVE_QIR
  std::fprintf(stderr, "qrt: error: %s is a QIR program (LLVM IR), but this qrt was built without the QIR front end "
                       "(it needs LLVM 19: Debian's llvm-19-dev)\n", args.file.c_str());
  return 1;
#else
  if (args.isolate) return run_isolated(args);
  if (!args.timeout) return run_in_process(args);
  // The program runs on its own thread; a program that does not finish (even a classical loop that never
  // calls the runtime) cannot be stopped inside the process, so the process ends with a clear error.
  std::packaged_task<int()> task([&] { return run_in_process(args); });
  std::future<int> done = task.get_future();
  std::thread runner(std::move(task));
  if (done.wait_for(std::chrono::duration<double>(*args.timeout)) == std::future_status::timeout) {
    report_timeout(args);
    std::_Exit(kExitTimeout);
  }
  runner.join();
  return done.get();
#endif
}

}  // namespace qrt::cli
