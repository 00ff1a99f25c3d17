// `qrt batch FILES|DIR --device CONFIG [--jobs N] [--shots N] [--seed S] [--param NAME=VALUES]...
//            [--output jsonl|json] [--stats]`
//
// Runs every circuit (every *.qasm under a folder, recursively, in path order) once per point of the
// parameter grid, on `--jobs` workers sharing pooled devices, and writes one JSON result per run in
// input order: JSON Lines (default) or one JSON document. Program i (file-major, then grid point) runs
// with seed derive_seed(S, i), so seeded results do not depend on --jobs.
//
// Progress goes to stderr: a bar with rate and ETA on a terminal, plain lines otherwise.
// Ctrl-C stops cleanly: running programs finish, queued ones are cancelled, every result so far is
// written (cancelled runs as "status": "cancelled"), devices go back to the pool, exit code 130.
// A second Ctrl-C ends the process at once. Exit code 1 when any run failed, else 0.
#include "json_text.hpp"
#include "batch_ranks.hpp"
#include "buffered_output.hpp"
#include "commands.hpp"
#include "effective_settings.hpp"
#include "exit_status.hpp"
#include "number_options.hpp"
#include "param_binding.hpp"
#include "parsed_file.hpp"
#include "mpi_launch.hpp"
#include "program_kind.hpp"
#include "run_catalyst.hpp"
#include "progress_line.hpp"
#include "run_qir.hpp"
#include "result_output.hpp"

#include <qrt/circuit_runner.hpp>
#include <qrt/executor.hpp>
#include <qrt/parameter_sweep.hpp>
#include <qrt/pool_policy.hpp>
#include <qrt/program/error.hpp>
#include <qrt/program/parameters.hpp>
#include <qrt/runtime.hpp>

#include <boost/json.hpp>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <csignal>
#include <exception>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <memory>
#include <thread>
#include <unistd.h>

namespace qrt::cli {
namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

struct BatchArgs {
  std::vector<std::string> inputs;
  std::string device = "statevector.qubit";
  std::size_t jobs = 0;
  std::optional<std::uint64_t> shots, seed;
  std::vector<std::string> params;
  std::string output = "jsonl";
  std::optional<std::size_t> top;  // unset: all 2^n probabilities (see result_output.hpp)
  bool stats = false;
  bool no_progress = false;
  bool isolate = false;  // run devices in worker processes
  std::optional<std::size_t> pool_max_inactive, pool_max_per_key;
  std::optional<std::string> pool_max_bytes;
  bool device_given = false;  // -d was given (Catalyst programs otherwise map their own devices)
};

// ---- Ctrl-C -----------------------------------------------------------------------------------------

std::atomic<bool> g_batch_interrupted{false};
static_assert(std::atomic<bool>::is_always_lock_free, "the SIGINT handler needs a lock-free flag");

extern "C" void on_sigint(int) { g_batch_interrupted.store(true); }

// Installs the handler for the scope; SA_RESETHAND makes a second Ctrl-C the default (terminate).
class SigintGuard {
 public:
  SigintGuard() {
    struct sigaction action {};
    action.sa_handler = on_sigint;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESETHAND;
    sigaction(SIGINT, &action, &previous_);
  }
  ~SigintGuard() { sigaction(SIGINT, &previous_, nullptr); }
  SigintGuard(const SigintGuard&) = delete;
  SigintGuard& operator=(const SigintGuard&) = delete;

 private:
  struct sigaction previous_ {};
};

// ---- Progress on stderr ------------------------------------------------------------------------------

// Throttles the shared progress line (progress_line.hpp) to the batch's loop.
class Progress {
 public:
  Progress(std::size_t total, bool enabled)
      : total_(total), enabled_(enabled), line_(stderr, ::isatty(STDERR_FILENO) == 1, "programs") {}

