#include "run_qir.hpp"
#include "json_text.hpp"

#include "effective_settings.hpp"
#include "exit_status.hpp"
#include "run_progress.hpp"

#include <qrt/runtime.hpp>

#include <boost/json.hpp>

#include <chrono>
#include <cstdio>
#include <future>
#include <map>
#include <optional>
#include <thread>
#include <unistd.h>

#ifdef QRT_HAVE_QIR
#include <qrt/qir/program.hpp>
#endif

namespace qrt::cli {
namespace {

#ifdef QRT_HAVE_QIR

// How long after Ctrl-C a program may go without a gate or measurement (where it stops cleanly) before
// the process ends anyway: a classical loop never gets there; a long single gate on many qubits might.
constexpr std::chrono::milliseconds kStopGrace{1000};

void report_timeout(const QirRunArgs& args) {
  std::fflush(stdout);
  std::fprintf(stderr, "qrt: error: %s: the program did not finish within --timeout %g s\n", args.file.c_str(), *args.timeout);
}

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

boost::json::object histogram_json(const qir::RunResult& result) {
  std::map<std::string, std::uint64_t> histogram;
  for (const auto& shot : result.shots)
    if (!shot.failed) ++histogram[qir::outcome_key(shot)];
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

// What a run ends with, printed once the progress bar is gone.
struct Outcome {
  int status = 0;
  std::string out, err;  // for stdout (the JSON document) and stderr (why it failed)
};

// `display`, when there is one, keeps its bar out of the way of the shots printed as they finish.
Outcome run_program(const QirRunArgs& args, ExecutionProgress& progress, RunProgressDisplay* display) {
  qir::LoadOptions load;
  load.entry = args.entry;
  load.force_jit = args.force_jit;
  qir::Program program = qir::Program::load(args.file, load);
  qir::RunOptions options;
  options.device = args.device;
  options.shots = args.shots.value_or(1);
  options.seed = args.seed;
  options.progress = &progress;
  // --isolate: the device runs in a worker process, and so does the program's JIT code (qir::run).
  if (args.isolate) options.runtime.isolate = true;
  const bool json = args.output == "json";
  if (!json) options.on_shot = [&](std::uint64_t, const qir::ShotOutput& shot) {
    std::string text = qir::format_shot(program, shot);
    if (display) {
      display->write_above(stdout, text);
    } else {
      std::fwrite(text.data(), 1, text.size(), stdout);
      std::fflush(stdout);
    }
  };
  qir::RunResult result = qir::run(program, options);
  Outcome outcome;
  if (json) {
    boost::json::object doc;
    doc["file"] = args.file;
    doc["front_end"] = "qir";
    doc["entry"] = program.entry_name();
    doc["path"] = program.lowered() ? "lowered" : "jit";  // read as a circuit, or compiled (docs/qir.md)
    doc["device"] = args.device;
    doc["shots"] = options.shots;
    doc["seed"] = options.seed ? boost::json::value(*options.seed) : boost::json::value(nullptr);
    boost::json::object metadata;
    for (const auto& m : program.metadata()) metadata[m.key] = m.value ? boost::json::value(*m.value) : boost::json::value(nullptr);
    doc["metadata"] = std::move(metadata);
    boost::json::array shots;
    for (std::uint64_t k = 0; k < result.shots.size(); ++k) shots.push_back(shot_json(k, result.shots[k]));
    doc["results"] = std::move(shots);
    doc["histogram"] = histogram_json(result);
    doc["timings"] = {{"load_s", program.load_seconds()}, {"compile_s", program.compile_seconds()}, {"run_s", result.run_seconds}};
    outcome.out = json_text(doc) + "\n";
  }
  if (result.failed()) {
    outcome.err = "qrt: error: " + args.file + ": shot " + std::to_string(result.shots.size() - 1) +
                  " failed: " + result.shots.back().error + "\n";
    outcome.status = kExitError;
  }
  return outcome;
}

// Program errors (a module that does not load) are the input's fault: status 1, the message as is.
Outcome run_guarded(const QirRunArgs& args, ExecutionProgress& progress, RunProgressDisplay* display) {
  try {
    return run_program(args, progress, display);
  } catch (const qir::ProgramError& e) {
    return {kExitError, "", std::string(e.what()) + "\n"};
  }
}

// The program runs on its own thread while this one watches the clock and Ctrl-C: a program that does not
// finish (even a classical loop that never calls the runtime) cannot be stopped inside the process, so then
// the process ends with a clear error. A program that calls the runtime stops at its next gate.
int run_in_process(const QirRunArgs& args) {
  ExecutionProgress progress;
  StopOnSigint stop_on_ctrl_c(progress);
  std::optional<RunProgressDisplay> display;
  if (show_progress_bar(args.progress, args.no_progress, args.output))
    display.emplace(progress, ::isatty(STDERR_FILENO) == 1, progress_delay());
  std::packaged_task<Outcome()> task([&] { return run_guarded(args, progress, display ? &*display : nullptr); });
  std::future<Outcome> done = task.get_future();
  std::thread runner(std::move(task));
  using Clock = std::chrono::steady_clock;
  const auto deadline = Clock::now() + std::chrono::duration<double>(args.timeout.value_or(0));
  std::optional<Clock::time_point> interrupted_at;
  while (done.wait_for(std::chrono::milliseconds(20)) != std::future_status::ready) {
    if (args.timeout && Clock::now() >= deadline) {
      if (display) display->finish();  // not reset: the runner may still be printing a shot through it
      report_timeout(args);
      std::_Exit(kExitTimeout);
    }
    if (!interrupted_at && StopOnSigint::interrupted()) interrupted_at = Clock::now();
    if (interrupted_at && Clock::now() - *interrupted_at >= kStopGrace) {
      if (display) display->finish();  // not reset: the runner may still be printing a shot through it
      std::fprintf(stderr, "qrt: interrupted: %s: the program made no runtime call within %lld ms of Ctrl-C; ended\n",
                   args.file.c_str(), static_cast<long long>(kStopGrace.count()));
      std::_Exit(kExitInterrupted);
    }
  }
  runner.join();
  display.reset();  // the bar goes before anything else is printed
  try {
    Outcome outcome = done.get();
    std::fwrite(outcome.out.data(), 1, outcome.out.size(), stdout);
    std::fflush(stdout);
    std::fputs(outcome.err.c_str(), stderr);
    return outcome.status;
  } catch (const StoppedError& e) {
    if (!StopOnSigint::interrupted()) throw;
    std::fprintf(stderr, "qrt: interrupted: %s: %s\n", args.file.c_str(), e.what());
    return kExitInterrupted;
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
                          {"path", program.lowered() ? "lowered" : "jit"}, {"shots", result.shots.size()}, {"histogram", histogram_json(result)}};
  boost::json::array messages;  // the program's messages (__quantum__rt__message), in shot order
  for (const auto& shot : result.shots)
    for (const auto& e : shot.events)
      if (e.kind == qir::EventKind::Message) messages.push_back(boost::json::string(e.value));
  if (!messages.empty()) doc["messages"] = std::move(messages);
  if (result.failed()) doc["error"] = "shot " + std::to_string(result.shots.size() - 1) + " failed: " + result.shots.back().error;
  doc["timings"] = {{"load_s", program.load_seconds()}, {"compile_s", program.compile_seconds()}, {"run_s", result.run_seconds}};
  return doc;
#endif
}

std::uint64_t qir_shots(const std::string& file, std::optional<std::uint64_t> requested, std::optional<std::uint64_t> device_shots) {
  if (requested && *requested == 0)
    throw UsageError("--shots 0 (an analytic run) applies to OpenQASM programs; " + file +
                     " is QIR, which runs shot by shot: give --shots 1 or more");
  if (requested) return *requested;
  return device_shots && *device_shots > 0 ? *device_shots : 1;
}

namespace {

void refuse_openqasm_only_options(const QirRunArgs& args) {
  std::string given;
  auto note = [&](bool set, const char* option) {
    if (set) given += (given.empty() ? "" : ", ") + std::string(option);
  };
  note(args.openqasm_only.probs, "--probs");
  note(args.openqasm_only.state, "--state");
  note(args.openqasm_only.expval, "--expval");
  note(args.openqasm_only.top, "--top");
  if (!given.empty())
    throw UsageError(given + (given.find(',') == std::string::npos ? " applies" : " apply") +
                     " to OpenQASM programs; " + args.file +
                     " is QIR, whose result is the output it records per shot (see -o json)");
}

}  // namespace

int run_qir(const QirRunArgs& given) {
  refuse_openqasm_only_options(given);
#ifndef QRT_HAVE_QIR
  std::fprintf(stderr, "qrt: error: %s is a QIR program (LLVM IR), but this qrt was built without the QIR front end "
                       "(it needs LLVM 19: Debian's llvm-19-dev)\n", given.file.c_str());
  return kExitError;
#else
  // The shots and seed this run uses, fixed here and reported.
  QirRunArgs args = given;
  const DeviceSettings device = [&] {
    RuntimeOptions options;
    if (args.isolate) options.isolate = true;  // only describe the plugin here, never load it
    Runtime runtime(options);
    return device_settings(runtime.resolve(args.device).second);
  }();
  args.shots = qir_shots(args.file, given.shots, device.shots);
  args.seed = effective_seed(given.seed, device);
  if (args.seed && !given.seed && !device.seed && args.output != "json")
    std::fprintf(stderr, "qrt: seed %llu (--seed %llu repeats this run)\n", static_cast<unsigned long long>(*args.seed),
                 static_cast<unsigned long long>(*args.seed));
  return run_in_process(args);
#endif
}

}  // namespace qrt::cli