  void update(std::size_t done) {
    if (!enabled_) return;
    const auto now = Clock::now();
    // A bar redraws 10 times a second; plain lines (logs, pipes) once a second.
    if (now - last_ < (line_.terminal() ? std::chrono::milliseconds(100) : std::chrono::milliseconds(1000))) return;
    last_ = now;
    draw(done);
  }

  void finish(std::size_t done) {
    if (!enabled_) return;
    draw(done);
    line_.keep();
  }

 private:
  void draw(std::size_t done) { line_.draw(done, total_, std::chrono::duration<double>(Clock::now() - start_).count()); }

  std::size_t total_;
  bool enabled_;
  ProgressLine line_;
  Clock::time_point start_ = Clock::now(), last_{};
};

// ---- Inputs ------------------------------------------------------------------------------------------

std::vector<fs::path> circuit_files(const std::vector<std::string>& inputs) {
  std::vector<fs::path> files;
  for (const auto& input : inputs) {
    const fs::path path(input);
    if (!fs::is_directory(path)) {
      files.push_back(path);
      continue;
    }
    std::vector<fs::path> found;
    for (const auto& entry : fs::recursive_directory_iterator(path))
      if (entry.is_regular_file() && (entry.path().extension() == ".qasm" || entry.path().extension() == ".ll" ||
                                      entry.path().extension() == ".bc"))
        found.push_back(entry.path());
    if (found.empty()) throw Error(ErrorCode::NotFound, "no .qasm, .ll or .bc files under " + input);
    std::sort(found.begin(), found.end());
    files.insert(files.end(), found.begin(), found.end());
  }
  return files;
}

// ---- One run and its JSON ----------------------------------------------------------------------------

// What identifies run i in its output line, whatever its outcome.
struct RunLabel {
  std::size_t index;
  const fs::path* file;
  ParsedFile* parsed;  // the file's program (OpenQASM)
  ParameterBinding binding;
  std::optional<std::uint64_t> seed;  // derived from the batch's base seed (unset only under mpirun without one)
};

boost::json::object label_json(const RunLabel& label) {
  boost::json::object doc{{"index", label.index}, {"file", label.file->string()}};
  if (!label.binding.empty()) {
    boost::json::object params;
    for (const auto& [name, value] : label.binding) params[name] = value;
    doc["params"] = std::move(params);
  }
  if (label.seed) doc["seed"] = *label.seed;
  return doc;
}

// Runs on a worker: parse, run, and the result as JSON (serialising in parallel too).
boost::json::object run_one(const RunLabel& label, const BatchArgs& args, Device& device) {
  const ProgramKind kind = program_kind(*label.file);
  if (kind == ProgramKind::Catalyst) {
    if (!label.binding.empty()) throw Error(ErrorCode::InvalidArgument, "--param applies to OpenQASM programs, not to Catalyst programs");
    boost::json::object doc = label_json(label);
    const auto device_config = args.device_given ? std::optional<std::string>(args.device) : std::nullopt;
    for (auto& [key, value] : run_catalyst_for_batch(label.file->string(), device_config, args.shots, label.seed))
      doc[key] = std::move(value);
    return doc;
  }
  if (kind == ProgramKind::Qir) {
    // A compiled program drives its own pooled device, shot by shot, on this worker thread.
    if (!label.binding.empty()) throw Error(ErrorCode::InvalidArgument, "--param applies to OpenQASM programs, not to QIR");
    boost::json::object doc = label_json(label);
    const std::uint64_t shots = qir_shots(label.file->string(), args.shots, device.shots() > 0 ? std::optional(device.shots()) : std::nullopt);
    for (auto& [key, value] : run_qir_for_batch(label.file->string(), args.device, shots, label.seed, !args.seed))
      doc[key] = std::move(value);
    if (doc.at("status") == "error") throw Error(ErrorCode::FailedPrecondition, doc.at("error").as_string().c_str());
    return doc;
  }
  const auto [parsed, parse_seconds] = label.parsed->get();
  const program::Program& program = *parsed;

  RunOptions options;
  options.parameters = program::used_parameters(program, label.binding);  // a grid may name others' parameters
  options.shots = args.shots;
  options.seed = label.seed;
  options.seed_optional = !args.seed;  // a fresh base seed is reported, not asked for
  // Without shots there is nothing to sample: report the final-state probabilities, as `qrt run` does.
  options.probabilities = args.shots ? *args.shots == 0 : device.shots() == 0;
  const RunResult r = run_program(program, device, options);

  boost::json::object doc = label_json(label);
  doc["status"] = "ok";
  doc["qubits"] = program.num_qubits;
  doc["clbits"] = program.num_clbits;
  doc["gates"] = program.gate_count();
  doc["shots"] = r.shots;
  doc["dynamic"] = r.dynamic;
  if (r.shots > 0) {
    boost::json::object counts;
    for (const auto& [bits, c] : r.counts) counts[bits] = c;
    doc["counts"] = std::move(counts);
  }
  if (!r.probabilities.empty()) add_probabilities(doc, r.probabilities, program.num_qubits, args.top);
  if (!program.warnings.empty()) {
    boost::json::array warnings;
    for (const auto& w : program.warnings) warnings.push_back(boost::json::string(w.format()));
    doc["warnings"] = std::move(warnings);
  }
  doc["timings"] = {{"parse_s", parse_seconds}, {"lower_s", r.lower_seconds}, {"run_s", r.run_seconds}};
  return doc;
}

// The line of a run that produced no result.
BatchOutcome outcome_of_failure(const RunLabel& label, std::exception_ptr error) {
  boost::json::object doc = label_json(label);
  BatchOutcome::Status status = BatchOutcome::Status::Failed;
  try {
    std::rethrow_exception(error);
  } catch (const CancelledError&) {
    status = BatchOutcome::Status::Cancelled;
    doc["status"] = "cancelled";
  } catch (const std::exception& e) {
    doc["status"] = "error";
    doc["error"] = e.what();
  } catch (...) {
    doc["status"] = "error";
    doc["error"] = "an exception that is not a std::exception";
  }
  return {status, json_text(doc)};
}

// ---- The command -------------------------------------------------------------------------------------

struct Tally {
  std::size_t ok = 0, failed = 0, cancelled = 0;
  void count(BatchOutcome::Status status) {
    ++(status == BatchOutcome::Status::Ok ? ok : status == BatchOutcome::Status::Failed ? failed : cancelled);
  }
};

PoolPolicy pool_policy_of(const BatchArgs& args) {
  PoolPolicy policy;
  policy.max_inactive = args.pool_max_inactive;
  policy.max_inactive_per_key = args.pool_max_per_key;
  if (args.pool_max_bytes) policy.max_bytes = parse_byte_size(*args.pool_max_bytes, "--pool-max-bytes");
  return policy;
}

// Writes results as they come, in input order: one line each (jsonl), or one document streamed as
// {"device": ..., "results": [...], "summary": {...}} (json), never holding all results at once.
class ResultWriter {
 public:
  ResultWriter(const BatchArgs& args) : json_(args.output == "json") {
    if (json_) std::cout << "{\"device\":" << boost::json::serialize(boost::json::string(args.device)) << ",\"results\":[";
  }
  void write(const std::string& result) {
    if (json_) {
      std::cout << (first_ ? "" : ",") << result;
      first_ = false;
    } else {
      std::cout << result << '\n' << std::flush;  // a reader sees each result as it comes
    }
  }
  // -o json: closes the document with the summary and extra members (key, serialised value).
  void finish(const boost::json::object& summary, const std::vector<std::pair<std::string, std::string>>& extra) {
    if (json_) {
      std::cout << "],\"summary\":" << json_text(summary);
      for (const auto& [key, value] : extra) std::cout << ',' << boost::json::serialize(boost::json::string(key)) << ':' << value;
      std::cout << "}\n";
    }
    std::cout.flush();
    if (!std::cout) throw OutputError("writing the output failed; what was written is incomplete");
  }

 private:
  bool json_;
  bool first_ = true;
};

// Cancels the queue once Ctrl-C has been pressed.
void cancel_if_interrupted(Executor& executor) {
  if (g_batch_interrupted.load() && !executor.cancelled()) executor.cancel();
}

// Waits for a future, polling so that Ctrl-C cancels the queue and progress keeps moving. The flag is
// checked before every wait, not only when one times out: programs quicker than the poll interval would
// otherwise never see it, and the whole queue would run.
template <class Poll>
void wait_for(std::future<boost::json::object>& future, Executor& executor, Poll&& poll) {
  for (;;) {
    cancel_if_interrupted(executor);
    if (future.wait_for(std::chrono::milliseconds(100)) == std::future_status::ready) return;
    poll();
  }
}

BatchOutcome take(std::future<boost::json::object>& future, const RunLabel& label) {
  try {
    return {BatchOutcome::Status::Ok, json_text(future.get())};
  } catch (...) {
    return outcome_of_failure(label, std::current_exception());
  }
}

// Whether the device spans the ranks of an MPI job (capability "collective"): every rank must then make
// the same calls in the same order.
bool device_is_collective(Runtime& runtime, const std::string& device) {
  try {
    return runtime.resolve(device).first->capabilities().collective;
  } catch (const std::exception&) {
    return false;  // a config that does not resolve fails each program with its own error
  }
}

int batch(const BatchArgs& args) {
  std::vector<SweepAxis> axes;
  for (const auto& spec : args.params) axes.push_back(parse_sweep_axis(spec));
  const ParameterGrid grid(std::move(axes));
  const std::vector<fs::path> files = circuit_files(args.inputs);
  const std::size_t total = files.size() * grid.size();
  if (!grid.axes().empty()) {  // a --param that no program mentions is a misspelling, not a sweep
    std::vector<std::string> names, sources;
    for (const auto& axis : grid.axes()) names.push_back(axis.name);
    for (const auto& file : files) sources.push_back(read_source(file));
    require_params_used(names, sources);
  }

  RuntimeOptions runtime_options;
  runtime_options.pool = pool_policy_of(args);
  if (args.isolate) runtime_options.isolate = true;  // else $QRT_ISOLATE decides
  Runtime runtime(runtime_options);

  // The base seed: --seed, else the device's seed kwarg, else a fresh one, reported in the summary so that
  // the batch can be repeated. Under mpirun the ranks could not agree on a fresh one: then none, as before.
  std::optional<std::uint64_t> base_seed = args.seed;
  if (!base_seed) {
    DeviceSettings device;
    try {
      device = device_settings(runtime.resolve(args.device).second);
    } catch (const Error&) {
      // a config that does not resolve fails each program with its own error
    }
    base_seed = effective_seed(std::nullopt, device);
  }

  // Declared before the executor: its queued tasks refer to them until it is gone.
  std::vector<std::unique_ptr<ParsedFile>> parsed;
  for (const fs::path& file : files) parsed.push_back(std::make_unique<ParsedFile>(file));
  std::vector<RunLabel> labels;
  labels.reserve(total);
  for (std::size_t f = 0; f < files.size(); ++f)
    for (std::size_t p = 0; p < grid.size(); ++p) {
      const std::size_t i = labels.size();
      labels.push_back({i, &files[f], parsed[f].get(), grid.point(p),
                        base_seed ? std::optional(derive_seed(*base_seed, i)) : std::nullopt});
    }

  // Under mpirun: programs are split over the ranks, unless the device itself spans them; then every rank
  // runs every program, one at a time in the same order (two at once could pair different programs'
  // collectives across ranks), and rank 0 alone prints.
  const bool collective = launcher_rank() && device_is_collective(runtime, args.device);
  const BatchRanks ranks = collective ? BatchRanks() : BatchRanks::of_launch();
  std::size_t jobs = args.jobs;
  if (collective) {
    if (jobs > 1 && launcher_rank() == 0)
      std::fprintf(stderr, "qrt: note: --jobs 1: device '%s' spans every MPI rank, programs run one at a time\n", args.device.c_str());
    jobs = 1;
  }
  // From here on a rank that fails must take the job down with it, or the others wait forever.
  try {
    Executor executor(runtime, ExecutorOptions{jobs, 0, true});
    // Should anything below throw, the executor must not go on to run the whole queue before unwinding.
    struct CancelOnUnwind {
      Executor& executor;
      ~CancelOnUnwind() {
        if (std::uncaught_exceptions() > 0) executor.cancel();
      }
    } cancel_on_unwind{executor};
    std::vector<std::future<boost::json::object>> futures(total);

    g_batch_interrupted.store(false);
    SigintGuard sigint;
    const auto start = Clock::now();
    for (const RunLabel& label : labels)
      if (ranks.owns(label.index))
        futures[label.index] =
            executor.submit(args.device, [&label, &args](Device& device) { return run_one(label, args, device); });

    if (ranks.rank() != 0) {
      // Results go to rank 0 in this rank's index order, each as soon as it is done.
      for (const RunLabel& label : labels) {
        if (!ranks.owns(label.index)) continue;
        wait_for(futures[label.index], executor, [] {});
        ranks.send_to_zero(take(futures[label.index], label));
      }
      ranks.gather(to_json(runtime.pool_stats()));
      return ranks.agree_exit_status(kExitOk);
    }

    // With a device that spans the ranks every rank gets here; only the launcher's rank 0 reports.
    const bool reporting = launcher_rank().value_or(0) == 0;
    Progress progress(total, !args.no_progress && reporting);
    Tally tally;
    ResultWriter writer(args);
    std::size_t next = 0;  // results before it are written
    auto finished = [&] {  // including this rank's ones done out of order
      const ExecutorStats s = executor.stats();
      return std::min(total, std::max(next, static_cast<std::size_t>(s.succeeded + s.failed + s.cancelled) * static_cast<std::size_t>(ranks.size())));
    };
    // Results are written in input order, each as soon as it and all before it are done.
    while (next < total) {
      std::optional<BatchOutcome> outcome;
      if (ranks.owns(next)) {
        wait_for(futures[next], executor, [&] { progress.update(finished()); });
        outcome = take(futures[next], labels[next]);
      } else {
        while (!(outcome = ranks.try_receive(ranks.owner(next)))) {
          cancel_if_interrupted(executor);
          progress.update(finished());
          std::this_thread::sleep_for(std::chrono::milliseconds(2));
        }
      }
      tally.count(outcome->status);
      writer.write(outcome->json);
      ++next;
      progress.update(finished());
    }
    progress.finish(next);
    const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
    cancel_if_interrupted(executor);  // a Ctrl-C after the last result still reports as one
    const bool interrupted = executor.cancelled() || tally.cancelled > 0;
    const std::vector<std::string> pools = ranks.gather(to_json(runtime.pool_stats()));

    boost::json::object summary{{"programs", total},       {"ok", tally.ok},
                                {"failed", tally.failed},   {"cancelled", tally.cancelled},
                                {"interrupted", interrupted}, {"jobs", executor.workers()},
                                {"device_threads", executor.device_threads()}, {"seconds", seconds}};
    if (ranks.size() > 1) summary["ranks"] = ranks.size();
    if (base_seed) summary["seed"] = *base_seed;
    std::vector<std::pair<std::string, std::string>> extra;
    if (args.stats) {
      extra.emplace_back("pool", pools.front());
      if (ranks.size() > 1) {
        std::string by_rank = "[";
        for (std::size_t r = 0; r < pools.size(); ++r) by_rank += (r ? "," : "") + pools[r];
        extra.emplace_back("pool_by_rank", by_rank + "]");
      }
    }
    writer.finish(summary, extra);
    if (args.stats && reporting)
      for (std::size_t r = 0; r < pools.size(); ++r)
        std::cerr << "qrt: pool" << (ranks.size() > 1 ? " (rank " + std::to_string(r) + ")" : std::string()) << ' '
                  << pools[r] << '\n';
    if (reporting)
      std::fprintf(stderr, "qrt: %s%zu program%s in %.2f s (%.1f/s) on %zu worker%s%s: %zu ok, %zu failed, %zu cancelled%s\n",
                 interrupted ? "interrupted: " : "", total, total == 1 ? "" : "s", seconds,
                 seconds > 0 ? static_cast<double>(total) / seconds : 0.0, executor.workers(),
                 executor.workers() == 1 ? "" : "s",
                 ranks.size() > 1 ? (" x " + std::to_string(ranks.size()) + " ranks").c_str() : "",
                 tally.ok, tally.failed, tally.cancelled,
                 base_seed ? ("; seed " + std::to_string(*base_seed) + " (--seed repeats the batch)").c_str() : "");
    // 130 = 128 + SIGINT, as a shell reports a process Ctrl-C ended.
    return ranks.agree_exit_status(interrupted ? kExitInterrupted : tally.failed > 0 ? kExitError : kExitOk);
  } catch (const std::exception& e) {
    if (ranks.size() > 1) ranks.abort(e.what());
    throw;
  }
}

}  // namespace

Action add_batch_command(CLI::App& app) {
  auto* sub = app.add_subcommand("batch", "Run many OpenQASM 2.0 circuits or QIR programs (or a parameter sweep) in parallel");
  auto args = std::make_shared<BatchArgs>();
  sub->add_option("inputs", args->inputs,
                  "Program files (OpenQASM or QIR) and/or folders (every *.qasm, *.ll and *.bc below, recursively)")
      ->required()
      ->check(CLI::ExistingPath);
  auto* device = sub->add_option("-d,--device", args->device,
                                 "Device config string (default statevector.qubit; replaces a Catalyst program's own devices)");
  sub->add_option("-j,--jobs", args->jobs, "Programs run at once (default: one per core)")->check(whole_number(1));
  sub->add_option("-s,--shots", args->shots, "Shots (overrides the device's); 0 = analytic")->check(whole_number());
  sub->add_option("--seed", args->seed,
                  "Base seed; run i gets a seed derived from it and i (default: the device's seed, else a fresh one; "
                  "the summary reports it)")
      ->check(whole_number());
  sub->add_option("-p,--param", args->params,
                  "Sweep a free parameter: NAME=v1,v2,... or NAME=start:stop:count (values may use pi); "
                  "several --param make a grid");
  sub->add_option("-o,--output", args->output, "jsonl (one line per run, default) or json (one document)")
      ->check(CLI::IsMember({"jsonl", "json"}));
  sub->add_option("--top", args->top, "Keep the K most likely states of analytic runs (0 or unset: all 2^n; with K, each line says what was left out)")
      ->check(whole_number());
  sub->add_flag("--stats", args->stats, "Print the device pool's statistics (stderr; in the document with -o json)");
  sub->add_flag("--no-progress", args->no_progress, "Do not report progress on stderr");
  sub->add_flag("--isolate", args->isolate,
                "Run devices in separate worker processes: a crashing plugin fails its programs, not the batch "
                "(also: isolate=true in the config, or QRT_ISOLATE=1)");
  sub->add_option("--pool-max-inactive", args->pool_max_inactive,
                  "Idle device instances kept for reuse (0: create one per program; env QRT_POOL_MAX_INACTIVE)")
      ->check(whole_number());
  sub->add_option("--pool-max-per-key", args->pool_max_per_key,
                  "Idle instances kept per device config (env QRT_POOL_MAX_INACTIVE_PER_KEY)")
      ->check(whole_number());
  sub->add_option("--pool-max-bytes", args->pool_max_bytes,
                  "Memory idle instances may hold, e.g. 512M or 4G (env QRT_POOL_MAX_BYTES)");
  return [args, device] {
    args->device_given = device->count() > 0;
    return batch(*args);
  };
}

}  // namespace qrt::cli
